package dev.tessera.tuple;

/**
 * A commit's identity: 10 bytes, an 8-byte commit version (big-endian, compared unsigned) then a
 * 2-byte order within the commit. Ordered like its bytes; {@link #toString()} is 20 lower-case hex
 * digits as in Deno KV, and {@link #parse(String)} reads that form back.
 *
 * <p>In a {@link Tuple} a versionstamp packs as FoundationDB's complete 12-byte versionstamp (type code
 * 0x33) with user version 0, so packings are byte-compatible with {@code fdb-java}. One caveat: FDB uses
 * the all-0xFF transaction version as its "incomplete versionstamp" placeholder, so fdb-java decodes
 * {@code ffffffffffffffffffff} as incomplete. Tessera treats it as an ordinary (maximal) value; a store
 * never issues it, since commit versions do not reach 2^64 - 1.
 *
 * <pre>{@code
 * Versionstamp v = Versionstamp.of(42, 1);
 * v.toString();                         // "000000000000002a0001"
 * Versionstamp.parse(v.toString());     // equals v
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class Versionstamp implements Comparable<Versionstamp> {
  /** The number of bytes in a versionstamp. */
  public static final int LENGTH = 10;

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private final long commitVersion;
  private final int order;

  private Versionstamp(long commitVersion, int order) {
    this.commitVersion = commitVersion;
    this.order = order;
  }

  /**
   * Creates a versionstamp from a commit version and an order within the commit.
   *
   * @param commitVersion the commit version, treated as an unsigned 64-bit number
   * @param order the order within the commit, 0 to 65535
   * @return the versionstamp
   * @throws IllegalArgumentException if {@code order} is out of range
   */
  public static Versionstamp of(long commitVersion, int order) {
    if (order < 0 || order > 0xFFFF) {
      throw new IllegalArgumentException("Versionstamp order must be 0..65535, got " + order);
    }
    return new Versionstamp(commitVersion, order);
  }

  /**
   * Reads exactly 10 bytes: 8 of commit version (big-endian), 2 of order.
   *
   * @param bytes the 10 bytes
   * @return the versionstamp
   * @throws VersionstampFormatException if {@code bytes} is not 10 bytes long
   */
  public static Versionstamp fromBytes(byte[] bytes) {
    if (bytes.length != LENGTH) {
      throw new VersionstampFormatException(
          bytes.length + " bytes", "expected exactly " + LENGTH + " bytes");
    }
    return read(bytes, 0);
  }

  /** Reads 10 bytes at {@code offset}; the caller has checked the bounds. */
  static Versionstamp read(byte[] bytes, int offset) {
    long version = 0;
    for (int i = 0; i < 8; i++) {
      version = (version << 8) | (bytes[offset + i] & 0xFF);
    }
    int order = ((bytes[offset + 8] & 0xFF) << 8) | (bytes[offset + 9] & 0xFF);
    return new Versionstamp(version, order);
  }

  /**
   * Parses 20 hexadecimal digits (either case), the form {@link #toString()} produces.
   *
   * @param hex the 20 hex digits
   * @return the versionstamp
   * @throws VersionstampFormatException if {@code hex} is not exactly 20 hex digits
   */
  public static Versionstamp parse(String hex) {
    if (hex == null) {
      throw new VersionstampFormatException("null", "expected 20 hex digits");
    }
    if (hex.length() != 2 * LENGTH) {
      throw new VersionstampFormatException(
          '"' + hex + '"', "expected 20 hex digits, got " + hex.length() + " characters");
    }
    long version = 0;
    int order = 0;
    for (int i = 0; i < hex.length(); i++) {
      int digit = Character.digit(hex.charAt(i), 16);
      // Character.digit accepts non-ASCII digits too; only ASCII hex is the documented form.
      if (digit < 0 || hex.charAt(i) > 'f') {
        throw new VersionstampFormatException(
            '"' + hex + '"', "character " + i + " ('" + hex.charAt(i) + "') is not a hex digit");
      }
      if (i < 16) {
        version = (version << 4) | digit;
      } else {
        order = (order << 4) | digit;
      }
    }
    return new Versionstamp(version, order);
  }

  /** {@return the 10 bytes: commit version big-endian, then order} A fresh array on every call. */
  public byte[] toBytes() {
    byte[] bytes = new byte[LENGTH];
    write(bytes, 0);
    return bytes;
  }

  /** Writes the 10 bytes at {@code offset}. */
  void write(byte[] dest, int offset) {
    for (int i = 0; i < 8; i++) {
      dest[offset + i] = (byte) (commitVersion >>> (56 - 8 * i));
    }
    dest[offset + 8] = (byte) (order >>> 8);
    dest[offset + 9] = (byte) order;
  }

  /** {@return the commit version, to be read as an unsigned 64-bit number} */
  public long commitVersion() {
    return commitVersion;
  }

  /** {@return the order within the commit, 0 to 65535} */
  public int order() {
    return order;
  }

  /** Compares like the bytes: commit version unsigned, then order. */
  @Override
  public int compareTo(Versionstamp o) {
    int c = Long.compareUnsigned(commitVersion, o.commitVersion);
    return c != 0 ? c : Integer.compare(order, o.order);
  }

  /** Equal when commit version and order are equal. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Versionstamp
        && ((Versionstamp) o).commitVersion == commitVersion
        && ((Versionstamp) o).order == order;
  }

  /** A hash of commit version and order, consistent with {@link #equals}. */
  @Override
  public int hashCode() {
    return Long.hashCode(commitVersion) * 31 + order;
  }

  /** 20 lower-case hex digits, as in Deno KV. */
  @Override
  public String toString() {
    char[] out = new char[2 * LENGTH];
    for (int i = 0; i < 16; i++) {
      out[i] = HEX[(int) (commitVersion >>> (60 - 4 * i)) & 0xF];
    }
    for (int i = 0; i < 4; i++) {
      out[16 + i] = HEX[(order >>> (12 - 4 * i)) & 0xF];
    }
    return new String(out);
  }
}
