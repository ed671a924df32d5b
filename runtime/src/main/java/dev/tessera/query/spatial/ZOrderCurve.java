package dev.tessera.query.spatial;

import java.util.Arrays;
import java.util.Objects;

/**
 * The Z-order (Morton) curve over {@code dimensions} unsigned coordinates of {@code
 * bitsPerDimension} bits each: a point's code interleaves the coordinates' bits, most significant
 * first (bit {@code b} of dimension 0, of dimension 1, ..., then bit {@code b - 1}), into a fixed
 * number of bytes, so that the unsigned byte order of codes is the curve's order. Interleaving
 * decimal digits would give the same curve; bits give cells that are only twice, not ten times, as
 * large per level.
 *
 * <p>Any run of codes sharing a prefix of {@code k} bits is an axis-aligned cell, which is what
 * makes a box coverable by a few contiguous code ranges (see {@link BoxQuery}). Within one dimension
 * the curve preserves order: if two points differ in one coordinate only, their codes compare as
 * that coordinate does.
 *
 * <p>Coordinates are unsigned values in the low {@code bitsPerDimension} bits of a {@code long}
 * (see {@link SortableBits} for mapping signed and floating-point numbers). Immutable and
 * thread-safe.
 */
public final class ZOrderCurve {
  private final int dimensions;
  private final int bits;
  private final int codeLength;

  /**
   * A curve over {@code dimensions} coordinates (1 to 8) of {@code bitsPerDimension} bits (1 to 64).
   *
   * @param dimensions the number of coordinates
   * @param bitsPerDimension the bits of each coordinate
   */
  public ZOrderCurve(int dimensions, int bitsPerDimension) {
    if (dimensions < 1 || dimensions > 8) {
      throw new IllegalArgumentException("dimensions must be 1 to 8: " + dimensions);
    }
    if (bitsPerDimension < 1 || bitsPerDimension > 64) {
      throw new IllegalArgumentException("bitsPerDimension must be 1 to 64: " + bitsPerDimension);
    }
    this.dimensions = dimensions;
    this.bits = bitsPerDimension;
    this.codeLength = (dimensions * bitsPerDimension + 7) / 8;
  }

  /** {@return the number of coordinates of a point} */
  public int dimensions() {
    return dimensions;
  }

  /** {@return the number of bits of each coordinate} */
  public int bitsPerDimension() {
    return bits;
  }

  /** {@return the length of every code in bytes; unused low bits of the last byte are zero} */
  public int codeLength() {
    return codeLength;
  }

  /** {@return the largest coordinate: {@code 2^bitsPerDimension - 1}, unsigned} */
  public long maxCoordinate() {
    return bits == 64 ? -1L : (1L << bits) - 1;
  }

  /**
   * {@return the code of the point {@code coordinates}}
   *
   * @param coordinates one coordinate per dimension
   * @throws IllegalArgumentException if the number of coordinates is wrong or one has bits above
   *     {@code bitsPerDimension}
   */
  public byte[] encode(long... coordinates) {
    checkPoint(coordinates);
    byte[] code = new byte[codeLength];
    int position = 0;
    for (int bit = bits - 1; bit >= 0; bit--) {
      for (int d = 0; d < dimensions; d++, position++) {
        if ((coordinates[d] >>> bit & 1L) != 0) {
          code[position >>> 3] |= (byte) (0x80 >>> (position & 7));
        }
      }
    }
    return code;
  }

  /**
   * {@return the point whose code is {@code code}: the inverse of {@link #encode}}
   *
   * @param code a code of this curve
   * @throws IllegalArgumentException if {@code code} does not have {@link #codeLength()} bytes
   */
  public long[] decode(byte[] code) {
    if (code.length != codeLength) {
      throw new IllegalArgumentException(
          "a code of this curve has " + codeLength + " bytes, found " + code.length);
    }
    long[] coordinates = new long[dimensions];
    int position = 0;
    for (int bit = bits - 1; bit >= 0; bit--) {
      for (int d = 0; d < dimensions; d++, position++) {
        if ((code[position >>> 3] & (0x80 >>> (position & 7))) != 0) {
          coordinates[d] |= 1L << bit;
        }
      }
    }
    return coordinates;
  }

  void checkPoint(long[] coordinates) {
    Objects.requireNonNull(coordinates, "coordinates");
    if (coordinates.length != dimensions) {
      throw new IllegalArgumentException(
          "a point of this curve has " + dimensions + " coordinates, found " + coordinates.length);
    }
    for (long c : coordinates) {
      if (bits < 64 && c >>> bits != 0) {
        throw new IllegalArgumentException(
            "coordinate " + Long.toUnsignedString(c) + " does not fit in " + bits + " bits: "
                + Arrays.toString(coordinates));
      }
    }
  }
}
