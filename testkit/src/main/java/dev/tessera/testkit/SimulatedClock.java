package dev.tessera.testkit;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The time of a simulation: it moves only when someone waits or a {@link Fault#DELAY} is injected,
 * never by itself, so a simulated hour of backoff waits takes no real time and a run does not
 * depend on how fast the machine is. Reads in nanoseconds, like {@link System#nanoTime()}.
 * Thread-safe.
 */
public final class SimulatedClock {
  private final AtomicLong nanos = new AtomicLong();

  /** {@return the current simulated time, in nanoseconds since the simulation began} */
  public long nanoTime() {
    return nanos.get();
  }

  /**
   * Moves the time on by {@code nanos} (a wait, or a delay).
   *
   * @param nanos how far to move, in nanoseconds
   * @throws IllegalArgumentException if {@code nanos} is negative
   */
  public void advance(long nanos) {
    if (nanos < 0) {
      throw new IllegalArgumentException("time cannot go back: " + nanos);
    }
    this.nanos.addAndGet(nanos);
  }
}
