package dev.tessera.testkit;

/**
 * How often a {@link SimulatedStorage} injects each fault, as a probability per store call that can
 * produce it (0 turns a fault off). Every fault is one a real backend produces; the mapping is in
 * {@link SimulatedStorage}. Immutable and thread-safe.
 *
 * @param unknownOutcome a commit throws {@link SimulatedCommitOutcomeUnknownException} after it was,
 *     or was not, applied (one chance in two)
 * @param conflict before a commit is evaluated, a competing commit rewrites one key it checks (same
 *     value, new versionstamp), so the check fails as it does when another client won the race
 * @param expiredSnapshot a read at an older revision (a snapshot, a later batch of a listing) finds
 *     the history compacted and throws {@link SimulatedSnapshotExpiredException}
 * @param crash the call crashes every client of the store (a commit first applies, or does not):
 *     every connection fails from then on with {@link SimulatedCrashException}; the data stays
 * @param delay the call is held back while the other clients run, and the simulated clock advances
 * @param commitLimit the most checks plus writes one commit may hold ({@code
 *     SimulatedCommitTooLargeException} above it), as etcd's {@code --max-txn-ops}; {@link
 *     Integer#MAX_VALUE} for none
 */
public record FaultPlan(
    double unknownOutcome,
    double conflict,
    double expiredSnapshot,
    double crash,
    double delay,
    int commitLimit) {

  /** Validates the probabilities and the limit. */
  public FaultPlan {
    for (double p : new double[] {unknownOutcome, conflict, expiredSnapshot, crash, delay}) {
      if (p < 0 || p > 1) {
        throw new IllegalArgumentException("a fault probability must be in 0..1, was " + p);
      }
    }
    if (commitLimit < 1) {
      throw new IllegalArgumentException("commit limit must be at least 1, was " + commitLimit);
    }
  }

  /** No faults: the store behaves as a correct, unbounded, always-available store. */
  public static FaultPlan none() {
    return new FaultPlan(0, 0, 0, 0, 0, Integer.MAX_VALUE);
  }

  /**
   * Every fault, at rates that leave most operations succeeding, and a commit limit of {@code
   * commitLimit}.
   */
  public static FaultPlan everything(int commitLimit) {
    return new FaultPlan(0.01, 0.03, 0.02, 0.002, 0.05, commitLimit);
  }

  /** This plan without crashes. */
  public FaultPlan withoutCrashes() {
    return new FaultPlan(unknownOutcome, conflict, expiredSnapshot, 0, delay, commitLimit);
  }

  /** True if no fault is ever injected. */
  public boolean isNone() {
    return unknownOutcome == 0 && conflict == 0 && expiredSnapshot == 0 && crash == 0 && delay == 0
        && commitLimit == Integer.MAX_VALUE;
  }
}
