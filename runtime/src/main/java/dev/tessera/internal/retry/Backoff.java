package dev.tessera.internal.retry;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with full jitter: after a number of immediate retries (most conflicts are
 * one other writer that has already finished), the wait after each lost attempt is a random time
 * up to a bound that starts at {@code firstNanos} and doubles up to {@code capNanos}. Immutable and
 * thread-safe.
 */
public final class Backoff {
  /** For single writes: the first retry at once, then short waits, since their commits are short. */
  public static final Backoff WRITES = new Backoff(20_000, 1_000_000, 1);

  /** For transactions: their functions may run for a while, so a loser waits longer. */
  public static final Backoff TRANSACTIONS = new Backoff(100_000, 50_000_000, 1);

  /** For requests to a remote store: 2 ms doubling up to 500 ms, no immediate retry. */
  public static final Backoff REQUESTS = new Backoff(2_000_000, 500_000_000, 0);

  private final long firstNanos;
  private final long capNanos;
  private final int immediateRetries;
  /** From this many doublings on, the bound is the cap; below it, {@code firstNanos << d} is less. */
  private final int doublingsToCap;

  /**
   * Creates a backoff.
   *
   * @param firstNanos the bound of the first wait that waits at all
   * @param capNanos the largest bound a wait may have
   * @param immediateRetries how many lost attempts are retried at once, without a wait
   * @throws IllegalArgumentException unless {@code 0 < firstNanos <= capNanos} and {@code
   *     immediateRetries >= 0}
   */
  public Backoff(long firstNanos, long capNanos, int immediateRetries) {
    if (firstNanos <= 0 || capNanos < firstNanos || immediateRetries < 0) {
      throw new IllegalArgumentException("a backoff needs 0 < first (" + firstNanos + ") <= cap ("
          + capNanos + ") and no negative immediate retries (" + immediateRetries + ")");
    }
    this.firstNanos = firstNanos;
    this.capNanos = capNanos;
    this.immediateRetries = immediateRetries;
    int doublings = 0;
    // stop before a doubling could overflow: a bound that large is the cap anyway
    while ((firstNanos << doublings) < capNanos && Long.numberOfLeadingZeros(firstNanos << doublings) > 1) {
      doublings++;
    }
    this.doublingsToCap = doublings;
  }

  /**
   * The largest wait after the {@code lost}-th lost attempt in a row (from 1): 0 for the immediate
   * retries, then {@code firstNanos} doubling with each loss, never above {@code capNanos}.
   */
  public long boundNanos(int lost) {
    int doublings = lost - 1 - immediateRetries;
    if (doublings < 0) {
      return 0;
    }
    return doublings >= doublingsToCap ? capNanos : firstNanos << doublings;
  }

  /** A random wait after the {@code lost}-th lost attempt: uniform from 0 to {@link #boundNanos}. */
  public long waitNanos(int lost) {
    long bound = boundNanos(lost);
    return bound == 0 ? 0 : ThreadLocalRandom.current().nextLong(bound + 1);
  }

  /** Says the bounds, for a reader of logs and test failures. */
  @Override
  public String toString() {
    return "Backoff[first " + firstNanos + " ns, cap " + capNanos + " ns, " + immediateRetries
        + " immediate retries]";
  }
}
