package dev.tessera.query;

import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * Where a {@link Page} ended: the packed index key of its last row. A query resumed {@link
 * Query#after(PageCursor) after} it starts strictly after that key (before it when reversed), so
 * rows inserted or deleted meanwhile do not shift the following pages.
 *
 * <p>Its string form ({@link #toString()}) is URL-safe (base64url without padding) and {@link
 * #parse(String)} reads it back, so a cursor can travel through a web page or an API. It is opaque
 * but not secret: it holds the index values of the last row, as the key does.
 *
 * <p>Immutable and thread-safe.
 */
public final class PageCursor {
  /** LMDB's largest key; no index key is longer. */
  private static final int MAX_KEY_SIZE = 511;

  private final byte[] key;

  private PageCursor(byte[] key) {
    this.key = key;
  }

  /** The cursor of a row whose packed index key is {@code packedKey}; the array is copied. */
  static PageCursor ofKey(byte[] packedKey) {
    return new PageCursor(packedKey.clone());
  }

  /**
   * Reads a cursor from its {@link #toString()} form.
   *
   * @throws IllegalArgumentException if {@code text} is not a cursor's string form
   */
  public static PageCursor parse(String text) {
    Objects.requireNonNull(text, "text");
    byte[] key;
    try {
      key = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Malformed page cursor '" + text + "': not base64url", e);
    }
    if (key.length == 0 || key.length > MAX_KEY_SIZE) {
      throw new IllegalArgumentException(
          "Malformed page cursor '" + text + "': not an index key of 1 to 511 bytes");
    }
    return new PageCursor(key);
  }

  /** The packed index key; a new array on every call. */
  byte[] key() {
    return key.clone();
  }

  /** The URL-safe string form, read back by {@link #parse(String)}. */
  @Override
  public String toString() {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(key);
  }

  /** Equal when both cursors hold the same key. */
  @Override
  public boolean equals(Object o) {
    return o instanceof PageCursor && Arrays.equals(key, ((PageCursor) o).key);
  }

  /** A hash of the key, consistent with {@link #equals}. */
  @Override
  public int hashCode() {
    return Arrays.hashCode(key);
  }
}
