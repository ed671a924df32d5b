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
   * Every key that starts with {@code prefix}'s parts and has at least one more part (FDB's {@code
   * Tuple.range()}): {@code [pack(prefix) + 0x00, pack(prefix) + 0xFF)}. The key equal to {@code prefix}
   * itself is not included. No part encoding starts with 0xFF, and a following null part packs as 0x00,
   * so these bounds capture exactly the longer keys.
   */
  public static TupleRange prefix(Tuple prefix) {
    int n = prefix.packedSize();
    byte[] begin = new byte[n + 1];
    prefix.packInto(begin, 0);
    byte[] end = begin.clone();
    end[n] = (byte) 0xFF;
    return new TupleRange(begin, end);
  }

  /** Keys k with {@code start <= k < end} in tuple order: {@code [pack(start), pack(end))}. */
  public static TupleRange between(Tuple start, Tuple end) {
    return new TupleRange(start.pack(), end.pack());
  }

  /** Keys whose packed bytes lie in {@code [begin, end)} (unsigned order); the arrays are copied. */
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
   * @throws InvalidTuplePartException if {@code partial} has an unpaired surrogate
   */
  public static TupleRange startsWith(Tuple prefix, String partial) {
    return openLastPart(prefix.add(partial));
  }

  /**
   * Keys that continue {@code prefix} with a byte-string part starting with {@code partial}; as {@link
   * #startsWith(Tuple, String)}. Exact because every 0x00 in a byte string is escaped as 0x00 0xFF and
   * the byte after such an escape, or after an unescaped byte of {@code partial}, is compared only
   * against keys that share the same escaped bytes.
   */
  public static TupleRange startsWith(Tuple prefix, byte[] partial) {
    return openLastPart(prefix.add(partial));
  }

  /** Drops the terminator of the last (string or bytes) part: begin = that, end = begin + 0xFF. */
  private static TupleRange openLastPart(Tuple withPartial) {
    int n = withPartial.packedSize() - 1;
    byte[] begin = new byte[n];
    byte[] end = new byte[n + 1];
    System.arraycopy(withPartial.packed(), 0, begin, 0, n);
    System.arraycopy(begin, 0, end, 0, n);
    end[n] = (byte) 0xFF;
    return new TupleRange(begin, end);
  }

  /** The inclusive lower bound, packed; a new array on every call. */
  public byte[] begin() {
    return begin.clone();
  }

  /** The exclusive upper bound, packed; a new array on every call. */
  public byte[] end() {
    return end.clone();
  }

  /** True if {@code begin <= packedKey < end} in unsigned byte order. */
  public boolean contains(byte[] packedKey) {
    return Arrays.compareUnsigned(begin, packedKey) <= 0 && Arrays.compareUnsigned(packedKey, end) < 0;
  }

  /** True if the packing of {@code key} lies in this range. */
  public boolean contains(Tuple key) {
    return contains(key.packed());
  }

  /** True if the range holds no key at all ({@code begin >= end}). */
  public boolean isEmpty() {
    return Arrays.compareUnsigned(begin, end) >= 0;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TupleRange
        && Arrays.equals(begin, ((TupleRange) o).begin)
        && Arrays.equals(end, ((TupleRange) o).end);
  }

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
