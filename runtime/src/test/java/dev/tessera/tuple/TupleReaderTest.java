package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.Function;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link TupleReader} agrees with {@link Tuple#unpack}: every part it reads, generic or typed, is
 * the part unpack gives, and it fails (with {@link TupleDecodingException}) wherever unpack fails
 * or the part has another type than the one asked for.
 */
class TupleReaderTest {

  @Provide
  Arbitrary<Tuple> tuples() {
    return TupleArbitraries.tuples();
  }

  @Property(tries = 3000)
  void readingEveryPartGivesTheUnpackedParts(@ForAll("tuples") Tuple tuple) {
    TupleReader parts = TupleReader.of(tuple.pack());
    for (int i = 0; i < tuple.size(); i++) {
      assertThat(parts.hasNext()).isTrue();
      Object expected = tuple.get(i);
      Object typed = typed(parts, expected);
      assertThat(typed).as("part %d of %s", i, tuple).isEqualTo(expected);
    }
    assertThat(parts.hasNext()).isFalse();
    parts.requireEnd();
    assertThatThrownBy(parts::next).isInstanceOf(TupleDecodingException.class);
  }

  /**
   * The thread's reader, opened for one value after another, reads each as a new reader would,
   * wherever the last use stopped; one opened while it is open is another reader.
   */
  @Property(tries = 1000)
  void theThreadsReaderReadsEachValueItIsOpenedForFromItsStart(
      @ForAll("tuples") Tuple first, @ForAll("tuples") Tuple second) {
    TupleReader reused;
    try (TupleReader parts = TupleReader.open(first.pack())) {
      reused = parts;
      if (first.size() > 0) {
        parts.next(); // stopped part way, or at the end of a one-part value
      }
      try (TupleReader inner = TupleReader.open(second.pack())) {
        assertThat(inner).as("opened while the thread's reader is open").isNotSameAs(parts);
        assertParts(inner, second);
      }
    }
    try (TupleReader parts = TupleReader.open(second.pack())) {
      assertThat(parts).as("the thread's reader again").isSameAs(reused);
      assertParts(parts, second);
    }
    assertThatThrownBy(() -> TupleReader.open(null)).isInstanceOf(NullPointerException.class);
  }

  private static void assertParts(TupleReader parts, Tuple expected) {
    for (int i = 0; i < expected.size(); i++) {
      assertThat(parts.next()).as("part %d of %s", i, expected).isEqualTo(expected.get(i));
    }
    assertThat(parts.hasNext()).isFalse();
    parts.requireEnd();
  }

  /** Reads the next part with the typed method for {@code expected}'s type, else generically. */
  private static Object typed(TupleReader parts, Object expected) {
    if (expected == null) {
      assertThat(parts.skipNull()).isTrue();
      return null;
    }
    assertThat(parts.skipNull()).isFalse();
    if (expected instanceof Long) {
      return parts.nextLong();
    } else if (expected instanceof String) {
      return parts.nextString();
    } else if (expected instanceof byte[]) {
      return parts.nextBytes();
    } else if (expected instanceof Double) {
      return parts.nextDouble();
    } else if (expected instanceof Float) {
      return parts.nextFloat();
    } else if (expected instanceof Boolean) {
      return parts.nextBoolean();
    } else if (expected instanceof UUID) {
      return parts.nextUuid();
    }
    return parts.next();
  }

  @Property(tries = 3000)
  void aTypedReadOfAnotherTypeFailsAndLeavesTheReaderWhereItWas(
      @ForAll("tuples") Tuple tuple) {
    byte[] packed = tuple.pack();
    for (int i = 0; i < tuple.size(); i++) {
      Object part = tuple.get(i);
      for (Function<TupleReader, Object> read : TYPED_READS) {
        TupleReader parts = TupleReader.of(packed);
        for (int j = 0; j < i; j++) {
          parts.next();
        }
        Object value;
        try {
          value = read.apply(parts);
        } catch (TupleDecodingException otherType) {
          assertThat(parts.next()).as("part %d of %s after a failed read", i, tuple).isEqualTo(part);
          continue;
        }
        assertThat(value).as("part %d of %s", i, tuple).isEqualTo(part);
      }
    }
  }

  private static final java.util.List<Function<TupleReader, Object>> TYPED_READS =
      java.util.List.of(
          TupleReader::nextLong,
          TupleReader::nextString,
          TupleReader::nextBytes,
          TupleReader::nextDouble,
          TupleReader::nextFloat,
          TupleReader::nextBoolean,
          TupleReader::nextUuid);

  @Test
  void integersBeyondTheLongRangeAreNotLongs() {
    BigInteger[] beyond = {
      BigInteger.ONE.shiftLeft(63),
      BigInteger.ONE.shiftLeft(63).negate().subtract(BigInteger.ONE),
      BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE),
      BigInteger.ONE.shiftLeft(64).negate().add(BigInteger.ONE),
      BigInteger.ONE.shiftLeft(300)
    };
    for (BigInteger big : beyond) {
      TupleReader parts = TupleReader.of(Tuple.of(big).pack());
      assertThatThrownBy(parts::nextLong).as("%s", big).isInstanceOf(TupleDecodingException.class);
    }
    long[] edges = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L << 56, -(1L << 56) - 1, -256, -255, -1, 0,
        1, 255, 256, 1L << 56, Long.MAX_VALUE - 1, Long.MAX_VALUE};
    for (long edge : edges) {
      assertThat(TupleReader.of(Tuple.of(edge).pack()).nextLong()).isEqualTo(edge);
    }
  }

  @Test
  void damagedPackingsFailAsUnpackFails() {
    int failures = 0;
    for (byte[] damaged : TupleArbitraries.damagedPackings(5, 20_000)) {
      boolean unpacks;
      try {
        Tuple.unpack(damaged);
        unpacks = true;
      } catch (TupleDecodingException e) {
        unpacks = false;
        failures++;
      }
      boolean reads;
      try {
        TupleReader parts = TupleReader.of(damaged);
        while (parts.hasNext()) {
          parts.next();
        }
        reads = true;
      } catch (TupleDecodingException e) {
        reads = false;
      }
      assertThat(reads).as("reading %s", Arrays.toString(damaged)).isEqualTo(unpacks);
    }
    assertThat(failures).as("most damaged packings fail").isGreaterThan(5_000);
  }
}
