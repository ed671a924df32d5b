package dev.tessera.tuple;

import java.util.List;

/**
 * An immutable, ordered list of key parts, packed with the FoundationDB tuple-layer encoding.
 * CONTRACT STUB: the tuple helper replaces the bodies; the signatures are fixed.
 */
public final class Tuple implements Comparable<Tuple>, Iterable<Object> {
  private Tuple() {}

  /** Creates a tuple of the given parts. */
  public static Tuple of(Object... parts) { throw new UnsupportedOperationException("stub"); }

  /** Creates a tuple of the given parts. */
  public static Tuple fromList(List<?> parts) { throw new UnsupportedOperationException("stub"); }

  /** Decodes packed bytes; throws TupleDecodingException for bytes that are not a valid packing. */
  public static Tuple unpack(byte[] bytes) { throw new UnsupportedOperationException("stub"); }

  /** Decodes {@code length} packed bytes starting at {@code offset}. */
  public static Tuple unpack(byte[] bytes, int offset, int length) { throw new UnsupportedOperationException("stub"); }

  /** Packs this tuple. */
  public byte[] pack() { throw new UnsupportedOperationException("stub"); }

  /** A new tuple with the part appended. */
  public Tuple add(Object part) { throw new UnsupportedOperationException("stub"); }

  /** A new tuple with all parts of {@code other} appended. */
  public Tuple addAll(Tuple other) { throw new UnsupportedOperationException("stub"); }

  /** The part at {@code index}. Integers come back as Long (or BigInteger beyond long). */
  public Object get(int index) { throw new UnsupportedOperationException("stub"); }

  public String getString(int index) { throw new UnsupportedOperationException("stub"); }
  public long getLong(int index) { throw new UnsupportedOperationException("stub"); }
  public Tuple getNestedTuple(int index) { throw new UnsupportedOperationException("stub"); }

  /** The number of parts. */
  public int size() { throw new UnsupportedOperationException("stub"); }

  /** The parts as an unmodifiable list. */
  public List<Object> items() { throw new UnsupportedOperationException("stub"); }

  /** A new tuple of the parts from {@code from} (inclusive) to {@code to} (exclusive). */
  public Tuple subTuple(int from, int to) { throw new UnsupportedOperationException("stub"); }

  /** True if this tuple's first parts equal {@code prefix}'s parts. */
  public boolean startsWith(Tuple prefix) { throw new UnsupportedOperationException("stub"); }

  @Override public int compareTo(Tuple other) { throw new UnsupportedOperationException("stub"); }
  @Override public java.util.Iterator<Object> iterator() { throw new UnsupportedOperationException("stub"); }
}
