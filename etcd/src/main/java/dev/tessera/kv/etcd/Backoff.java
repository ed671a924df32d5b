package dev.tessera.kv.etcd;

import dev.tessera.OperationInterruptedException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with full jitter between attempts of one operation (2 ms doubling up to 500
 * ms), bounded by the caller's deadline. An interrupted thread does not try again: the wait throws
 * {@link OperationInterruptedException} and keeps the interrupt status. Not thread-safe: one per
 * operation.
 */
final class Backoff {
  private static final long FIRST_MILLIS = 2;
  private static final long MAX_MILLIS = 500;

  private final String operation;
  private long ceiling = FIRST_MILLIS;

  /** @param operation what is retried, named when the wait is interrupted (e.g. "etcd commit") */
  Backoff(String operation) {
    this.operation = operation;
  }

  /**
   * Waits a random time up to the current ceiling (never past {@code deadlineNanos}), then doubles
   * the ceiling.
   *
   * @return false if the deadline has passed (no wait)
   * @throws OperationInterruptedException if the thread is interrupted, before or during the wait
   */
  boolean pause(long deadlineNanos) {
    if (Thread.currentThread().isInterrupted()) {
      throw new OperationInterruptedException(operation);
    }
    long left = deadlineNanos - System.nanoTime();
    if (left <= 0) {
      return false;
    }
    long millis = Math.min(ThreadLocalRandom.current().nextLong(ceiling + 1), left / 1_000_000);
    ceiling = Math.min(MAX_MILLIS, ceiling * 2);
    try {
      Thread.sleep(millis); // backoff between attempts, not a wait for a state
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new OperationInterruptedException(operation);
    }
    return true;
  }
}
