package dev.tessera.internal.retry;

import dev.tessera.OperationInterruptedException;
import dev.tessera.RetryLimitExceededException;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Runs an {@linkplain Attempt attempt} until it is {@link Attempt.Done done}, within a bound of
 * attempts, a deadline, or both, waiting after each {@link Attempt.Lost lost} attempt as its
 * {@link Backoff} says (never past the deadline). When the bound is reached the caller's {@link
 * GiveUp} decides what happens, by default a {@link RetryLimitExceededException} naming the
 * operation and what kept losing. An interrupted thread does not retry: after a lost attempt, and
 * after each wait, an interrupt ends the run with {@link OperationInterruptedException} and the
 * interrupt status stays set.
 *
 * <pre>{@code
 * User stored = Retry.WRITES.run("user", "update", id, () -> tryUpdate(user));
 * }</pre>
 *
 * <p>Immutable and thread-safe: one instance may run any number of operations at once; each run
 * keeps its state on the calling thread.
 */
public final class Retry {
  /** How many attempts a single write, a bulk-delete batch or a catalog change makes. */
  public static final int WRITE_ATTEMPTS = 1000;

  /** The retries of single writes and of the index catalog: {@value #WRITE_ATTEMPTS}, short waits. */
  public static final Retry WRITES = commits(WRITE_ATTEMPTS, Backoff.WRITES);

  private final String waiting;
  private final Backoff backoff;
  private final int maxAttempts;
  private final long deadlineNanos;
  private final boolean hasDeadline;
  private final LongSupplier clock;
  private final LongConsumer pause;

  private Retry(String waiting, Backoff backoff, int maxAttempts, long deadlineNanos,
      boolean hasDeadline, LongSupplier clock, LongConsumer pause) {
    this.waiting = Objects.requireNonNull(waiting, "waiting");
    this.backoff = Objects.requireNonNull(backoff, "backoff");
    this.maxAttempts = maxAttempts;
    this.deadlineNanos = deadlineNanos;
    this.hasDeadline = hasDeadline;
    this.clock = clock;
    this.pause = pause;
  }

  /**
   * Retries at most {@code maxAttempts} attempts.
   *
   * @param waiting what waits between attempts, named if the thread is interrupted (e.g. {@code
   *     "An etcd commit"})
   * @throws IllegalArgumentException if {@code maxAttempts < 1}
   */
  public static Retry atMost(int maxAttempts, Backoff backoff, String waiting) {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("at least one attempt is needed, not " + maxAttempts);
    }
    return new Retry(waiting, backoff, maxAttempts, 0, false, System::nanoTime, LockSupport::parkNanos);
  }

  /**
   * Retries at most {@code maxAttempts} commits that lose races with concurrent writers: {@link
   * #atMost} naming the wait "Retrying a commit that lost a race with a concurrent writer".
   */
  public static Retry commits(int maxAttempts, Backoff backoff) {
    return atMost(maxAttempts, backoff, "Retrying a commit that lost a race with a concurrent writer");
  }

  /**
   * Retries until {@code deadlineNanos} (as {@link System#nanoTime()} counts) has passed: the first
   * attempt always runs, a wait never reaches past the deadline, and no attempt starts after a lost
   * one once the deadline has passed.
   *
   * @param waiting what waits between attempts, named if the thread is interrupted
   */
  public static Retry until(long deadlineNanos, Backoff backoff, String waiting) {
    return new Retry(waiting, backoff, Integer.MAX_VALUE, deadlineNanos, true, System::nanoTime,
        LockSupport::parkNanos);
  }

  /** This retry, ending at {@code deadlineNanos} too (whichever bound comes first ends it). */
  public Retry until(long deadlineNanos) {
    return new Retry(waiting, backoff, maxAttempts, deadlineNanos, true, clock, pause);
  }

  /**
   * This retry, reading the time from {@code clock} and waiting with {@code pause} (tests, and a
   * repository's {@code TimeSource}).
   */
  public Retry withClockAndPause(LongSupplier clock, LongConsumer pause) {
    return new Retry(waiting, backoff, maxAttempts, deadlineNanos, hasDeadline, clock, pause);
  }

  /**
   * Runs {@code attempt} until it is done.
   *
   * @return the result of the attempt that was done
   * @throws RetryLimitExceededException when the bound is reached; it names {@code operation},
   *     {@code entity}, {@code key} (may be {@code null}), the attempts and the last loss
   * @throws OperationInterruptedException if the thread is interrupted after a lost attempt
   */
  public <R> R run(String entity, String operation, Object key, Supplier<Attempt<R>> attempt) {
    Attempt<R> first = attempt(attempt);
    if (first instanceof Attempt.Done<R> done) {
      return done.result(); // the common case: nothing is allocated for giving up
    }
    return runAfter(first, attempt, exhausted -> {
      throw new RetryLimitExceededException(
          entity, operation, key, exhausted.attempts(), exhausted.last().toString());
    });
  }

  /**
   * Runs {@code attempt} until it is done; when the bound is reached, returns what {@code giveUp}
   * returns, or throws what it throws.
   *
   * @throws OperationInterruptedException if the thread is interrupted after a lost attempt
   */
  public <R> R run(Supplier<Attempt<R>> attempt, GiveUp<R> giveUp) {
    return runAfter(attempt(attempt), attempt, giveUp);
  }

  private static <R> Attempt<R> attempt(Supplier<Attempt<R>> attempt) {
    return Objects.requireNonNull(attempt.get(), "an attempt returned null");
  }

  /** Goes on from the first attempt's {@code outcome}. */
  private <R> R runAfter(Attempt<R> outcome, Supplier<Attempt<R>> attempt, GiveUp<R> giveUp) {
    Throwable lastCause = null;
    for (int attempts = 1; ; attempts++) {
      if (attempts > 1) {
        outcome = attempt(attempt);
      }
      if (outcome instanceof Attempt.Done<R> done) {
        return done.result();
      }
      Attempt.Lost<R> lost = (Attempt.Lost<R>) outcome;
      if (lost.cause() != null) {
        lastCause = lost.cause();
      }
      // parkNanos returns at once on an interrupted thread: without this check a retry loop would
      // spin through all its attempts and the interrupt would go unanswered.
      stopIfInterrupted();
      long left = hasDeadline ? deadlineNanos - clock.getAsLong() : Long.MAX_VALUE;
      if (attempts >= maxAttempts || left <= 0) {
        return giveUp.after(new Exhausted(attempts, lost, lastCause));
      }
      long wait = Math.min(backoff.waitNanos(attempts), left);
      if (wait > 0) {
        pause.accept(wait);
        stopIfInterrupted();
      }
    }
  }

  private void stopIfInterrupted() {
    if (Thread.currentThread().isInterrupted()) {
      throw new OperationInterruptedException(waiting);
    }
  }

  /**
   * What a caller does when the retries are exhausted: return a result, or throw.
   *
   * @param <R> the operation's result type
   */
  @FunctionalInterface
  public interface GiveUp<R> {
    /** The result of the operation whose retries are {@code exhausted}, or throws. */
    R after(Exhausted exhausted);
  }

  /**
   * How retries ended without success. Immutable.
   *
   * @param attempts how many attempts ran
   * @param last the loss of the last attempt
   * @param lastCause the cause of the latest loss that had one, or {@code null} if none had
   */
  public record Exhausted(int attempts, Attempt.Lost<?> last, Throwable lastCause) {}
}
