package dev.tessera.query.spatial;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Covers a box (per dimension an inclusive interval of unsigned coordinates) with a bounded number
 * of contiguous Z-order code ranges, and finds the next code inside a box (BIGMIN).
 *
 * <p>The cover descends the implicit binary tree of the curve breadth first: the cell of a code
 * prefix of {@code k} bits is split on bit {@code k + 1} into two halves along one dimension. A cell
 * outside the box is dropped, a cell inside it becomes a range, and a cell straddling its border is
 * split further, until another level could exceed {@code maxRanges}; the straddling cells left then
 * become ranges as they are, so the cover may include points outside the box, which the caller
 * filters exactly. Ranges that touch are merged. Replacing a code's last bits with all 0s and all
 * 1s gives a cell's range; the cover chooses the cell size per region instead of once for the whole
 * box.
 *
 * <p>Stateless and thread-safe.
 */
final class ZRangeCover {
  private ZRangeCover() {}

  /**
   * Ranges, in code order and disjoint, whose union contains every point of the box {@code [lo,
   * hi]} (and possibly others); at most {@code maxRanges} of them.
   *
   * @param lo the smallest coordinate of the box in each dimension, inclusive
   * @param hi the largest coordinate of the box in each dimension, inclusive; {@code lo <= hi}
   *     (unsigned) in every dimension
   * @param maxRanges the most ranges to return, at least 1
   */
  static List<ZRange> cover(ZOrderCurve curve, long[] lo, long[] hi, int maxRanges) {
    checkBox(curve, lo, hi);
    if (maxRanges < 1) {
      throw new IllegalArgumentException("maxRanges must be at least 1: " + maxRanges);
    }
    int dimensions = curve.dimensions();
    int totalBits = dimensions * curve.bitsPerDimension();
    long[] rootHi = new long[dimensions];
    Arrays.fill(rootHi, curve.maxCoordinate());
    List<Cell> inside = new ArrayList<>();
    List<Cell> straddling = new ArrayList<>();
    Cell root = new Cell(new long[dimensions], rootHi);
    if (root.isInside(lo, hi)) {
      inside.add(root);
    } else {
      straddling.add(root);
    }
    for (int depth = 0;
        depth < totalBits
            && !straddling.isEmpty()
            && inside.size() + 2 * straddling.size() <= maxRanges;
        depth++) {
      int dimension = depth % dimensions;
      int bit = curve.bitsPerDimension() - 1 - depth / dimensions;
      List<Cell> next = new ArrayList<>(2 * straddling.size());
      for (Cell cell : straddling) {
        for (Cell half : cell.split(dimension, bit)) {
          if (half.isInside(lo, hi)) {
            inside.add(half);
          } else if (half.intersects(lo, hi)) {
            next.add(half);
          }
        }
      }
      straddling = next;
    }
    List<ZRange> ranges = new ArrayList<>(inside.size() + straddling.size());
    for (Cell cell : inside) {
      ranges.add(new ZRange(curve.encode(cell.lo()), curve.encode(cell.hi())));
    }
    for (Cell cell : straddling) {
      ranges.add(new ZRange(curve.encode(cell.lo()), curve.encode(cell.hi())));
    }
    ranges.sort(Comparator.comparing(ZRange::first, Arrays::compareUnsigned));
    return merged(curve, ranges);
  }

  /**
   * BIGMIN (Tropf and Herzog, 1981): the point with the smallest code greater than {@code point}'s
   * that lies inside the box {@code [lo, hi]}, or {@code null} if there is none. {@code point} must
   * be outside the box. Walks the code bits once, most significant first, narrowing the box's
   * corner codes to the half that can still hold the answer.
   */
  static long[] nextInBox(ZOrderCurve curve, long[] point, long[] lo, long[] hi) {
    long[] min = lo.clone();
    long[] max = hi.clone();
    long[] best = null;
    for (int bit = curve.bitsPerDimension() - 1; bit >= 0; bit--) {
      long mask = 1L << bit;
      for (int d = 0; d < point.length; d++) {
        boolean p = (point[d] & mask) != 0;
        boolean minBit = (min[d] & mask) != 0;
        boolean maxBit = (max[d] & mask) != 0;
        if (minBit == maxBit) {
          // The whole remaining box is on one side of this bit.
          if (p == minBit) {
            continue; // same side as the point: look at the next bit
          }
          return p ? best : min; // box above the point: its smallest code; below: the last candidate
        }
        // The remaining box spans both halves (minBit 0, maxBit 1).
        if (p) {
          min[d] = withHighHalf(min[d], bit); // only the upper half can be after the point
        } else {
          best = min.clone();
          best[d] = withHighHalf(min[d], bit); // the upper half's smallest code, if all else fails
          max[d] = withLowHalf(max[d], bit); // continue in the lower half, with the point
        }
      }
    }
    return best;
  }

  /** True if {@code point} lies in the box {@code [lo, hi]}. */
  static boolean contains(long[] point, long[] lo, long[] hi) {
    for (int d = 0; d < point.length; d++) {
      if (Long.compareUnsigned(point[d], lo[d]) < 0 || Long.compareUnsigned(point[d], hi[d]) > 0) {
        return false;
      }
    }
    return true;
  }

  static void checkBox(ZOrderCurve curve, long[] lo, long[] hi) {
    curve.checkPoint(lo);
    curve.checkPoint(hi);
    for (int d = 0; d < lo.length; d++) {
      if (Long.compareUnsigned(lo[d], hi[d]) > 0) {
        throw new IllegalArgumentException(
            "the box's low corner is above its high corner in dimension " + d);
      }
    }
  }

  /** {@code value} with bit {@code bit} set and every lower bit cleared: "1000...". */
  private static long withHighHalf(long value, int bit) {
    long mask = 1L << bit;
    return (value & -(mask << 1)) | mask;
  }

  /** {@code value} with bit {@code bit} cleared and every lower bit set: "0111...". */
  private static long withLowHalf(long value, int bit) {
    long mask = 1L << bit;
    return (value & -(mask << 1)) | (mask - 1);
  }

  private static List<ZRange> merged(ZOrderCurve curve, List<ZRange> sorted) {
    List<ZRange> merged = new ArrayList<>(sorted.size());
    for (ZRange range : sorted) {
      int last = merged.size() - 1;
      if (last >= 0 && Arrays.equals(successor(curve, merged.get(last).last()), range.first())) {
        merged.set(last, new ZRange(merged.get(last).first(), range.last()));
      } else {
        merged.add(range);
      }
    }
    return merged;
  }

  /** The next code after {@code code}, or {@code null} after the last one. */
  private static byte[] successor(ZOrderCurve curve, byte[] code) {
    byte[] next = code.clone();
    int unused = next.length * 8 - curve.dimensions() * curve.bitsPerDimension();
    int carry = 1 << unused;
    for (int i = next.length - 1; i >= 0 && carry != 0; i--) {
      int sum = (next[i] & 0xFF) + carry;
      next[i] = (byte) sum;
      carry = sum >>> 8;
    }
    return carry == 0 ? next : null;
  }

  /** An axis-aligned cell of the curve: the points of one code prefix. */
  private record Cell(long[] lo, long[] hi) {
    /** The two halves along {@code dimension}, split on {@code bit}. */
    List<Cell> split(int dimension, int bit) {
      long[] lowHi = hi.clone();
      lowHi[dimension] = withLowHalf(lo[dimension], bit);
      long[] highLo = lo.clone();
      highLo[dimension] = withHighHalf(lo[dimension], bit);
      return List.of(new Cell(lo, lowHi), new Cell(highLo, hi));
    }

    boolean isInside(long[] boxLo, long[] boxHi) {
      return contains(lo, boxLo, boxHi) && contains(hi, boxLo, boxHi);
    }

    boolean intersects(long[] boxLo, long[] boxHi) {
      for (int d = 0; d < lo.length; d++) {
        if (Long.compareUnsigned(hi[d], boxLo[d]) < 0 || Long.compareUnsigned(lo[d], boxHi[d]) > 0) {
          return false;
        }
      }
      return true;
    }
  }
}
