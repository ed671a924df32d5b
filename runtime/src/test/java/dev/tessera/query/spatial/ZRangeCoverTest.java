package dev.tessera.query.spatial;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class ZRangeCoverTest {

  /** A curve, a box on it (lo <= hi per dimension) and a point. */
  record Case(ZOrderCurve curve, long[] lo, long[] hi, long[] point) {}

  private static Arbitrary<Case> cases(int dimensions, int bits) {
    ZOrderCurve curve = new ZOrderCurve(dimensions, bits);
    Arbitrary<long[]> points =
        Arbitraries.oneOf(
                Arbitraries.longs(), Arbitraries.of(0L, -1L, 1L, Long.MIN_VALUE, Long.MAX_VALUE))
            .map(c -> c & curve.maxCoordinate())
            .array(long[].class)
            .ofSize(dimensions);
    return Combinators.combine(points, points, points)
        .as(
            (a, b, p) -> {
              long[] lo = new long[dimensions];
              long[] hi = new long[dimensions];
              for (int d = 0; d < dimensions; d++) {
                boolean aFirst = Long.compareUnsigned(a[d], b[d]) <= 0;
                lo[d] = aFirst ? a[d] : b[d];
                hi[d] = aFirst ? b[d] : a[d];
              }
              return new Case(curve, lo, hi, p);
            });
  }

  @Provide
  Arbitrary<Case> small2d() {
    return cases(2, 5);
  }

  @Provide
  Arbitrary<Case> small3d() {
    return cases(3, 3);
  }

  @Provide
  Arbitrary<Case> wide() {
    return Arbitraries.of(32, 64).flatMap(bits -> Arbitraries.of(2, 3).flatMap(d -> cases(d, bits)));
  }

  /** Every point of the curve, for exhaustive checks on small curves. */
  private static List<long[]> allPoints(ZOrderCurve curve) {
    List<long[]> points = new ArrayList<>();
    long side = curve.maxCoordinate() + 1;
    long total = (long) Math.pow(side, curve.dimensions());
    for (long n = 0; n < total; n++) {
      long[] point = new long[curve.dimensions()];
      long rest = n;
      for (int d = 0; d < point.length; d++) {
        point[d] = rest % side;
        rest /= side;
      }
      points.add(point);
    }
    return points;
  }

  private static boolean covered(ZOrderCurve curve, List<ZRange> ranges, long[] point) {
    byte[] code = curve.encode(point);
    return ranges.stream()
        .anyMatch(
            r -> Arrays.compareUnsigned(r.first(), code) <= 0 && Arrays.compareUnsigned(code, r.last()) <= 0);
  }

  private static void assertSortedAndDisjoint(List<ZRange> ranges) {
    for (int i = 0; i < ranges.size(); i++) {
      assertThat(Arrays.compareUnsigned(ranges.get(i).first(), ranges.get(i).last())).isLessThanOrEqualTo(0);
      if (i > 0) {
        assertThat(Arrays.compareUnsigned(ranges.get(i - 1).last(), ranges.get(i).first())).isLessThan(0);
      }
    }
  }

  private static void assertCoversExactlyWhenUncapped(Case c, int maxRanges) {
    List<ZRange> ranges = ZRangeCover.cover(c.curve(), c.lo(), c.hi(), maxRanges);
    assertThat(ranges).hasSizeLessThanOrEqualTo(maxRanges).isNotEmpty();
    assertSortedAndDisjoint(ranges);
    for (long[] point : allPoints(c.curve())) {
      if (ZRangeCover.contains(point, c.lo(), c.hi())) {
        assertThat(covered(c.curve(), ranges, point)).as("point %s", Arrays.toString(point)).isTrue();
      }
    }
  }

  @Property(tries = 300)
  void everyPointOfTheBoxIsCovered2d(
      @ForAll("small2d") Case c, @ForAll @IntRange(min = 1, max = 40) int maxRanges) {
    assertCoversExactlyWhenUncapped(c, maxRanges);
  }

  @Property(tries = 200)
  void everyPointOfTheBoxIsCovered3d(
      @ForAll("small3d") Case c, @ForAll @IntRange(min = 1, max = 40) int maxRanges) {
    assertCoversExactlyWhenUncapped(c, maxRanges);
  }

  @Property(tries = 200)
  void withRoomEnoughTheCoverIsExact(@ForAll("small2d") Case c) {
    List<ZRange> ranges = ZRangeCover.cover(c.curve(), c.lo(), c.hi(), 10_000);
    for (long[] point : allPoints(c.curve())) {
      assertThat(covered(c.curve(), ranges, point))
          .as("point %s", Arrays.toString(point))
          .isEqualTo(ZRangeCover.contains(point, c.lo(), c.hi()));
    }
  }

  @Property(tries = 1000)
  void pointsOfWideBoxesAreCoveredAndRangesBounded(
      @ForAll("wide") Case c, @ForAll @IntRange(min = 1, max = 64) int maxRanges) {
    List<ZRange> ranges = ZRangeCover.cover(c.curve(), c.lo(), c.hi(), maxRanges);
    assertThat(ranges).hasSizeLessThanOrEqualTo(maxRanges);
    assertSortedAndDisjoint(ranges);
    // The box's corners, and the point clamped into the box, must be covered.
    long[] clamped = new long[c.point().length];
    for (int d = 0; d < clamped.length; d++) {
      long p = c.point()[d];
      clamped[d] =
          Long.compareUnsigned(p, c.lo()[d]) < 0 ? c.lo()[d] : Long.compareUnsigned(p, c.hi()[d]) > 0 ? c.hi()[d] : p;
    }
    assertThat(covered(c.curve(), ranges, c.lo())).isTrue();
    assertThat(covered(c.curve(), ranges, c.hi())).isTrue();
    assertThat(covered(c.curve(), ranges, clamped)).isTrue();
  }

  @Property(tries = 500)
  void nextInBoxIsTheSmallestLargerCodeInTheBox(@ForAll("small2d") Case c) {
    assertNextInBox(c);
  }

  @Property(tries = 300)
  void nextInBoxIsTheSmallestLargerCodeInTheBox3d(@ForAll("small3d") Case c) {
    assertNextInBox(c);
  }

  private static void assertNextInBox(Case c) {
    if (ZRangeCover.contains(c.point(), c.lo(), c.hi())) {
      return;
    }
    byte[] from = c.curve().encode(c.point());
    byte[] expected = null;
    for (long[] candidate : allPoints(c.curve())) {
      byte[] code = c.curve().encode(candidate);
      if (ZRangeCover.contains(candidate, c.lo(), c.hi())
          && Arrays.compareUnsigned(code, from) > 0
          && (expected == null || Arrays.compareUnsigned(code, expected) < 0)) {
        expected = code;
      }
    }
    long[] next = ZRangeCover.nextInBox(c.curve(), c.point(), c.lo(), c.hi());
    if (expected == null) {
      assertThat(next).isNull();
    } else {
      assertThat(next).isNotNull();
      assertThat(c.curve().encode(next)).isEqualTo(expected);
    }
  }

  @Example
  void boxOfTheWholeSpaceIsOneRange() {
    ZOrderCurve curve = new ZOrderCurve(2, 64);
    List<ZRange> ranges = ZRangeCover.cover(curve, new long[] {0, 0}, new long[] {-1, -1}, 8);
    assertThat(ranges).hasSize(1);
    assertThat(ranges.get(0).first()).containsOnly(0);
    assertThat(ranges.get(0).last()).containsOnly(0xFF);
  }

  @Example
  void pointBoxIsOneRangeOfOneCode() {
    ZOrderCurve curve = new ZOrderCurve(3, 32);
    long[] p = {SortableBits.ofInt(-5), SortableBits.ofInt(0), SortableBits.ofInt(Integer.MAX_VALUE)};
    List<ZRange> ranges = ZRangeCover.cover(curve, p, p, 64);
    assertThat(ranges).hasSize(1);
    assertThat(ranges.get(0).first()).isEqualTo(curve.encode(p)).isEqualTo(ranges.get(0).last());
  }

  @Example
  void boxAcrossZeroSplitsIntoFewRanges() {
    // a box straddling the origin touches four quadrants, each one range.
    ZOrderCurve curve = new ZOrderCurve(2, 32);
    long[] lo = {SortableBits.ofInt(-4), SortableBits.ofInt(-4)};
    long[] hi = {SortableBits.ofInt(3), SortableBits.ofInt(3)};
    List<ZRange> ranges = ZRangeCover.cover(curve, lo, hi, 64);
    assertThat(ranges).hasSize(4);
  }
}
