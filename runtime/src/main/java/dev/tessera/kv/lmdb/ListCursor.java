package dev.tessera.kv.lmdb;

import java.util.Base64;

/**
 * The opaque cursor of a listing: the packed key of the last entry returned, base64url without
 * padding. A resumed listing starts strictly after that key in its direction. Stateless.
 */
final class ListCursor {
  private ListCursor() {}

  /** The cursor for a listing that last returned {@code packedKey}. */
  static String encode(byte[] packedKey) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(packedKey);
  }

  /**
   * The packed key of {@code cursor}, which must lie in {@code [begin, end)}.
   *
   * @throws IllegalArgumentException if the cursor is malformed or outside the range
   */
  static byte[] decode(String cursor, byte[] begin, byte[] end) {
    byte[] key;
    try {
      key = Base64.getUrlDecoder().decode(cursor);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Malformed list cursor '" + cursor + "': not base64url", e);
    }
    if (key.length == 0 || key.length > StoredEntry.MAX_KEY_SIZE) {
      throw new IllegalArgumentException(
          "Malformed list cursor '" + cursor + "': not a key of 1 to 511 bytes");
    }
    if (KeyBytes.compare(key, begin) < 0 || KeyBytes.compare(key, end) >= 0) {
      throw new IllegalArgumentException(
          "List cursor '" + cursor + "' lies outside the listed range; it belongs to another listing");
    }
    return key;
  }
}
