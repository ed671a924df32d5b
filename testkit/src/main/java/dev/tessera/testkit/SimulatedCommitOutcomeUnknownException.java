package dev.tessera.testkit;

import dev.tessera.TesseraException;

/**
 * Thrown by a simulated commit whose outcome the client cannot know: it was applied entirely or not
 * at all. etcd's store throws {@code CommitOutcomeUnknownException} in the same situation (no
 * majority answered before its outcome timeout); an LMDB commit cut short by a crash of the machine
 * leaves the same doubt to whoever asked for it. Immutable and thread-safe.
 */
public final class SimulatedCommitOutcomeUnknownException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final long commitId;

  /**
   * Creates the exception.
   *
   * @param commitId the number of the commit in its storage's log of unknown outcomes
   */
  public SimulatedCommitOutcomeUnknownException(long commitId) {
    super("The outcome of simulated commit " + commitId + " is unknown: it was applied entirely or"
        + " not at all; read the keys it wrote to find out");
    this.commitId = commitId;
  }

  /** The number of the commit in its storage's log of unknown outcomes. */
  public long commitId() {
    return commitId;
  }
}
