package dev.tessera.query.spatial;

/**
 * The Java type of one coordinate of a spatial index, as far as the Z-order code cares. An index
 * whose coordinates are all 32 bits wide or narrower ({@link #INT}, {@link #FLOAT}) uses 32 bits per
 * dimension; an index with a {@link #LONG} or {@link #DOUBLE} coordinate uses 64 bits per dimension
 * for all of them.
 */
public enum CoordinateType {
  /** {@code byte}, {@code short}, {@code int} and their boxes. */
  INT(false, 32),
  /** {@code long} and {@code Long}. */
  LONG(false, 64),
  /** {@code float} and {@code Float}. */
  FLOAT(true, 32),
  /** {@code double} and {@code Double}. */
  DOUBLE(true, 64);

  private final boolean floating;
  private final int bits;

  CoordinateType(boolean floating, int bits) {
    this.floating = floating;
    this.bits = bits;
  }

  /** {@return true for the floating-point types} */
  public boolean floating() {
    return floating;
  }

  /** {@return the bits the type needs per dimension} */
  public int bits() {
    return bits;
  }
}
