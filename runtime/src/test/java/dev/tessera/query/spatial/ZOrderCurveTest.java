package dev.tessera.query.spatial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ZOrderCurveTest {

  /** A curve and two points on it. */
  record Case(ZOrderCurve curve, long[] a, long[] b) {}

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<ZOrderCurve> curves =
        Combinators.combine(Arbitraries.integers().between(2, 3), Arbitraries.of(1, 3, 8, 13, 32, 63, 64))
            .as(ZOrderCurve::new);
    return curves.flatMap(
        curve ->
            Combinators.combine(point(curve), point(curve)).as((a, b) -> new Case(curve, a, b)));
  }

  private static Arbitrary<long[]> point(ZOrderCurve curve) {
    Arbitrary<Long> coordinate =
        Arbitraries.oneOf(
            Arbitraries.longs(), Arbitraries.of(0L, -1L, 1L, Long.MIN_VALUE, Long.MAX_VALUE))
            .map(c -> c & curve.maxCoordinate());
    return coordinate.array(long[].class).ofSize(curve.dimensions());
  }

  /** The code as a number, built bit by bit the slow way: the reference the bytes must match. */
  private static BigInteger reference(ZOrderCurve curve, long[] point) {
    BigInteger code = BigInteger.ZERO;
    for (int bit = curve.bitsPerDimension() - 1; bit >= 0; bit--) {
      for (long coordinate : point) {
        code = code.shiftLeft(1).add(BigInteger.valueOf((coordinate >>> bit) & 1));
      }
    }
    return code;
  }

  @Property(tries = 2000)
  void decodeOfEncodeIsThePoint(@ForAll("cases") Case c) {
    byte[] code = c.curve().encode(c.a());
    assertThat(code).hasSize(c.curve().codeLength());
    assertThat(c.curve().decode(code)).containsExactly(c.a());
  }

  @Property(tries = 2000)
  void byteOrderOfCodesIsZOrder(@ForAll("cases") Case c) {
    int bytes = Integer.signum(Arrays.compareUnsigned(c.curve().encode(c.a()), c.curve().encode(c.b())));
    int z = reference(c.curve(), c.a()).compareTo(reference(c.curve(), c.b()));
    assertThat(bytes).isEqualTo(Integer.signum(z));
  }

  @Property(tries = 2000)
  void orderOfEachDimensionIsPreserved(@ForAll("cases") Case c) {
    for (int d = 0; d < c.curve().dimensions(); d++) {
      long[] moved = c.a().clone();
      moved[d] = c.b()[d]; // differs from a in dimension d only
      int expected = Integer.signum(Long.compareUnsigned(c.a()[d], moved[d]));
      int actual =
          Integer.signum(Arrays.compareUnsigned(c.curve().encode(c.a()), c.curve().encode(moved)));
      assertThat(actual).as("dimension %d", d).isEqualTo(expected);
    }
  }

  @Example
  void signedPointsInterleaveMostSignificantBitFirst() {
    ZOrderCurve curve = new ZOrderCurve(2, 32);
    // x = -1 -> 0x7FFFFFFF, y = 0 -> 0x80000000: the first bits are x=0, y=1, then x=1, y=0 ...
    byte[] code = curve.encode(SortableBits.ofInt(-1), SortableBits.ofInt(0));
    assertThat(code).containsExactly(0x6A, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA);
    assertThat(curve.encode(SortableBits.ofInt(Integer.MIN_VALUE), SortableBits.ofInt(Integer.MIN_VALUE)))
        .containsOnly(0);
    assertThat(curve.encode(SortableBits.ofInt(Integer.MAX_VALUE), SortableBits.ofInt(Integer.MAX_VALUE)))
        .containsOnly(0xFF);
    ZOrderCurve wide = new ZOrderCurve(3, 64);
    assertThat(wide.codeLength()).isEqualTo(24);
    assertThat(wide.decode(wide.encode(-1L, 0L, Long.MIN_VALUE))).containsExactly(-1L, 0L, Long.MIN_VALUE);
  }

  @Example
  void malformedInputIsRejected() {
    ZOrderCurve curve = new ZOrderCurve(2, 8);
    assertThatThrownBy(() -> curve.encode(1, 2, 3)).hasMessageContaining("2 coordinates");
    assertThatThrownBy(() -> curve.encode(256, 0)).hasMessageContaining("does not fit in 8 bits");
    assertThatThrownBy(() -> curve.decode(new byte[3])).hasMessageContaining("2 bytes, found 3");
    assertThatThrownBy(() -> new ZOrderCurve(2, 65)).isInstanceOf(IllegalArgumentException.class);
  }
}
