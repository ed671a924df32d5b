package dev.tessera.tuple;

import java.util.Arrays;

/**
 * A range of packed keys: {@code begin} inclusive, {@code end} exclusive, both as packed bytes, so
 * ranges that cut inside a part (a string or byte-string prefix) can be expressed as well as whole
 * tuples. Keys compare as unsigned bytes, which for packed tuples is tuple order.
 *
 * <pre>{@code
 * TupleRange.prefix(Tuple.of("users"));                    // every ("users", ...) key
 * TupleRange.between(Tuple.of("u", 10), Tuple.of("u", 20)); // ("u", 10) <= k < ("u", 20)
 * TupleRange.startsWith(Tuple.of("users"), "al");          // ("users", "al...", ...)
 * }</pre>
 *
 * <p>Immutable and thread-safe: the bounds are copied in and out.
 */
public final class TupleRange {
  private final byte[] begin;
  private final byte[] end;

  private TupleRange(byte[] begin, byte[] end) {
    this.begin = begin;
    this.end = end;
  }

  /**
   * {@return every key that starts with {@code prefix}'s parts and has at least one more part
   * (FDB's {@code Tuple.range()}): {@code [pack(prefix) + 0x00, pack(prefix) + 0xFF)}} The key
   * equal to {@code prefix} itself is not included. No part encoding starts with 0xFF, and a
   * following null part packs as 0x00, so these bounds capture exactly the longer keys.
   *
   * @param prefix the prefix
   */
  public static TupleRange prefix(Tuple prefix) {
    int n = prefix.packedSize();
    byte[] begin = new byte[n + 1];
    prefix.packInto(begin, 0);
    byte[] end = begin.clone();
    end[n] = (byte) 0xFF;
    return new TupleRange(begin, end);
  }

  /**
   * {@return the key equal to {@code prefix} and every key that extends it: {@code [pack(prefix),
   * pack(prefix) + 0xFF)}} Unlike {@link #prefix}, the key {@code prefix} itself is included (a
   * unique index entry whose values are all given). Exact because every part encoding is
   * self-delimiting and none starts with 0xFF: a key starts with the bytes of {@code pack(prefix)}
   * exactly when its first parts are {@code prefix}'s.
   *
   * <p>Its {@link #begin()} is the lowest key starting with {@code prefix}, its {@link #end()} lies
   * above every such key and below every greater key, which is what inclusive and exclusive bounds
   * on a key's leading parts need:
   *
   * <pre>{@code
   * // keys (idx, v, ...) with 10 <= v <= 20, whatever follows v
   * TupleRange.ofPacked(keyAndExtensions(Tuple.of("idx", 10)).begin(),
   *                     keyAndExtensions(Tuple.of("idx", 20)).end());
   * }</pre>
   *
   * @param prefix the prefix
   */
  public static TupleRange keyAndExtensions(Tuple prefix) {
    int n = prefix.packedSize();
    byte[] begin = new byte[n];
    prefix.packInto(begin, 0);
    byte[] end = Arrays.copyOf(begin, n + 1);
    end[n] = (byte) 0xFF;
    return new TupleRange(begin, end);
  }

  /**
   * Keys k with {@code start <= k < end} in tuple order: {@code [pack(start), pack(end))}.
   *
   * @param start the lowest key, included
   * @param end the key to stop before
   * @return the range
   */
  public static TupleRange between(Tuple start, Tuple end) {
    return new TupleRange(start.pack(), end.pack());
  }

  /**
   * Keys whose packed bytes lie in {@code [begin, end)} (unsigned order); the arrays are copied.
   *
   * @param begin the lowest packing, included
   * @param end the packing to stop before
   * @return the range
   */
  public static TupleRange ofPacked(byte[] begin, byte[] end) {
    return new TupleRange(begin.clone(), end.clone());
  }

  /**
   * Keys that continue {@code prefix} with a string part starting with {@code partial} (then any
   * further parts). The bounds are the packing of {@code prefix + partial} without the string's 0x00
   * terminator, and that plus 0xFF. This is exact for any Unicode partial (even one ending in U+FFFF)
   * because UTF-8 never contains the byte 0xFF, and an escaped U+0000 (0x00 0xFF) is followed by a
   * byte other than 0xFF.
   *
   * @param prefix the parts before the string
   * @param partial the string's start
   * @return the range
   * @throws InvalidTuplePartException if {@code partial} has an unpaired surrogate
   */
  public static TupleRange startsWith(Tuple prefix, String partial) {
    return openLastPart(prefix.add(partial));
  }

  /**
   * Keys that continue {@code prefix} with a byte-string part starting with {@code partial} (then any
   * further parts). The lower bound is the packing of {@code prefix + partial} without the 0x00
   * terminator; unlike UTF-8, byte strings may contain 0xFF, so the upper bound is the first byte
   * string after every extension of that lower bound: drop its trailing 0xFF bytes and add one to the
   * last remaining byte. Exact because escaping is byte by byte, so a key's escaped bytes start with
   * the escaped partial exactly when its byte string starts with the partial.
   *
   * @param prefix the parts before the byte string
   * @param partial the byte string's start
   * @return the range
   */
  public static TupleRange startsWith(Tuple prefix, byte[] partial) {
    byte[] packed = prefix.add(partial).packed();
    byte[] begin = Arrays.copyOf(packed, packed.length - 1);
    int last = begin.length - 1;
    while (begin[last] == (byte) 0xFF) {
      last--; // never passes the 0x01 type code
    }
    byte[] end = Arrays.copyOf(begin, last + 1);
    end[last]++;
    return new TupleRange(begin, end);
  }

  /** Drops the terminator of the last (string) part: begin = that, end = begin + 0xFF. */
  private static TupleRange openLastPart(Tuple withPartial) {
    int n = withPartial.packedSize() - 1;
    byte[] begin = new byte[n];
    byte[] end = new byte[n + 1];
    System.arraycopy(withPartial.packed(), 0, begin, 0, n);
    System.arraycopy(begin, 0, end, 0, n);
    end[n] = (byte) 0xFF;
    return new TupleRange(begin, end);
  }

  /** {@return the inclusive lower bound, packed; a new array on every call} */
  public byte[] begin() {
    return begin.clone();
  }

  /** {@return the exclusive upper bound, packed; a new array on every call} */
  public byte[] end() {
    return end.clone();
  }

  /**
   * {@return true if {@code begin <= packedKey < end} in unsigned byte order}
   *
   * @param packedKey a packed key
   */
  public boolean contains(byte[] packedKey) {
    return Arrays.compareUnsigned(begin, packedKey) <= 0 && Arrays.compareUnsigned(packedKey, end) < 0;
  }

  /**
   * {@return true if the packing of {@code key} lies in this range}
   *
   * @param key a key
   */
  public boolean contains(Tuple key) {
    return contains(key.packed());
  }

  /** {@return true if the range holds no key at all ({@code begin >= end})} */
  public boolean isEmpty() {
    return Arrays.compareUnsigned(begin, end) >= 0;
  }

  /** Equal when both bounds are the same bytes. */
  @Override
  public boolean equals(Object o) {
    return o instanceof TupleRange
        && Arrays.equals(begin, ((TupleRange) o).begin)
        && Arrays.equals(end, ((TupleRange) o).end);
  }

  /** A hash of both bounds, consistent with {@link #equals}. */
  @Override
  public int hashCode() {
    return Arrays.hashCode(begin) * 31 + Arrays.hashCode(end);
  }

  /** The bounds as hex, e.g. {@code [0275736572730000, 02757365727300ff)}. */
  @Override
  public String toString() {
    return "[" + hex(begin) + ", " + hex(end) + ")";
  }

  private static String hex(byte[] bytes) {
    StringBuilder out = new StringBuilder(bytes.length * 2);
    for (byte b : bytes) {
      out.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
    }
    return out.toString();
  }
}
