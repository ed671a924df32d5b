package dev.tessera.query.spatial;

/**
 * Maps numbers to unsigned bit patterns whose unsigned order is the numbers' order, as a
 * multi-dimensional index needs (negative values represented as unsigned integers): instead of
 * adding an offset, the sign bit is flipped, which is the same offset for two's complement
 * integers and needs no knowledge of the smallest value.
 *
 * <ul>
 *   <li>32-bit integers: {@code v ^ 0x8000_0000}, so {@code Integer.MIN_VALUE} maps to 0 and {@code
 *       Integer.MAX_VALUE} to {@code 0xFFFF_FFFF} (the result is in the low 32 bits of a long);
 *   <li>64-bit integers: {@code v ^ Long.MIN_VALUE};
 *   <li>floats and doubles (IEEE 754): the sign bit is flipped for positive values and every bit is
 *       flipped for negative ones, so {@code -Infinity < ... < -MIN_VALUE < 0.0 < MIN_VALUE < ... <
 *       Infinity}. {@code -0.0} maps like {@code 0.0} (they are equal numbers, {@code -0.0 == 0.0}),
 *       and NaN, which has no place in the order, is rejected.
 * </ul>
 *
 * <p>Stateless and thread-safe.
 */
public final class SortableBits {
  private static final long LOW_32 = 0xFFFF_FFFFL;

  private SortableBits() {}

  /**
   * {@return the order-preserving unsigned 32-bit pattern of {@code value}, in the low half of a
   * long}
   *
   * @param value the value
   */
  public static long ofInt(int value) {
    return (value ^ Integer.MIN_VALUE) & LOW_32;
  }

  /**
   * {@return the inverse of {@link #ofInt}}
   *
   * @param bits the bit pattern
   */
  public static int toInt(long bits) {
    return (int) bits ^ Integer.MIN_VALUE;
  }

  /**
   * {@return the order-preserving unsigned 64-bit pattern of {@code value}}
   *
   * @param value the value
   */
  public static long ofLong(long value) {
    return value ^ Long.MIN_VALUE;
  }

  /**
   * {@return the inverse of {@link #ofLong}}
   *
   * @param bits the bit pattern
   */
  public static long toLong(long bits) {
    return bits ^ Long.MIN_VALUE;
  }

  /**
   * {@return the order-preserving unsigned 32-bit pattern of {@code value}, in the low half of a
   * long}
   *
   * @param value the value
   * @throws IllegalArgumentException if {@code value} is NaN
   */
  public static long ofFloat(float value) {
    if (Float.isNaN(value)) {
      throw new IllegalArgumentException("NaN has no place in the order of numbers");
    }
    int bits = Float.floatToRawIntBits(value == 0.0f ? 0.0f : value);
    return (bits < 0 ? ~bits : bits ^ Integer.MIN_VALUE) & LOW_32;
  }

  /**
   * {@return the inverse of {@link #ofFloat} ({@code -0.0f} comes back as {@code 0.0f})}
   *
   * @param bits the bit pattern
   */
  public static float toFloat(long bits) {
    int raw = (int) bits;
    return Float.intBitsToFloat(raw < 0 ? raw ^ Integer.MIN_VALUE : ~raw);
  }

  /**
   * {@return the order-preserving unsigned 64-bit pattern of {@code value}}
   *
   * @param value the value
   * @throws IllegalArgumentException if {@code value} is NaN
   */
  public static long ofDouble(double value) {
    if (Double.isNaN(value)) {
      throw new IllegalArgumentException("NaN has no place in the order of numbers");
    }
    long bits = Double.doubleToRawLongBits(value == 0.0 ? 0.0 : value);
    return bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
  }

  /**
   * {@return the inverse of {@link #ofDouble} ({@code -0.0} comes back as {@code 0.0})}
   *
   * @param bits the bit pattern
   */
  public static double toDouble(long bits) {
    return Double.longBitsToDouble(bits < 0 ? bits ^ Long.MIN_VALUE : ~bits);
  }
}
