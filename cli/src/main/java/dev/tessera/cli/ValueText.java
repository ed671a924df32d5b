package dev.tessera.cli;

import dev.tessera.tuple.Tuple;

/** How {@code keys} shows a stored value. Stateless. */
final class ValueText {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private ValueText() {}

  /** The value as a tuple; {@code (empty)}; or, if it is no packed tuple, its bytes in hex. */
  static String of(byte[] value) {
    if (value.length == 0) {
      return "(empty)";
    }
    try {
      return Tuple.unpack(value).toString();
    } catch (RuntimeException notATuple) {
      StringBuilder hex = new StringBuilder(value.length * 2 + 16);
      hex.append(value.length).append(" bytes 0x");
      for (byte b : value) {
        hex.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
      }
      return hex.toString();
    }
  }
}
