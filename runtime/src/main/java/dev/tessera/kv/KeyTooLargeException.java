package dev.tessera.kv;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;

/**
 * Thrown before anything is written when a key packs to more bytes than the store accepts. The
 * message shows the start of the key, decoded as a tuple, so the offending entity or index can be
 * recognised. Immutable and thread-safe.
 */
public final class KeyTooLargeException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final transient Tuple key;
  private final int size;
  private final int limit;

  /**
   * Creates the exception.
   *
   * @param key the key that is too large
   * @param size its packed size in bytes
   * @param limit the largest packed key size the store accepts
   */
  public KeyTooLargeException(Tuple key, int size, int limit) {
    super("Key of " + size + " bytes exceeds the limit of " + limit + " bytes: "
        + KeyPreview.of(key));
    this.key = key;
    this.size = size;
    this.limit = limit;
  }

  /** The key that is too large. */
  public Tuple key() {
    return key;
  }

  /** The packed size of the key in bytes. */
  public int size() {
    return size;
  }

  /** The largest packed key size the store accepts, in bytes. */
  public int limit() {
    return limit;
  }
}
