package dev.tessera.kv;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;

/**
 * Thrown before anything is written when a value is larger than the store accepts. Immutable and
 * thread-safe.
 */
public final class ValueTooLargeException extends TesseraException implements KeyedFailure {
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
    this(key, size, limit, KeyDescriber.tuples(), null);
  }

  private ValueTooLargeException(Tuple key, long size, long limit, KeyDescriber names, Throwable cause) {
    super(names.lead(key) + "Value of " + size + " bytes for key " + names.parts(key)
        + " exceeds the limit of " + limit + " bytes", cause);
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

  @Override
  public ValueTooLargeException withNames(KeyDescriber names) {
    ValueTooLargeException named = new ValueTooLargeException(key, size, limit, names, getCause());
    named.setStackTrace(getStackTrace());
    return named;
  }
}
