package dev.tessera.kv.lmdb;

import org.agrona.DirectBuffer;

/** Unsigned lexicographic comparison of keys, LMDB's default key order. Stateless. */
final class KeyBytes {
  private KeyBytes() {}

  /** Compares a key in LMDB memory with a key on the heap. */
  static int compare(DirectBuffer a, byte[] b) {
    int length = Math.min(a.capacity(), b.length);
    for (int i = 0; i < length; i++) {
      int diff = (a.getByte(i) & 0xff) - (b[i] & 0xff);
      if (diff != 0) {
        return diff;
      }
    }
    return a.capacity() - b.length;
  }

  /** Compares two heap keys. */
  static int compare(byte[] a, byte[] b) {
    return java.util.Arrays.compareUnsigned(a, b);
  }

  /** A heap copy of a key in LMDB memory. */
  static byte[] copy(DirectBuffer buffer) {
    byte[] bytes = new byte[buffer.capacity()];
    buffer.getBytes(0, bytes);
    return bytes;
  }
}
