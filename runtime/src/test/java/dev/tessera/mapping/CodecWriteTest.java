package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link Codec#write} of every codec (and the unboxed writers generated code calls for
 * primitives) appends exactly the bytes that packing {@link Codec#encode}'s part appends, for edge
 * values of every type, and fails where encoding or packing fails, with the same exception and
 * message.
 */
class CodecWriteTest {
  private enum Colour { RED, GREEN }

  private record Pair(String name, int count) {}

  /** A codec and values of its type to write. */
  private record Case(String name, Codec<Object> codec, List<Object> values) {}

  @SuppressWarnings("unchecked")
  private static <V> Case of(String name, Codec<V> codec, V... values) {
    return new Case(name, (Codec<Object>) codec, Arrays.asList((Object[]) values));
  }

  private static final String SURROGATE = "bad\ud800";

  private static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    Boolean[] booleans = {true, false};
    cases.add(of("BOOLEAN", Codecs.BOOLEAN, booleans));
    cases.add(of("BOXED_BOOLEAN", Codecs.BOXED_BOOLEAN, true, false, null));
    cases.add(of("BYTE", Codecs.BYTE, Byte.MIN_VALUE, (byte) -1, (byte) 0, Byte.MAX_VALUE));
    cases.add(of("BOXED_BYTE", Codecs.BOXED_BYTE, Byte.MIN_VALUE, Byte.MAX_VALUE, null));
    cases.add(of("SHORT", Codecs.SHORT, Short.MIN_VALUE, (short) 0, Short.MAX_VALUE));
    cases.add(of("BOXED_SHORT", Codecs.BOXED_SHORT, Short.MIN_VALUE, (short) 300, null));
    cases.add(of("INT", Codecs.INT, Integer.MIN_VALUE, -1, 0, 255, 256, Integer.MAX_VALUE));
    cases.add(of("BOXED_INT", Codecs.BOXED_INT, Integer.MIN_VALUE, Integer.MAX_VALUE, null));
    Long[] longs = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -256L, -255L, -1L, 0L, 1L, 255L, 256L,
        1L << 56, Long.MAX_VALUE};
    cases.add(of("LONG", Codecs.LONG, longs));
    cases.add(of("BOXED_LONG", Codecs.BOXED_LONG, Long.MIN_VALUE, 0L, Long.MAX_VALUE, null));
    cases.add(of("CHAR", Codecs.CHAR, '\u0000', 'a', '\ud800', Character.MAX_VALUE));
    cases.add(of("BOXED_CHAR", Codecs.BOXED_CHAR, '\u0000', Character.MAX_VALUE, null));
    Float[] floats = {0.0f, -0.0f, Float.NaN, Float.intBitsToFloat(0xffc0_0001),
        Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, 1.5f};
    cases.add(of("FLOAT", Codecs.FLOAT, floats));
    cases.add(of("BOXED_FLOAT", Codecs.BOXED_FLOAT, -0.0f, Float.intBitsToFloat(0x7f80_0001), null));
    Double[] doubles = {0.0, -0.0, Double.NaN, Double.longBitsToDouble(0xfff0_0000_0000_0001L),
        Double.POSITIVE_INFINITY, Double.MIN_VALUE, -Double.MAX_VALUE, 1.5};
    cases.add(of("DOUBLE", Codecs.DOUBLE, doubles));
    cases.add(of("BOXED_DOUBLE", Codecs.BOXED_DOUBLE, -0.0, Double.longBitsToDouble(0x7ff0_0000_0000_0002L), null));
    cases.add(of("STRING", Codecs.STRING, "", "\u0000", "a\u0000b", "\u00e9t\u00e9",
        "\ud83d\ude00", "\uffff", "x".repeat(1000), null, SURROGATE, "\udc00"));
    cases.add(of("BYTES", Codecs.BYTES, new byte[0], new byte[] {0, (byte) 0xFF, 0}, null));
    cases.add(of("UUID", Codecs.UUID, new UUID(0, 0), new UUID(-1, Long.MIN_VALUE), null));
    cases.add(of("INSTANT", Codecs.INSTANT, Instant.MIN, Instant.EPOCH, Instant.ofEpochSecond(-1, 1),
        Instant.MAX, null));
    cases.add(of("LOCAL_DATE", Codecs.LOCAL_DATE, LocalDate.MIN, LocalDate.EPOCH, LocalDate.MAX, null));
    cases.add(of("LOCAL_DATE_TIME", Codecs.LOCAL_DATE_TIME, LocalDateTime.MIN, LocalDateTime.MAX, null));
    cases.add(of("LOCAL_TIME", Codecs.LOCAL_TIME, LocalTime.MIN, LocalTime.MAX, null));
    cases.add(of("OFFSET_DATE_TIME", Codecs.OFFSET_DATE_TIME,
        OffsetDateTime.of(2026, 5, 1, 12, 0, 0, 5, ZoneOffset.ofHours(-7)), OffsetDateTime.MIN, null));
    cases.add(of("DURATION", Codecs.DURATION, Duration.ofSeconds(-5, 3), Duration.ZERO,
        Duration.ofSeconds(Long.MIN_VALUE), Duration.ofSeconds(Long.MAX_VALUE, 999_999_999), null));
    cases.add(of("BIG_INTEGER", Codecs.BIG_INTEGER, BigInteger.ZERO, BigInteger.valueOf(Long.MIN_VALUE),
        BigInteger.ONE.shiftLeft(63), BigInteger.TEN.pow(300), BigInteger.ONE.shiftLeft(255 * 8), null));
    cases.add(of("BIG_DECIMAL", Codecs.BIG_DECIMAL, new BigDecimal("-1.10E-400"), BigDecimal.ZERO,
        new BigDecimal(BigInteger.ONE.shiftLeft(63), Integer.MIN_VALUE),
        new BigDecimal(BigInteger.ONE.shiftLeft(255 * 8).negate(), 3), null));
    cases.add(of("enum", Codecs.enumOf(Colour.class), Colour.RED, Colour.GREEN, null));
    cases.add(of("optional", Codecs.optional(Codecs.STRING), Optional.of("x\u0000"), Optional.of(SURROGATE),
        Optional.empty(), null));
    cases.add(of("optional int", Codecs.optional(Codecs.INT), Optional.of(Integer.MIN_VALUE), Optional.empty()));
    cases.add(of("list", Codecs.list(Codecs.STRING), List.of(), List.of("", "\u0000"),
        Arrays.asList("a", null), List.of("ok", SURROGATE), null));
    cases.add(of("set", Codecs.set(Codecs.LONG), Set.of(), new LinkedHashSet<>(List.of(3L, 1L)), null));
    Map<String, Double> map = new LinkedHashMap<>();
    map.put("k", Double.NaN);
    map.put("", -0.0);
    cases.add(of("map", Codecs.map(Codecs.STRING, Codecs.DOUBLE), map, Map.of(), null));
    cases.add(of("record", Codecs.<Pair>record("Pair", 2,
        pair -> Tuple.of(Codecs.STRING.encode(pair.name()), Codecs.INT.encode(pair.count())),
        parts -> new Pair(Codecs.STRING.decode(parts.get(0)), Codecs.INT.decode(parts.get(1)))),
        new Pair("a", 1), new Pair(null, -1), new Pair(SURROGATE, 0), null));
    // primitives given null: write unboxes where encode unboxes, with the same message
    cases.add(of("LONG null", Codecs.LONG, (Long) null));
    cases.add(of("DOUBLE null", Codecs.DOUBLE, (Double) null));
    cases.add(of("CHAR null", Codecs.CHAR, (Character) null));
    cases.add(of("BOOLEAN null", Codecs.BOOLEAN, (Boolean) null));
    return cases;
  }

  @Test
  void writeAppendsWhatPackingTheEncodedPartAppends() {
    int written = 0;
    int rejected = 0;
    for (Case c : cases()) {
      for (Object value : c.values()) {
        String what = c.name() + " writing " + value;
        Object expected = outcome(() -> Tuple.packOf(7L, c.codec().encode(value), "next"));
        Object actual = outcome(() -> {
          try (TupleWriter parts = TupleWriter.open()) {
            parts.addLong(7);
            c.codec().write(parts, value);
            parts.addString("next");
            return parts.toByteArray();
          }
        });
        assertThat(actual).as(what).isEqualTo(expected);
        if (expected instanceof String) {
          rejected++;
        } else {
          written++;
        }
      }
    }
    assertThat(written).isGreaterThan(100);
    // the strings with unpaired surrogates (alone, in an optional, a list and a record), the
    // BigInteger and BigDecimal of 256 bytes and the primitives given null
    assertThat(rejected).isEqualTo(11);
  }

  @Test
  void unboxedWritersWriteWhatTheirCodecWrites() {
    assertUnboxed(Codecs.BOOLEAN, Codecs::writeBoolean, true, false);
    assertUnboxed(Codecs.BYTE, Codecs::writeByte, Byte.MIN_VALUE, (byte) 0, Byte.MAX_VALUE);
    assertUnboxed(Codecs.SHORT, Codecs::writeShort, Short.MIN_VALUE, (short) 0, Short.MAX_VALUE);
    assertUnboxed(Codecs.INT, Codecs::writeInt, Integer.MIN_VALUE, 0, Integer.MAX_VALUE);
    assertUnboxed(Codecs.LONG, Codecs::writeLong, Long.MIN_VALUE, -1L, 0L, Long.MAX_VALUE);
    assertUnboxed(Codecs.CHAR, Codecs::writeChar, '\u0000', '\ud800', Character.MAX_VALUE);
    assertUnboxed(Codecs.FLOAT, Codecs::writeFloat, -0.0f, Float.NaN, Float.intBitsToFloat(0xffc0_0001));
    assertUnboxed(Codecs.DOUBLE, Codecs::writeDouble, -0.0, Double.NaN,
        Double.longBitsToDouble(0xfff0_0000_0000_0001L), Double.MAX_VALUE);
  }

  @SafeVarargs
  private static <V> void assertUnboxed(Codec<V> codec, BiConsumer<TupleWriter, V> unboxed, V... values) {
    for (V value : values) {
      try (TupleWriter parts = TupleWriter.open()) {
        unboxed.accept(parts, value);
        assertThat(parts.toByteArray()).as("%s", value).isEqualTo(Tuple.packOf(codec.encode(value)));
      }
    }
  }

  /** The packing, or the exception's class and message. */
  private static Object outcome(Supplier<byte[]> pack) {
    try {
      return new Bytes(pack.get());
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  /** A byte array compared by content. */
  private record Bytes(byte[] bytes) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Bytes other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
      return Arrays.toString(bytes);
    }
  }
}
