package dev.tessera.testkit;

import dev.tessera.TesseraException;

/**
 * Thrown by a read at a revision the simulated store has compacted away: a snapshot, or a later
 * batch of a listing (which reads at its first batch's revision). etcd throws {@code
 * SnapshotCompactedException} when its compaction passes a revision still being read. Immutable and
 * thread-safe.
 */
public final class SimulatedSnapshotExpiredException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param revision the revision read
   * @param compactedBelow the oldest revision still readable
   */
  public SimulatedSnapshotExpiredException(long revision, long compactedBelow) {
    super("Cannot read at revision " + revision + " of the simulated store: it was compacted, the"
        + " oldest readable revision is " + compactedBelow + "; read again from a new snapshot");
  }
}
