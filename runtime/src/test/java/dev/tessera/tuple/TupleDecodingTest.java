package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TupleDecodingTest {

  private static byte[] hex(String hex) {
    String digits = hex.replace(" ", "");
    byte[] out = new byte[digits.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  @Test
  void hundredThousandRandomTruncatedAndMutatedInputsEitherDecodeCanonicallyOrFailWithDecodingException() {
    List<byte[]> valid = TupleArbitraries.tuples().sampleStream().limit(1000).map(Tuple::pack)
        .collect(Collectors.toList());
    byte[] alphabet = hex("00 ff 01 02 05 0b 0c 13 14 15 1c 1d 20 21 26 27 30 33 80 bf c2 e0 ed f0 f4 fe");
    Random random = new Random(20261123);
    int[] outcomes = new int[2];
    for (byte[] warmUp : List.of(valid.get(0), hex("05 ff"), hex("02 61"))) {
      decodeOutcome(warmUp, Long.MAX_VALUE); // loads the classes decoding uses, outside the bounds
    }
    // "Decoding garbage never loops or allocates hugely" is checked by bounds that machine load
    // cannot break: each case may allocate at most 1 KiB per input byte plus 1 MiB (counted per
    // thread, so other work on the machine does not count; a decoder trusting a length or
    // looping while allocating goes far past it), and the wall-clock bound is there
    // only to end an endless loop, which no finite bound misses; the cases take about a second on
    // an idle machine, so five minutes leaves any load far behind.
    assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
      for (int i = 0; i < 100_000; i++) {
        byte[] input;
        switch (i % 4) {
          case 0:
            input = new byte[random.nextInt(33)];
            random.nextBytes(input);
            break;
          case 1:
            input = new byte[random.nextInt(41)];
            for (int j = 0; j < input.length; j++) {
              input[j] = alphabet[random.nextInt(alphabet.length)];
            }
            break;
          case 2:
            byte[] source = valid.get(random.nextInt(valid.size()));
            input = Arrays.copyOf(source, random.nextInt(source.length + 1));
            break;
          default:
            input = mutate(valid.get(random.nextInt(valid.size())), random, alphabet);
        }
        outcomes[decodeOutcome(input, 1024L * input.length + (1 << 20))]++;
      }
    });
    // Both outcomes must really occur, or the inputs were not testing anything.
    assertThat(outcomes[0]).isGreaterThan(1000);
    assertThat(outcomes[1]).isGreaterThan(1000);
    // Validating builds nothing: decoding the same inputs allocates their parts.
    assertThat(validated[1] / validated[0]).as("bytes per validation").isLessThanOrEqualTo(VALIDATE_ALLOCATION);
  }

  /**
   * 0 if the input decodes (and then packs back to itself), 1 if it fails with the decoding
   * exception; either way after allocating at most {@code maxBytes} while decoding.
   */
  private static int decodeOutcome(byte[] input, long maxBytes) {
    Tuple decoded;
    long before = ALLOCATIONS.getCurrentThreadAllocatedBytes();
    try {
      decoded = Tuple.unpack(input);
    } catch (TupleDecodingException e) {
      assertAllocatedAtMost(before, maxBytes, input);
      assertThat(e.offset()).isBetween(0, input.length);
      assertThat(e.getMessage()).contains("offset " + e.offset());
      // validate fails exactly where unpack fails, saying the same
      assertThatThrownBy(() -> Tuple.validate(input)).isInstanceOfSatisfying(TupleDecodingException.class,
          v -> assertThat(v.getMessage()).isEqualTo(e.getMessage()));
      return 1;
    }
    assertAllocatedAtMost(before, maxBytes, input);
    assertThat(decoded.pack()).as("repacking %s", decoded).isEqualTo(input);
    long beforeValidate = ALLOCATIONS.getCurrentThreadAllocatedBytes();
    Tuple.validate(input);
    validated[0]++;
    validated[1] += ALLOCATIONS.getCurrentThreadAllocatedBytes() - beforeValidate;
    return 0;
  }

  /**
   * Valid inputs validated, and the bytes that allocated. The average is checked, not each call: a
   * single call may be charged for the JVM's own work (a class initialised, a frame deoptimised).
   */
  private static final long[] validated = new long[2];

  /**
   * What validating a valid input may allocate on average: nothing (a thread reuses its validating
   * decoder, also after a validation that failed); a decoder object per call would be 32 bytes.
   */
  private static final long VALIDATE_ALLOCATION = 8;

  private static final com.sun.management.ThreadMXBean ALLOCATIONS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private static void assertAllocatedAtMost(long before, long maxBytes, byte[] input) {
    long allocated = ALLOCATIONS.getCurrentThreadAllocatedBytes() - before;
    if (allocated > maxBytes) {
      throw new AssertionError("decoding " + input.length + " bytes allocated " + allocated
          + " bytes, more than " + maxBytes + ": " + Arrays.toString(input));
    }
  }

  private static byte[] mutate(byte[] source, Random random, byte[] alphabet) {
    if (source.length == 0) {
      return new byte[] {alphabet[random.nextInt(alphabet.length)]};
    }
    int at = random.nextInt(source.length);
    byte b = random.nextBoolean() ? alphabet[random.nextInt(alphabet.length)] : (byte) random.nextInt();
    switch (random.nextInt(3)) {
      case 0: {
        byte[] out = source.clone();
        out[at] = b;
        return out;
      }
      case 1: {
        byte[] out = new byte[source.length + 1];
        System.arraycopy(source, 0, out, 0, at);
        out[at] = b;
        System.arraycopy(source, at, out, at + 1, source.length - at);
        return out;
      }
      default: {
        byte[] out = new byte[source.length - 1];
        System.arraycopy(source, 0, out, 0, at);
        System.arraycopy(source, at + 1, out, at, source.length - at - 1);
        return out;
      }
    }
  }

  @Test
  void deepNestingIsRejectedWithoutStackOverflow() {
    byte[] bomb = new byte[1_000_000];
    Arrays.fill(bomb, (byte) 0x05);
    assertThatThrownBy(() -> Tuple.unpack(bomb))
        .isInstanceOf(TupleDecodingException.class)
        .hasMessageContaining("nested deeper than 64");
  }

  @Test
  void nestingUpToTheLimitRoundTripsAndOneMoreIsRejectedOnBothSides() {
    Tuple deepest = Tuple.of("leaf");
    for (int i = 0; i < Tuple.MAX_NESTING_DEPTH; i++) {
      deepest = Tuple.of(deepest);
    }
    assertThat((Object) Tuple.unpack(deepest.pack())).isEqualTo(deepest);
    Tuple limit = deepest;
    assertThatThrownBy(() -> Tuple.of(limit))
        .isInstanceOf(InvalidTuplePartException.class)
        .hasMessageContaining("nested deeper than 64");
    byte[] tooDeep = new byte[deepest.packedSize() + 2];
    tooDeep[0] = 0x05;
    deepest.packInto(tooDeep, 1);
    assertThatThrownBy(() -> Tuple.unpack(tooDeep)).isInstanceOf(TupleDecodingException.class)
        .hasMessageContaining("nested deeper than 64");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "02 61",                    // string without terminator
      "01 00 ff",                 // byte string whose only 0x00 is an escape
      "05 02 61 00",              // nested tuple without terminator
      "02 c0 80 00",              // overlong U+0000
      "02 ed a0 80 00",           // UTF-8-encoded surrogate
      "02 f4 90 80 80 00",        // above U+10FFFF
      "02 f5 80 80 80 00",        // invalid lead byte
      "02 e2 82 00",              // truncated sequence, terminator inside it
      "02 80 00",                 // stray continuation byte
      "02 ff 00",                 // 0xFF is never UTF-8
      "15 00",                    // non-canonical positive integer (leading zero)
      "13 ff",                    // non-canonical negative integer (leading 0xff)
      "16 01",                    // integer cut short
      "1d 08 01 02 03 04 05 06 07 08",  // long form for an 8-byte integer
      "1d 09 00 01 02 03 04 05 06 07 08", // long form with leading zero
      "1d ff 01",                 // 255-byte claim, 1 byte present
      "0b 00 01",                 // negative 255-byte claim, 1 byte present
      "1d",                       // no length byte
      "20 00 00",                 // float cut short
      "21 00",                    // double cut short
      "30 00 01",                 // UUID cut short
      "33 00 00 00 00 00 00 00 01 00 02 00", // versionstamp cut short
      "33 00 00 00 00 00 00 00 01 00 02 00 01", // non-zero user version
      "03", "04", "06", "0a", "1e", "1f", "22", "25", "28", "2f", "31", "32", "34", "fe", "ff",
      "00 ff",                    // 0x00 0xff is a null only inside a nested tuple
  })
  void rejectsInvalidPackings(String packed) {
    byte[] bytes = hex(packed);
    assertThatThrownBy(() -> Tuple.unpack(bytes))
        .isInstanceOf(TupleDecodingException.class)
        .hasMessageStartingWith("Invalid packed tuple at offset ");
    assertThatThrownBy(() -> Tuple.validate(bytes))
        .isInstanceOf(TupleDecodingException.class)
        .hasMessageStartingWith("Invalid packed tuple at offset ");
  }

  @Test
  void messagesSayWhatIsWrongAndWhere() {
    assertThatThrownBy(() -> Tuple.unpack(hex("02 61 00 02 ed a0 80 00")))
        .isInstanceOf(TupleDecodingException.class)
        .hasMessage("Invalid packed tuple at offset 5: malformed UTF-8 in string: unexpected byte 0xa0")
        .extracting(e -> ((TupleDecodingException) e).offset()).isEqualTo(5);
    assertThatThrownBy(() -> Tuple.unpack(hex("14 33 00 00 00 00 00 00 00 01 00 02 00 07")))
        .hasMessageContaining("offset 1")
        .hasMessageContaining("user version 7")
        .hasMessageContaining("always pack with user version 0");
    assertThatThrownBy(() -> Tuple.unpack(hex("14 42"))).hasMessage(
        "Invalid packed tuple at offset 1: unknown or unsupported type code 0x42");
  }

  @Test
  void decodesASliceAndReportsOffsetsInTheWholeArray() {
    byte[] packed = Tuple.of("a", 7).pack();
    byte[] framed = new byte[packed.length + 4];
    framed[0] = (byte) 0xEE;
    framed[1] = (byte) 0xEE;
    System.arraycopy(packed, 0, framed, 2, packed.length);
    framed[framed.length - 2] = (byte) 0xEE;
    framed[framed.length - 1] = (byte) 0xEE;
    assertThat((Object) Tuple.unpack(framed, 2, packed.length)).isEqualTo(Tuple.of("a", 7));
    assertThatThrownBy(() -> Tuple.unpack(framed, 2, packed.length + 1))
        .isInstanceOf(TupleDecodingException.class)
        .extracting(e -> ((TupleDecodingException) e).offset()).isEqualTo(2 + packed.length);
    assertThatThrownBy(() -> Tuple.unpack(framed, 3, framed.length))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void decodesIntegersAtTheLongBoundaryToTheRightType() {
    assertThat(Tuple.unpack(hex("1c 7f ff ff ff ff ff ff ff")).get(0)).isEqualTo(Long.MAX_VALUE);
    assertThat(Tuple.unpack(hex("1c 80 00 00 00 00 00 00 00")).get(0))
        .isEqualTo(new java.math.BigInteger("9223372036854775808"));
    assertThat(Tuple.unpack(hex("0c 7f ff ff ff ff ff ff ff")).get(0)).isEqualTo(Long.MIN_VALUE);
    assertThat(Tuple.unpack(hex("0c 7f ff ff ff ff ff ff fe")).get(0))
        .isEqualTo(new java.math.BigInteger("-9223372036854775809"));
    assertThat(Tuple.unpack(hex("0c 00 00 00 00 00 00 00 00")).get(0))
        .isEqualTo(java.math.BigInteger.ONE.shiftLeft(64).subtract(java.math.BigInteger.ONE).negate());
    assertThat(Tuple.unpack(hex("13 00")).get(0)).isEqualTo(-255L);
  }
}
