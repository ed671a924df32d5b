package dev.tessera.benchmarks.store;

import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The FoundationDB tuple encoding of strings and integers, written by hand straight into and out of
 * off-heap buffers: what a developer writing lmdbjava directly would do, so that the raw contender
 * is the floor (no tuple objects, no intermediate arrays for ASCII text). The bytes equal
 * {@code dev.tessera.tuple.Tuple.pack()}; {@code KeyLayoutParityTest} checks it.
 *
 * <p>Stateless, hence thread-safe.
 */
final class RawTupleCodec {
  private static final byte STRING = 0x02;
  private static final int INT_ZERO = 0x14;

  private RawTupleCodec() {}

  /** Writes {@code s} as a tuple string element at {@code at}; returns the offset after it. */
  static int putString(MutableDirectBuffer buffer, int at, String s) {
    int pos = at;
    buffer.putByte(pos++, STRING);
    int length = s.length();
    for (int i = 0; i < length; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        return putUtf8(buffer, at, s);
      }
      buffer.putByte(pos++, (byte) c);
      if (c == 0) {
        buffer.putByte(pos++, (byte) 0xFF);
      }
    }
    buffer.putByte(pos++, (byte) 0);
    return pos;
  }

  private static int putUtf8(MutableDirectBuffer buffer, int at, String s) {
    int pos = at;
    buffer.putByte(pos++, STRING);
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      buffer.putByte(pos++, b);
      if (b == 0) {
        buffer.putByte(pos++, (byte) 0xFF);
      }
    }
    buffer.putByte(pos++, (byte) 0);
    return pos;
  }

  /** Writes {@code v} as a tuple integer element at {@code at}; returns the offset after it. */
  static int putLong(MutableDirectBuffer buffer, int at, long v) {
    if (v == 0) {
      buffer.putByte(at, (byte) INT_ZERO);
      return at + 1;
    }
    if (v == Long.MIN_VALUE) {
      throw new IllegalArgumentException("Long.MIN_VALUE is not used by the benchmark");
    }
    long magnitude = Math.abs(v);
    int n = (64 - Long.numberOfLeadingZeros(magnitude) + 7) / 8;
    long bits = v > 0 ? magnitude : ~magnitude;
    buffer.putByte(at, (byte) (v > 0 ? INT_ZERO + n : INT_ZERO - n));
    for (int i = 0; i < n; i++) {
      buffer.putByte(at + 1 + i, (byte) (bits >>> (8 * (n - 1 - i))));
    }
    return at + 1 + n;
  }

  /** The offset after the element (string or integer) starting at {@code at}. */
  static int skip(DirectBuffer buffer, int at) {
    int code = buffer.getByte(at) & 0xFF;
    if (code == STRING) {
      int pos = at + 1;
      while (true) {
        if (buffer.getByte(pos) == 0) {
          if (pos + 1 < buffer.capacity() && buffer.getByte(pos + 1) == (byte) 0xFF) {
            pos += 2;
            continue;
          }
          return pos + 1;
        }
        pos++;
      }
    }
    return at + 1 + Math.abs(code - INT_ZERO);
  }

  /** The string element starting at {@code at}. */
  static String getString(DirectBuffer buffer, int at) {
    int end = skip(buffer, at) - 1;
    int start = at + 1;
    int length = end - start;
    boolean ascii = true;
    for (int i = start; i < end && ascii; i++) {
      byte b = buffer.getByte(i);
      ascii = b > 0;
    }
    if (ascii) {
      return buffer.getStringWithoutLengthAscii(start, length);
    }
    byte[] bytes = new byte[length];
    int n = 0;
    for (int i = start; i < end; i++) {
      byte b = buffer.getByte(i);
      bytes[n++] = b;
      if (b == 0) {
        i++; // the 0xFF escape
      }
    }
    return new String(bytes, 0, n, StandardCharsets.UTF_8);
  }

  /** The integer element starting at {@code at}. */
  static long getLong(DirectBuffer buffer, int at) {
    int code = buffer.getByte(at) & 0xFF;
    int n = Math.abs(code - INT_ZERO);
    long bits = 0;
    for (int i = 0; i < n; i++) {
      bits = (bits << 8) | (buffer.getByte(at + 1 + i) & 0xFF);
    }
    if (code >= INT_ZERO) {
      return bits;
    }
    long mask = n == 8 ? -1L : (1L << (8 * n)) - 1;
    return -(~bits & mask);
  }
}
