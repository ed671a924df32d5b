package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** One validator, reused across packings, judges each exactly as {@link Tuple#validate} does. */
class TupleValidatorTest {
  private final TupleValidator validator = new TupleValidator();

  @Provide
  Arbitrary<Tuple> tuples() {
    return TupleArbitraries.tuples();
  }

  @Property(tries = 2000)
  void everyPackedTupleIsValidWithinLargerArrays(@ForAll("tuples") Tuple tuple) {
    byte[] packed = tuple.pack();
    byte[] framed = new byte[packed.length + 6];
    Arrays.fill(framed, (byte) 0xFF); // bytes around it that are no tuple
    System.arraycopy(packed, 0, framed, 3, packed.length);
    validator.validate(framed, 3, packed.length);
    validator.validate(packed, 0, packed.length);
  }

  @Test
  void damagedPackingsFailWithTheMessageValidateGives() {
    int failures = 0;
    for (byte[] damaged : TupleArbitraries.damagedPackings(11, 20_000)) {
      String expected = outcome(() -> Tuple.validate(damaged));
      String actual = outcome(() -> validator.validate(damaged, 0, damaged.length));
      assertThat(actual).as("validating %s", Arrays.toString(damaged)).isEqualTo(expected);
      if (!expected.equals("valid")) {
        failures++;
      }
    }
    assertThat(failures).as("most damaged packings fail").isGreaterThan(5_000);
  }

  @Test
  void aRangeOutsideTheArrayIsRefused() {
    assertThatThrownBy(() -> validator.validate(new byte[4], 2, 3)).isInstanceOf(IndexOutOfBoundsException.class);
    validator.validate(new byte[0], 0, 0); // the empty tuple
  }

  private static String outcome(Runnable validation) {
    try {
      validation.run();
      return "valid";
    } catch (TupleDecodingException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }
}
