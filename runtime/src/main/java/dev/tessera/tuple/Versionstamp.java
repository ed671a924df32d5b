package dev.tessera.tuple;

/**
 * CONTRACT STUB. 10 bytes: an 8-byte commit version (big-endian) then a 2-byte order within the
 * commit. Comparable (unsigned byte order); toString() is 20 lower-case hex digits as in Deno KV.
 */
public final class Versionstamp implements Comparable<Versionstamp> {
  private Versionstamp() {}
  /** Creates a versionstamp from a commit version and an order within the commit. */
  public static Versionstamp of(long commitVersion, int order) { throw new UnsupportedOperationException("stub"); }
  /** Reads exactly 10 bytes. */
  public static Versionstamp fromBytes(byte[] bytes) { throw new UnsupportedOperationException("stub"); }
  /** Parses 20 hex digits. */
  public static Versionstamp parse(String hex) { throw new UnsupportedOperationException("stub"); }
  public byte[] toBytes() { throw new UnsupportedOperationException("stub"); }
  public long commitVersion() { throw new UnsupportedOperationException("stub"); }
  public int order() { throw new UnsupportedOperationException("stub"); }
  @Override public int compareTo(Versionstamp o) { throw new UnsupportedOperationException("stub"); }
}
