package dev.tessera.testkit;

/**
 * A failure a {@link SimulatedKvStore} injects on purpose. Each is one that a real backend can
 * produce; docs/reliability.md ("Simulation") maps each to LMDB and etcd.
 */
public enum Fault {
  /**
   * The commit was applied, but the caller gets {@link
   * dev.tessera.kv.etcd.CommitOutcomeUnknownException}: etcd applied it and the answer was lost.
   */
  UNKNOWN_OUTCOME_APPLIED,
  /**
   * The commit was not applied, and the caller gets {@link
   * dev.tessera.kv.etcd.CommitOutcomeUnknownException}: the request never reached a majority.
   */
  UNKNOWN_OUTCOME_NOT_APPLIED,
  /**
   * Another writer changed a key the commit checks, just before it: the commit fails its check as
   * it would against a real concurrent writer (the key keeps its value and gets a new versionstamp).
   */
  CONFLICT,
  /**
   * The commit holds more operations than the store's limit (drawn at random when the store is
   * made) and fails with {@link dev.tessera.kv.etcd.CommitTooLargeException}, writing nothing.
   */
  COMMIT_TOO_LARGE,
  /**
   * The snapshot's state was compacted away: this read and every later one through the snapshot
   * fail with {@link dev.tessera.kv.etcd.SnapshotCompactedException}.
   */
  SNAPSHOT_EXPIRED,
  /**
   * The process crashed: every client loses its in-memory state ({@link SimulatedCrash} is thrown,
   * every open snapshot, iterator and uncommitted operation is dead), the committed data stays. A
   * commit crashes before or after it is applied.
   */
  CRASH,
  /** The call took a while: the {@link SimulatedClock} moves on by up to a second. */
  DELAY
}
