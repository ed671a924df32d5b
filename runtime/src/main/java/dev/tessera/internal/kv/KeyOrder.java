package dev.tessera.internal.kv;

import dev.tessera.tuple.TupleRange;
import java.util.Arrays;

/**
 * Positions in the order of packed keys (unsigned bytes), the one place that says which key comes
 * just after another and what of a range is left after a key. Every listing resumed after a
 * cursor, every batch that continues after the last key read and every scan recorded up to the
 * last key it returned goes through here. Stateless.
 */
public final class KeyOrder {
  private KeyOrder() {}

  /**
   * The least key greater than {@code packedKey}: the key with a 0x00 byte appended. No key sorts
   * between the two, whatever the tuple encoding.
   *
   * @param packedKey a packed key; not modified
   * @return a new array one byte longer
   */
  public static byte[] justAfter(byte[] packedKey) {
    return Arrays.copyOf(packedKey, packedKey.length + 1);
  }

  /**
   * The part of {@code range} strictly after {@code packedKey}, or {@code range} itself when the
   * key is {@code null} or before the range. Empty (begin = end) when nothing of it is left.
   */
  public static TupleRange after(TupleRange range, byte[] packedKey) {
    if (packedKey == null) {
      return range;
    }
    byte[] begin = range.begin();
    byte[] end = range.end();
    byte[] next = justAfter(packedKey);
    if (Arrays.compareUnsigned(next, begin) <= 0) {
      return range;
    }
    return TupleRange.ofPacked(Arrays.compareUnsigned(next, end) < 0 ? next : end, end);
  }

  /**
   * The part of {@code range} strictly before {@code packedKey}, or {@code range} itself when the
   * key is {@code null} or after the range. Empty (begin = end) when nothing of it is left.
   */
  public static TupleRange before(TupleRange range, byte[] packedKey) {
    if (packedKey == null) {
      return range;
    }
    byte[] begin = range.begin();
    byte[] end = range.end();
    if (Arrays.compareUnsigned(packedKey, end) >= 0) {
      return range;
    }
    return TupleRange.ofPacked(begin, Arrays.compareUnsigned(packedKey, begin) > 0 ? packedKey : begin);
  }

  /**
   * What a listing of {@code range} resumed after {@code packedKey} reads: the keys after it, or
   * before it when {@code reverse} ({@code null} key: the whole range).
   */
  public static TupleRange remainder(TupleRange range, byte[] packedKey, boolean reverse) {
    return reverse ? before(range, packedKey) : after(range, packedKey);
  }

  /**
   * The part of {@code range} a listing in direction {@code reverse} has covered once it returned
   * the key {@code packedKey}, that key included: from the range's start in that direction.
   */
  public static TupleRange through(TupleRange range, byte[] packedKey, boolean reverse) {
    return reverse
        ? TupleRange.ofPacked(packedKey, range.end())
        : TupleRange.ofPacked(range.begin(), justAfter(packedKey));
  }
}
