package dev.tessera.testkit;

import dev.tessera.kv.CommitTooLargeException;

/**
 * A simulated commit with more checks and writes than the store's limit, as etcd refuses one over
 * {@code --max-txn-ops}. Nothing is written. Immutable and thread-safe.
 */
public final class SimulatedCommitTooLargeException extends CommitTooLargeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param limit the most checks plus writes one commit may hold
   * @param actual what the commit held
   */
  public SimulatedCommitTooLargeException(long limit, long actual) {
    super("A commit of " + actual + " checks and writes exceeds the simulated store's limit of "
        + limit + " per commit; split the work into smaller commits", "max-ops", limit, actual);
  }
}
