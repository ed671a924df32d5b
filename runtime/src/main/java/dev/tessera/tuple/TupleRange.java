package dev.tessera.tuple;

/**
 * CONTRACT STUB. A range of packed keys: {@code begin} inclusive, {@code end} exclusive, both as
 * packed bytes (so ranges that cut inside a part, like a string prefix, can be expressed).
 */
public final class TupleRange {
  private TupleRange() {}
  /** Every key that starts with {@code prefix} and is longer than it (FDB's Tuple.range()). */
  public static TupleRange prefix(Tuple prefix) { throw new UnsupportedOperationException("stub"); }
  /** Keys k with start <= k < end, in tuple order. */
  public static TupleRange between(Tuple start, Tuple end) { throw new UnsupportedOperationException("stub"); }
  /** Keys whose packed bytes lie in [begin, end). */
  public static TupleRange ofPacked(byte[] begin, byte[] end) { throw new UnsupportedOperationException("stub"); }
  /** The inclusive lower bound, packed. */
  public byte[] begin() { throw new UnsupportedOperationException("stub"); }
  /** The exclusive upper bound, packed. */
  public byte[] end() { throw new UnsupportedOperationException("stub"); }
}
