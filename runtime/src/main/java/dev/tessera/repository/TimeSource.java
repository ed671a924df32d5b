package dev.tessera.repository;

import java.util.concurrent.locks.LockSupport;

/**
 * Where a repository reads the time and how it waits: the backoff between retried commits and the
 * deadline of {@link IndexAdmin#awaitIndexes}. {@link #system()}, the default, is the JVM's clock;
 * a simulation supplies its own, so that waits take no real time and a run repeats exactly.
 * Implementations are thread-safe.
 */
public interface TimeSource {

  /**
   * {@return the current time in nanoseconds, on an arbitrary origin (as {@link
   * System#nanoTime()})}
   */
  long nanoTime();

  /**
   * Waits about {@code nanos} nanoseconds; may return early, and returns at once on an
   * interrupted thread (the caller checks the interrupt status).
   *
   * @param nanos how long to wait, in nanoseconds
   */
  void pause(long nanos);

  /**
   * {@link System#nanoTime()} and {@link LockSupport#parkNanos(long)}.
   *
   * @return the system's time source
   */
  static TimeSource system() {
    return SystemTime.INSTANCE;
  }

  /** The JVM's clock. */
  enum SystemTime implements TimeSource {
    /** The one instance. */
    INSTANCE;

    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public void pause(long nanos) {
      LockSupport.parkNanos(nanos);
    }
  }
}
