package dev.tessera.kv.lmdb;

import dev.tessera.TesseraException;

/**
 * Thrown when every LMDB reader slot is taken by open reads, snapshots and iterators (of all
 * processes sharing the store). Close some, or raise {@link LmdbOptions#maxReaders()}. Immutable
 * and thread-safe.
 */
public final class TooManyReadersException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The number of reader slots. */
  private final int maxReaders;

  /**
   * Creates the exception.
   *
   * @param maxReaders the number of reader slots
   * @param cause LMDB's failure
   */
  public TooManyReadersException(int maxReaders, Throwable cause) {
    super("All " + maxReaders + " LMDB reader slots are in use; close snapshots and iterators"
        + " or raise LmdbOptions.maxReaders", cause);
    this.maxReaders = maxReaders;
  }

  /** {@return the configured number of reader slots} */
  public int maxReaders() {
    return maxReaders;
  }
}
