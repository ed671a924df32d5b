package dev.tessera.kv;

import dev.tessera.TesseraException;

/**
 * Thrown by {@link AtomicOperation#commit()} before anything is written when the commit exceeds a
 * limit of the store on what one commit may hold (operations, or bytes). Nothing is written; the
 * same work split into smaller commits may succeed. Stores whose commits are unbounded (LMDB) never
 * throw it. Work done in batches (index builds, verify and repair) catches it and retries with
 * smaller batches; a store may throw a subclass naming its own setting. Immutable and thread-safe.
 */
public class CommitTooLargeException extends TesseraException implements KeyedFailure {
  private static final long serialVersionUID = 1L;

  /** The name of the limit the commit exceeds. */
  private final String limitName;
  /** The limit. */
  private final long limit;
  /** What the commit needs. */
  private final long actual;

  /**
   * Creates the exception.
   *
   * @param message the full message: the limit, the commit's size, and what to do
   * @param limitName the store's name for the limit exceeded
   * @param limit its value
   * @param actual what the commit needed
   */
  public CommitTooLargeException(String message, String limitName, long limit, long actual) {
    super(message);
    this.limitName = limitName;
    this.limit = limit;
    this.actual = actual;
  }

  /** {@return the store's name for the limit exceeded} */
  public String limitName() {
    return limitName;
  }

  /** {@return the limit's value} */
  public long limit() {
    return limit;
  }

  /** {@return what the commit needed} */
  public long actual() {
    return actual;
  }

  /**
   * This exception: its message names no keys. A store whose message names the keys contributing
   * most to the commit overrides it, returning its own type.
   */
  @Override
  public CommitTooLargeException withNames(KeyDescriber names) {
    return this;
  }
}
