package dev.tessera.kv;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;

/**
 * Thrown before anything is written when a value is larger than the store accepts. Immutable and
 * thread-safe.
 */
public final class ValueTooLargeException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final transient Tuple key;
  /** The value's size, in bytes. */
  private final long size;
  /** The largest size accepted, in bytes. */
  private final long limit;

  /**
   * Creates the exception.
   *
   * @param key the key the value was to be stored under
   * @param size the value's size in bytes
   * @param limit the largest value size the store accepts
   */
  public ValueTooLargeException(Tuple key, long size, long limit) {
    super("Value of " + size + " bytes for key " + KeyPreview.of(key)
        + " exceeds the limit of " + limit + " bytes");
    this.key = key;
    this.size = size;
    this.limit = limit;
  }

  /** {@return the key the value was to be stored under} */
  public Tuple key() {
    return key;
  }

  /** {@return the value's size in bytes} */
  public long size() {
    return size;
  }

  /** {@return the largest value size the store accepts, in bytes} */
  public long limit() {
    return limit;
  }
}
