package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link TupleWriter} packs exactly what {@link Tuple#pack} and {@link Tuple#packOf} pack for the
 * same parts, through its typed and its generic methods, whatever its buffer held before, and
 * rejects exactly the parts they reject, with the same exception and message.
 */
class TupleWriterTest {

  @Provide
  Arbitrary<List<Object>> partLists() {
    // parts before normalisation: Integer, Short, Byte, small BigIntegers, byte[] among them
    return TupleArbitraries.parts(0).list().ofMaxSize(8);
  }

  @Property(tries = 5000)
  void typedPartsPackAsTupleDoes(@ForAll("partLists") List<Object> parts) {
    byte[] expected = Tuple.fromList(parts).pack();
    assertThat(Tuple.packOf(parts.toArray())).isEqualTo(expected);
    try (TupleWriter writer = TupleWriter.open()) {
      for (Object part : parts) {
        addTyped(writer, part);
      }
      assertThat(writer.size()).isEqualTo(parts.size());
      assertThat(writer.packedSize()).isEqualTo(expected.length);
      assertThat(writer.toByteArray()).as("%s", parts).isEqualTo(expected);
    }
  }

  @Property(tries = 5000)
  void genericPartsPackAsTupleDoes(@ForAll("partLists") List<Object> parts) {
    try (TupleWriter writer = TupleWriter.open()) {
      for (Object part : parts) {
        writer.add(part);
      }
      assertThat(writer.toByteArray()).as("%s", parts).isEqualTo(Tuple.packOf(parts.toArray()));
    }
  }

  @Provide
  Arbitrary<Tuple> tuples() {
    return TupleArbitraries.tuples();
  }

  @Property(tries = 5000)
  void nestedTuplesWrittenInPlacePackAsTupleDoes(@ForAll("tuples") Tuple tuple) {
    try (TupleWriter writer = TupleWriter.open()) {
      writeInPlace(writer, tuple);
      assertThat(writer.size()).isEqualTo(tuple.size());
      assertThat(writer.toByteArray()).as("%s", tuple).isEqualTo(tuple.pack());
    }
  }

  /** Appends the parts of {@code tuple}, each nested tuple between beginNested and endNested. */
  private static void writeInPlace(TupleWriter writer, Tuple tuple) {
    for (int i = 0; i < tuple.size(); i++) {
      Object part = tuple.get(i);
      if (part instanceof Tuple) {
        writer.beginNested();
        writeInPlace(writer, (Tuple) part);
        writer.endNested();
      } else {
        addTyped(writer, part);
      }
    }
  }

  @Test
  void nestingIsCheckedAsTupleChecksIt() {
    // (1, deepest) is as deep as a tuple may be: 64 levels of nested tuples, the innermost (null, "x")
    Tuple nested = Tuple.of(null, "x");
    for (int i = 1; i < Tuple.MAX_NESTING_DEPTH; i++) {
      nested = Tuple.of(nested);
    }
    Tuple deepest = nested;
    try (TupleWriter writer = TupleWriter.open()) {
      writer.addLong(1);
      for (int i = 0; i < Tuple.MAX_NESTING_DEPTH; i++) {
        writer.beginNested();
      }
      assertThatThrownBy(writer::beginNested).isInstanceOf(InvalidTuplePartException.class)
          .hasMessage(catchOf(() -> Tuple.of(Tuple.of(deepest))).getMessage());
      writer.addNull();
      writer.addString("x");
      assertThatThrownBy(writer::toByteArray).isInstanceOf(IllegalStateException.class);
      for (int i = 0; i < Tuple.MAX_NESTING_DEPTH; i++) {
        writer.endNested();
      }
      assertThatThrownBy(writer::endNested).isInstanceOf(IllegalStateException.class)
          .hasMessage("no nested tuple was begun");
      assertThat(writer.size()).isEqualTo(2);
      assertThat(writer.toByteArray()).isEqualTo(Tuple.of(1L, deepest).pack());
    }
    // a bad part in a nested tuple is named by its index there, as building that tuple names it
    Throwable expected = catchOf(() -> Tuple.of(5L, Tuple.of(null, "ok", "\ud800")));
    try (TupleWriter writer = TupleWriter.open()) {
      writer.addLong(5);
      writer.beginNested();
      writer.add(null);
      writer.addString("ok");
      assertThatThrownBy(() -> writer.addString("\ud800")).isInstanceOf(expected.getClass())
          .hasMessage(expected.getMessage());
    }
  }

  /** Appends {@code part} through the writer's method for its type, or {@code add} if none. */
  private static void addTyped(TupleWriter writer, Object part) {
    if (part == null) {
      writer.addNull();
    } else if (part instanceof Long || part instanceof Integer || part instanceof Short
        || part instanceof Byte) {
      writer.addLong(((Number) part).longValue());
    } else if (part instanceof String) {
      writer.addString((String) part);
    } else if (part instanceof byte[]) {
      writer.addBytes((byte[]) part);
    } else if (part instanceof Double) {
      writer.addDouble((Double) part);
    } else if (part instanceof Float) {
      writer.addFloat((Float) part);
    } else if (part instanceof Boolean) {
      writer.addBoolean((Boolean) part);
    } else if (part instanceof UUID) {
      writer.addUuid((UUID) part);
    } else {
      writer.add(part); // BigInteger, Versionstamp, nested Tuple
    }
  }

  @Test
  void edgeValuesPackAsTupleDoes() {
    List<Object> parts = new ArrayList<>(Arrays.asList(
        null, "", "\u0000", "a\u0000b", "\u00e9", "\u20ac", "\ud83d\ude00", "\uffff\u0000\ud800\udc00",
        Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 255L, -256L, Integer.MIN_VALUE, (short) -1, (byte) 7,
        -0.0, 0.0, Double.NaN, Double.longBitsToDouble(0x7ff0_0000_0000_0001L), -Double.NaN,
        Double.NEGATIVE_INFINITY, -0.0f, Float.NaN, Float.intBitsToFloat(0xffc0_0001), Float.MAX_VALUE,
        true, false, new byte[0], new byte[] {0}, new byte[] {(byte) 0xFF, 0, 0, (byte) 0xFF},
        new UUID(0, 0), new UUID(-1, Long.MIN_VALUE), Versionstamp.of(-1, 0xFFFF),
        BigInteger.ONE.shiftLeft(63), BigInteger.ONE.shiftLeft(64).negate(), BigInteger.valueOf(-5),
        BigInteger.ONE.shiftLeft(255 * 8).subtract(BigInteger.ONE),
        Tuple.of(), Tuple.of((Object) null), Tuple.of(Tuple.of(null, "x\u0000"), new byte[] {0})));
    byte[] expected = Tuple.fromList(parts).pack();
    try (TupleWriter typed = TupleWriter.open()) {
      parts.forEach(part -> addTyped(typed, part));
      assertThat(typed.toByteArray()).isEqualTo(expected);
    }
    try (TupleWriter generic = TupleWriter.open()) {
      parts.forEach(generic::add);
      assertThat(generic.toByteArray()).isEqualTo(expected);
    }
  }

  @Test
  void partsLongerThanTheBufferGrowItAndAnOpenWriterStartsEmpty() {
    char[] chars = new char[40_000];
    Arrays.fill(chars, '\u20ac'); // three bytes each: past the retained capacity
    String big = new String(chars);
    byte[] zeros = new byte[30_000]; // each escaped to two bytes
    for (int round = 0; round < 3; round++) {
      try (TupleWriter writer = TupleWriter.open()) {
        writer.addLong(round);
        writer.addString(big);
        writer.addBytes(zeros);
        writer.add(Tuple.of(big, zeros));
        assertThat(writer.toByteArray())
            .isEqualTo(Tuple.of((long) round, big, zeros, Tuple.of(big, zeros)).pack());
      }
      try (TupleWriter writer = TupleWriter.open()) {
        writer.addString("small");
        assertThat(writer.toByteArray()).isEqualTo(Tuple.of("small").pack());
      }
    }
  }

  @Test
  void partsEndingAtOrJustPastTheBuffersEndPackAsTupleDoes() {
    // a prefix filling the buffer to just below, at and past its first two sizes, then a part whose
    // packing is as long as it can be for its length: three-byte chars, escaped zero bytes
    for (int prefix = 180; prefix < 560; prefix++) {
      if (prefix == 300) {
        prefix = 470;
      }
      for (int n = 0; n < 40; n++) {
        byte[] filler = new byte[prefix];
        String euros = "\u20ac".repeat(n);
        byte[] zeros = new byte[n];
        String mixed = "\ud83d\ude00\u0000\u07ff".repeat(n / 4 + 1);
        try (TupleWriter writer = TupleWriter.open()) {
          writer.addBytes(filler);
          writer.addString(euros);
          writer.addBytes(filler);
          writer.addBytes(zeros);
          writer.addBytes(filler);
          writer.addString(mixed);
          assertThat(writer.toByteArray()).as("prefix %d, n %d", prefix, n)
              .isEqualTo(Tuple.of(filler, euros, filler, zeros, filler, mixed).pack());
        }
      }
    }
  }

  @Test
  void aWriterOpenedWhileTheThreadsWriterIsOpenIsAnotherOne() {
    try (TupleWriter outer = TupleWriter.open()) {
      outer.addString("outer");
      try (TupleWriter inner = TupleWriter.open()) {
        assertThat(inner).isNotSameAs(outer);
        inner.addLong(1);
        assertThat(inner.toByteArray()).isEqualTo(Tuple.of(1L).pack());
      }
      outer.addLong(2);
      assertThat(outer.toByteArray()).isEqualTo(Tuple.of("outer", 2L).pack());
    }
  }

  @Test
  void theResultIsTheCallersAndAClosedWriterRefusesWork() {
    TupleWriter writer = TupleWriter.open();
    writer.addString("a");
    byte[] first = writer.toByteArray();
    writer.close();
    try (TupleWriter next = TupleWriter.open()) {
      next.addString("b");
      next.toByteArray();
    }
    assertThat(first).isEqualTo(Tuple.of("a").pack());
    assertThatThrownBy(() -> writer.addLong(1)).isInstanceOf(IllegalStateException.class)
        .hasMessage("the tuple writer is closed");
    assertThatThrownBy(writer::toByteArray).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void badPartsFailAsPackOfFailsNamingTheirIndex() {
    Tuple deep = Tuple.of();
    for (int i = 0; i < Tuple.MAX_NESTING_DEPTH; i++) {
      deep = Tuple.of(deep);
    }
    List<Object> badParts = List.of("ok\ud800", "\udc00x", new StringBuilder("x"), new Object(),
        BigInteger.ONE.shiftLeft(255 * 8), deep);
    for (int index = 0; index < 3; index++) {
      for (Object bad : badParts) {
        Object[] parts = new Object[index + 1];
        Arrays.fill(parts, 5L);
        parts[index] = bad;
        Throwable expected = catchOf(() -> Tuple.packOf(parts));
        assertThat(expected).as("%s", bad).isNotNull();
        try (TupleWriter writer = TupleWriter.open()) {
          for (int i = 0; i < index; i++) {
            writer.addLong(5);
          }
          Throwable generic = catchOf(() -> writer.add(bad));
          assertThat(generic).as("%s", bad).isInstanceOf(expected.getClass())
              .hasMessage(expected.getMessage());
          if (bad instanceof String) {
            Throwable typed = catchOf(() -> writer.addString((String) bad));
            assertThat(typed).isInstanceOf(expected.getClass()).hasMessage(expected.getMessage());
            assertThat(((InvalidTuplePartException) typed).partIndex()).isEqualTo(index);
          }
          // a rejected part leaves the parts before it
          assertThat(writer.toByteArray()).isEqualTo(Tuple.packOf(Arrays.copyOf(parts, index)));
        }
      }
    }
  }

  private static Throwable catchOf(Runnable action) {
    try {
      action.run();
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }
}
