package dev.tessera.testkit;

/**
 * How often a {@link SimulatedKvStore} injects each {@link Fault}: each is a probability from 0 to
 * 1, drawn per call from the store's seeded random source, so the same seed and the same calls
 * give the same faults. Immutable and thread-safe.
 *
 * <pre>{@code
 * FaultPlan plan = FaultPlan.none().withUnknownOutcome(0.02).withConflict(0.05).withCrash(0.001);
 * }</pre>
 *
 * @param unknownOutcome per commit: its outcome is unknown to the caller (applied or not, half
 *     each)
 * @param conflict per commit with a check on a present key: another writer changes that key first
 * @param commitTooLarge per commit of two or more operations: it exceeds a limit drawn below its
 *     size
 * @param snapshotExpiry per read through a snapshot that is older than the last commit: the
 *     snapshot was compacted away
 * @param crash per call: the process crashes (a commit before or after it is applied)
 * @param delay per call: the call takes up to a second of simulated time
 */
public record FaultPlan(
    double unknownOutcome,
    double conflict,
    double commitTooLarge,
    double snapshotExpiry,
    double crash,
    double delay) {

  private static final FaultPlan NONE = new FaultPlan(0, 0, 0, 0, 0, 0);

  /**
   * Validates the probabilities.
   *
   * @param unknownOutcome the probability of an unknown outcome, per commit
   * @param conflict the probability of a conflict, per commit with a check on a present key
   * @param commitTooLarge the probability of a commit over a limit, per commit of two or more
   *     operations
   * @param snapshotExpiry the probability of an expired snapshot, per read through an outdated
   *     snapshot
   * @param crash the probability of a crash, per call
   * @param delay the probability of a delay, per call
   */
  public FaultPlan {
    probability("unknownOutcome", unknownOutcome);
    probability("conflict", conflict);
    probability("commitTooLarge", commitTooLarge);
    probability("snapshotExpiry", snapshotExpiry);
    probability("crash", crash);
    probability("delay", delay);
  }

  /**
   * No faults: the store behaves exactly as the LMDB store does.
   *
   * @return a plan without faults
   */
  public static FaultPlan none() {
    return NONE;
  }

  /**
   * {@return a copy with {@code p} as the probability of an unknown commit outcome}
   *
   * @param p the probability
   */
  public FaultPlan withUnknownOutcome(double p) {
    return new FaultPlan(p, conflict, commitTooLarge, snapshotExpiry, crash, delay);
  }

  /**
   * {@return a copy with {@code p} as the probability of a conflict}
   *
   * @param p the probability
   */
  public FaultPlan withConflict(double p) {
    return new FaultPlan(unknownOutcome, p, commitTooLarge, snapshotExpiry, crash, delay);
  }

  /**
   * {@return a copy with {@code p} as the probability of a commit over a limit}
   *
   * @param p the probability
   */
  public FaultPlan withCommitTooLarge(double p) {
    return new FaultPlan(unknownOutcome, conflict, p, snapshotExpiry, crash, delay);
  }

  /**
   * {@return a copy with {@code p} as the probability of an expired snapshot}
   *
   * @param p the probability
   */
  public FaultPlan withSnapshotExpiry(double p) {
    return new FaultPlan(unknownOutcome, conflict, commitTooLarge, p, crash, delay);
  }

  /**
   * {@return a copy with {@code p} as the probability of a crash}
   *
   * @param p the probability
   */
  public FaultPlan withCrash(double p) {
    return new FaultPlan(unknownOutcome, conflict, commitTooLarge, snapshotExpiry, p, delay);
  }

  /**
   * {@return a copy with {@code p} as the probability of a delay}
   *
   * @param p the probability
   */
  public FaultPlan withDelay(double p) {
    return new FaultPlan(unknownOutcome, conflict, commitTooLarge, snapshotExpiry, crash, p);
  }

  private static void probability(String name, double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException(name + " must be a probability in 0..1, was " + p);
    }
  }
}
