package dev.tessera.internal.kv;

import dev.tessera.tuple.TupleRange;
import java.util.Base64;

/**
 * The cursor of a listing, the one encoding every store and view uses: the packed key of the last
 * entry returned, base64url without padding. A listing resumed with it ({@link
 * dev.tessera.kv.ListSelector#after(String)}) starts strictly after that key in its direction. Page cursors of
 * queries ({@code dev.tessera.query.PageCursor}) use the same form.
 *
 * <p>The cursor is a pure function of the last key, so an iterator may keep that key and encode it
 * only when asked for its cursor. Stateless.
 */
public final class ListCursor {
  private ListCursor() {}

  /**
   * The cursor of a listing that last returned the key {@code packedKey}.
   *
   * @param packedKey a packed key; not modified
   * @return the cursor's string form
   */
  public static String encode(byte[] packedKey) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(packedKey);
  }

  /**
   * The packed key of a cursor, checked to be a key of 1 to {@code maxKeySize} bytes.
   *
   * @param cursor a cursor's string form
   * @param kind what the cursor is, for the message: {@code "list cursor"}, {@code "page cursor"}
   * @param maxKeySize the largest key the cursor may hold
   * @return the packed key, a new array
   * @throws IllegalArgumentException naming the cursor if it is not base64url or not such a key
   */
  public static byte[] decode(String cursor, String kind, int maxKeySize) {
    byte[] key;
    try {
      key = Base64.getUrlDecoder().decode(cursor);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Malformed " + kind + " '" + cursor + "': not base64url", e);
    }
    if (key.length == 0 || key.length > maxKeySize) {
      throw new IllegalArgumentException("Malformed " + kind + " '" + cursor
          + "': not a key of 1 to " + maxKeySize + " bytes");
    }
    return key;
  }

  /**
   * The packed key of a listing's cursor, checked to lie in the listed range.
   *
   * @param cursor a cursor's string form
   * @param range the range listed
   * @param maxKeySize the largest key the store holds
   * @return the packed key, a new array
   * @throws IllegalArgumentException naming the cursor if it is malformed or outside the range (a
   *     cursor of another listing)
   */
  public static byte[] decode(String cursor, TupleRange range, int maxKeySize) {
    byte[] key = decode(cursor, "list cursor", maxKeySize);
    if (!range.contains(key)) {
      throw new IllegalArgumentException(
          "List cursor '" + cursor + "' lies outside the listed range; it belongs to another listing");
    }
    return key;
  }
}
