package dev.tessera.tuple;

import java.math.BigInteger;
import java.util.UUID;

/**
 * Writes normalised tuple parts in the FoundationDB tuple-layer encoding: the one encoding of every
 * part type, which {@link Tuple} and {@link TupleWriter} share. {@link Tuple} packs in two passes:
 * {@link #size} computes the exact length so {@link #write} fills one right-sized array without
 * copying; {@link TupleWriter} sizes and writes one part at a time. Parts were validated before
 * they get here, so nothing here can fail.
 *
 * <p>Stateless; thread-safe.
 */
final class TupleEncoder {
  static final int NULL = 0x00;
  static final int BYTES = 0x01;
  static final int STRING = 0x02;
  static final int NESTED = 0x05;
  static final int NEG_INT_BIG = 0x0b;
  static final int INT_ZERO = 0x14;
  static final int POS_INT_BIG = 0x1d;
  static final int FLOAT = 0x20;
  static final int DOUBLE = 0x21;
  static final int FALSE = 0x26;
  static final int TRUE = 0x27;
  static final int UUID_CODE = 0x30;
  static final int VERSIONSTAMP = 0x33;
  /** FDB versionstamps are 12 bytes: ours (10) plus a 2-byte user version that we always set to 0. */
  static final int VERSIONSTAMP_LENGTH = 12;
  /** The packed lengths of the fixed-size parts. */
  static final int DOUBLE_SIZE = 9;
  static final int FLOAT_SIZE = 5;
  static final int UUID_SIZE = 17;
  /** The longest packing of a long: a type code and 8 bytes. */
  static final int MAX_LONG_SIZE = 9;

  private TupleEncoder() {}

  /** The packed length of {@code items}; {@code nested} makes nulls two bytes (0x00 0xFF). */
  static long size(Object[] items, boolean nested) {
    long size = 0;
    for (Object item : items) {
      size += partSize(item, nested);
    }
    return size;
  }

  /** The packed length of one normalised part; {@code nested} makes a null two bytes. */
  static long partSize(Object item, boolean nested) {
    if (item == null) {
      return nested ? 2 : 1;
    } else if (item instanceof Long) {
      return longSize((Long) item);
    } else if (item instanceof String) {
      return stringSize((String) item);
    } else if (item instanceof byte[]) {
      return bytesSize((byte[]) item);
    } else if (item instanceof Tuple) {
      return 2 + size(((Tuple) item).parts(), true);
    } else if (item instanceof Boolean) {
      return 1;
    } else if (item instanceof Double) {
      return DOUBLE_SIZE;
    } else if (item instanceof Float) {
      return FLOAT_SIZE;
    } else if (item instanceof UUID) {
      return UUID_SIZE;
    } else if (item instanceof Versionstamp) {
      return 1 + VERSIONSTAMP_LENGTH;
    } else {
      int n = magnitudeByteCount((BigInteger) item);
      return n > 8 ? 2 + n : 1 + n;
    }
  }

  /**
   * {@code size} as the length of the array that holds a packing of that size.
   *
   * @throws IllegalStateException if no array is that long
   */
  static int arrayLength(long size) {
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("Tuple packs to " + size + " bytes, more than an array holds");
    }
    return (int) size;
  }

  /** Writes {@code items} at {@code pos}; returns the position after the last byte written. */
  static int write(Object[] items, boolean nested, byte[] out, int pos) {
    for (Object item : items) {
      pos = writePart(item, nested, out, pos);
    }
    return pos;
  }

  /** Writes one normalised part at {@code pos}; returns the position after it. */
  static int writePart(Object item, boolean nested, byte[] out, int pos) {
    if (item == null) {
      return writeNull(nested, out, pos);
    } else if (item instanceof Long) {
      return writeLong((Long) item, out, pos);
    } else if (item instanceof String) {
      return writeString((String) item, out, pos);
    } else if (item instanceof byte[]) {
      return writeBytes((byte[]) item, out, pos);
    } else if (item instanceof Tuple) {
      out[pos++] = NESTED;
      pos = write(((Tuple) item).parts(), true, out, pos);
      out[pos++] = 0;
      return pos;
    } else if (item instanceof Boolean) {
      return writeBoolean((Boolean) item, out, pos);
    } else if (item instanceof Double) {
      return writeDouble((Double) item, out, pos);
    } else if (item instanceof Float) {
      return writeFloat((Float) item, out, pos);
    } else if (item instanceof UUID) {
      return writeUuid((UUID) item, out, pos);
    } else if (item instanceof Versionstamp) {
      out[pos++] = VERSIONSTAMP;
      ((Versionstamp) item).write(out, pos);
      pos += Versionstamp.LENGTH;
      out[pos++] = 0;
      out[pos++] = 0;
      return pos;
    } else {
      return writeBigInteger((BigInteger) item, out, pos);
    }
  }

  // ---- one part of each type: the part writers above and TupleWriter share these ----

  static int writeNull(boolean nested, byte[] out, int pos) {
    out[pos++] = NULL;
    if (nested) {
      out[pos++] = (byte) 0xFF;
    }
    return pos;
  }

  /** The packed length of the integer {@code v}. */
  static int longSize(long v) {
    return 1 + longByteCount(v);
  }

  /** The packed length of {@code s} (which has no unpaired surrogate). */
  static long stringSize(String s) {
    return 2 + utf8EscapedLength(s);
  }

  static int writeString(String s, byte[] out, int pos) {
    out[pos++] = STRING;
    pos = writeUtf8Escaped(s, out, pos);
    out[pos++] = 0;
    return pos;
  }

  /** The packed length of the byte string {@code bytes}: each 0x00 is escaped as 0x00 0xFF. */
  static long bytesSize(byte[] bytes) {
    int zeros = 0;
    for (byte b : bytes) {
      if (b == 0) {
        zeros++;
      }
    }
    return 2L + bytes.length + zeros;
  }

  static int writeBytes(byte[] bytes, byte[] out, int pos) {
    out[pos++] = BYTES;
    for (byte b : bytes) {
      out[pos++] = b;
      if (b == 0) {
        out[pos++] = (byte) 0xFF;
      }
    }
    out[pos++] = 0;
    return pos;
  }

  static int writeBoolean(boolean value, byte[] out, int pos) {
    out[pos++] = (byte) (value ? TRUE : FALSE);
    return pos;
  }

  static int writeDouble(double value, byte[] out, int pos) {
    long bits = Double.doubleToRawLongBits(value);
    // Flip the sign bit of positives and every bit of negatives: byte order becomes numeric order.
    bits = bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
    out[pos++] = DOUBLE;
    return writeBigEndian(bits, 8, out, pos);
  }

  static int writeFloat(float value, byte[] out, int pos) {
    int bits = Float.floatToRawIntBits(value);
    bits = bits < 0 ? ~bits : bits ^ Integer.MIN_VALUE;
    out[pos++] = FLOAT;
    return writeBigEndian(bits, 4, out, pos);
  }

  static int writeUuid(UUID uuid, byte[] out, int pos) {
    out[pos++] = UUID_CODE;
    pos = writeBigEndian(uuid.getMostSignificantBits(), 8, out, pos);
    return writeBigEndian(uuid.getLeastSignificantBits(), 8, out, pos);
  }

  /** Bytes needed for |v| (Long.MIN_VALUE's magnitude 2^63 needs 8). */
  private static int longByteCount(long v) {
    long magnitude = v >= 0 ? v : -v;
    return (Long.SIZE + 7 - Long.numberOfLeadingZeros(magnitude)) / 8;
  }

  static int writeLong(long v, byte[] out, int pos) {
    int n = longByteCount(v);
    if (v >= 0) {
      out[pos++] = (byte) (INT_ZERO + n);
      return writeBigEndian(v, n, out, pos);
    }
    out[pos++] = (byte) (INT_ZERO - n);
    // Negatives store the ones' complement of the magnitude, which is (v - 1) in two's complement.
    return writeBigEndian(v - 1, n, out, pos);
  }

  static int magnitudeByteCount(BigInteger v) {
    return (v.abs().bitLength() + 7) / 8;
  }

  private static int writeBigInteger(BigInteger v, byte[] out, int pos) {
    BigInteger magnitude = v.abs();
    int n = (magnitude.bitLength() + 7) / 8;
    boolean negative = v.signum() < 0;
    if (n > 8) {
      out[pos++] = (byte) (negative ? NEG_INT_BIG : POS_INT_BIG);
      out[pos++] = (byte) (negative ? n ^ 0xFF : n);
    } else {
      out[pos++] = (byte) (negative ? INT_ZERO - n : INT_ZERO + n);
    }
    byte[] raw = magnitude.toByteArray();
    int skip = raw.length - n; // toByteArray may add a leading sign byte
    for (int i = 0; i < n; i++) {
      byte b = raw[skip + i];
      out[pos++] = negative ? (byte) ~b : b;
    }
    return pos;
  }

  private static int writeBigEndian(long v, int n, byte[] out, int pos) {
    for (int shift = 8 * (n - 1); shift >= 0; shift -= 8) {
      out[pos++] = (byte) (v >>> shift);
    }
    return pos;
  }

  /** UTF-8 length with each U+0000 counted twice (escaped as 0x00 0xFF); surrogates are paired. */
  private static long utf8EscapedLength(String s) {
    long length = 0;
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        length += c == 0 ? 2 : 1;
      } else if (c < 0x800) {
        length += 2;
      } else if (Character.isHighSurrogate(c)) {
        length += 4;
        i++;
      } else {
        length += 3;
      }
    }
    return length;
  }

  private static int writeUtf8Escaped(String s, byte[] out, int pos) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        out[pos++] = (byte) c;
        if (c == 0) {
          out[pos++] = (byte) 0xFF;
        }
      } else if (c < 0x800) {
        out[pos++] = (byte) (0xC0 | (c >> 6));
        out[pos++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        out[pos++] = (byte) (0xF0 | (cp >> 18));
        out[pos++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        out[pos++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        out[pos++] = (byte) (0x80 | (cp & 0x3F));
      } else {
        out[pos++] = (byte) (0xE0 | (c >> 12));
        out[pos++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        out[pos++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return pos;
  }

  /** Index of the first unpaired surrogate in {@code s}, or -1 if every surrogate is paired. */
  static int firstUnpairedSurrogate(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          return i;
        }
      }
    }
    return -1;
  }
}
