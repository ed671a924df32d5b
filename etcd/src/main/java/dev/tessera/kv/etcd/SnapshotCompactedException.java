package dev.tessera.kv.etcd;

import dev.tessera.TesseraException;
import dev.tessera.kv.TransientFailure;

/**
 * Thrown when a snapshot (or a listing, which reads its pages at one revision) reads a revision that
 * etcd has already compacted away: the snapshot is too old to be read any more. Start a new
 * snapshot; if this happens often, lower the time snapshots are held or raise etcd's
 * {@code --auto-compaction-retention}. Immutable and thread-safe.
 */
public final class SnapshotCompactedException extends TesseraException implements TransientFailure {
  private static final long serialVersionUID = 1L;

  /** The snapshot's revision. */
  private final long revision;
  /** The revision etcd compacted up to, or 0 if it did not say. */
  private final long compactedRevision;

  /**
   * Creates the exception.
   *
   * @param revision the snapshot's revision
   * @param compactedRevision the revision etcd compacted up to, or 0 if it did not say
   * @param cause the client's failure
   */
  public SnapshotCompactedException(long revision, long compactedRevision, Throwable cause) {
    super("The snapshot at etcd revision " + revision + " can no longer be read: etcd compacted its"
        + " history" + (compactedRevision > 0 ? " up to revision " + compactedRevision : "")
        + "; start a new snapshot (and keep snapshots shorter than the cluster's"
        + " --auto-compaction-retention)", cause);
    this.revision = revision;
    this.compactedRevision = compactedRevision;
  }

  /** {@return the snapshot's revision} */
  public long revision() {
    return revision;
  }

  /** {@return the revision etcd compacted up to, or 0 if it did not say} */
  public long compactedRevision() {
    return compactedRevision;
  }
}
