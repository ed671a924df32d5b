package dev.tessera.repository;

import dev.tessera.OperationInterruptedException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Bounded exponential backoff with full jitter, the one place every retry loop waits: the first
 * retry runs at once (most conflicts are one other writer that has already finished), later ones
 * wait a random time below {@code base * 2^(retry - 1)}, capped. An interrupted thread does not
 * retry: the wait throws {@link OperationInterruptedException} and keeps the interrupt status.
 * Immutable and thread-safe.
 *
 * @param baseNanos the bound of the first wait that waits at all
 * @param capNanos the largest bound a wait may have
 */
record Backoff(long baseNanos, long capNanos) {
  /** For single writes: short waits, their commits are short. */
  static final Backoff WRITES = new Backoff(20_000, 1_000_000);
  /** For transactions: their functions may run for a while, so a loser waits longer. */
  static final Backoff TRANSACTIONS = new Backoff(100_000, 50_000_000);

  private static final String RETRY = "Retrying a commit that lost a race with a concurrent writer";

  /**
   * Waits before attempt {@code attempt + 1}, after attempt {@code attempt} (from 1) lost.
   *
   * @throws OperationInterruptedException if the thread is interrupted, before or during the wait
   */
  void pause(int attempt) {
    // parkNanos returns at once on an interrupted thread: without this check a retry loop would
    // spin through all its attempts and the interrupt would go unanswered.
    if (Thread.currentThread().isInterrupted()) {
      throw new OperationInterruptedException(RETRY);
    }
    if (attempt <= 1) {
      return;
    }
    int doublings = Math.min(attempt - 2, 30);
    long bound = Math.min(capNanos, baseNanos << Math.min(doublings, 20));
    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(bound + 1));
    if (Thread.currentThread().isInterrupted()) {
      throw new OperationInterruptedException(RETRY);
    }
  }
}
