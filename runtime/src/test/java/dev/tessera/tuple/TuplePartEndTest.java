package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@link Tuple#partEnd}: the walk over a packing's parts agrees with decoding it. */
class TuplePartEndTest {

  @Provide
  Arbitrary<Tuple> tuples() {
    return TupleArbitraries.tuples();
  }

  @Property(tries = 3000)
  void eachPartsBytesAreThePackingOfThatPartAlone(
      @ForAll("tuples") Tuple prefix, @ForAll("tuples") Tuple t) {
    Tuple whole = prefix.addAll(t);
    byte[] packed = whole.pack();
    // inside a larger array, so a walk that reads past its end would be seen
    byte[] padded = new byte[packed.length + 6];
    Arrays.fill(padded, (byte) 0x15);
    System.arraycopy(packed, 0, padded, 3, packed.length);
    int end = 3 + packed.length;
    int start = 3;
    for (int i = 0; i < whole.size(); i++) {
      int next = Tuple.partEnd(padded, start, end);
      assertThat(Arrays.copyOfRange(padded, start, next))
          .as("part %d of %s", i, whole)
          .isEqualTo(whole.subTuple(i, i + 1).pack());
      start = next;
    }
    assertThat(start).isEqualTo(end);
    int last = start;
    assertThatThrownBy(() -> Tuple.partEnd(padded, last, end)).isInstanceOf(TupleDecodingException.class);
  }

  @Test
  void walkingRandomAndDamagedBytesFailsExactlyWhereValidationFails() {
    List<byte[]> valid = TupleArbitraries.tuples().sampleStream().limit(500).map(Tuple::pack)
        .collect(Collectors.toList());
    Random random = new Random(20261127);
    int[] outcomes = new int[2];
    for (int i = 0; i < 50_000; i++) {
      byte[] input;
      if (i % 2 == 0) {
        input = new byte[random.nextInt(24)];
        random.nextBytes(input);
      } else {
        byte[] source = valid.get(random.nextInt(valid.size()));
        input = source.clone();
        if (input.length > 0) {
          input[random.nextInt(input.length)] = (byte) random.nextInt();
        }
        input = Arrays.copyOf(input, random.nextInt(input.length + 1));
      }
      byte[] bytes = input;
      boolean validates = succeeds(() -> Tuple.validate(bytes));
      boolean walks = succeeds(() -> {
        int at = 0;
        while (at < bytes.length) {
          at = Tuple.partEnd(bytes, at, bytes.length);
        }
      });
      assertThat(walks).as("walk of %s", Arrays.toString(bytes)).isEqualTo(validates);
      outcomes[validates ? 0 : 1]++;
    }
    assertThat(outcomes[0]).isGreaterThan(1000);
    assertThat(outcomes[1]).isGreaterThan(1000);
  }

  @Test
  void aRangeOutsideTheArrayIsRefused() {
    byte[] packed = Tuple.of("a", 1L).pack();
    assertThatThrownBy(() -> Tuple.partEnd(packed, 0, packed.length + 1))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> Tuple.partEnd(packed, 3, 2)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  private static boolean succeeds(Runnable walk) {
    try {
      walk.run();
      return true;
    } catch (TupleDecodingException e) {
      return false;
    }
  }
}
