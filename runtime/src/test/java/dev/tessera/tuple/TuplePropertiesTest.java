package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class TuplePropertiesTest {

  @Provide
  Arbitrary<Tuple> tuples() {
    return TupleArbitraries.tuples();
  }

  @Provide
  Arbitrary<Object> parts() {
    return TupleArbitraries.parts(0);
  }

  @Property(tries = 2000)
  void unpackOfPackIsTheSameTuple(@ForAll("tuples") Tuple t) {
    byte[] packed = t.pack();
    Tuple back = Tuple.unpack(packed);
    assertThat((Object) back).isEqualTo(t);
    assertThat(back.hashCode()).isEqualTo(t.hashCode());
    assertThat(back.size()).isEqualTo(t.size());
    assertThat(back.pack()).isEqualTo(packed);
    assertThat(SemanticTupleOrder.INSTANCE.compare(back, t)).isZero();
  }

  @Property(tries = 2000)
  void packedByteOrderIsSemanticOrder(
      @ForAll("tuples") Tuple prefix, @ForAll("tuples") Tuple a, @ForAll("tuples") Tuple b) {
    // A shared prefix makes the interesting comparisons (same position, often same type) common.
    assertSameOrder(prefix.addAll(a), prefix.addAll(b));
  }

  @Property(tries = 3000)
  void packedByteOrderIsSemanticOrderForSingleParts(
      @ForAll("parts") Object a, @ForAll("parts") Object b, @ForAll("parts") Object tail) {
    assertSameOrder(Tuple.of(a), Tuple.of(b));
    assertSameOrder(Tuple.of(a, tail), Tuple.of(b, tail));
    assertSameOrder(Tuple.of(Tuple.of(a, tail)), Tuple.of(Tuple.of(b)));
  }

  private static void assertSameOrder(Tuple x, Tuple y) {
    int bytes = Integer.signum(Arrays.compareUnsigned(x.pack(), y.pack()));
    int semantic = Integer.signum(SemanticTupleOrder.INSTANCE.compare(x, y));
    assertThat(bytes).as("byte order vs semantic order of %s and %s", x, y).isEqualTo(semantic);
    assertThat(Integer.signum(x.compareTo(y))).isEqualTo(semantic);
    assertThat(x.equals(y)).isEqualTo(semantic == 0);
  }
}
