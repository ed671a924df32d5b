package dev.tessera.internal.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.OperationInterruptedException;
import dev.tessera.RetryLimitExceededException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The retry helper: its bounds, its waits and interruption, with a fake clock and pause. */
class RetryTest {
  private final AtomicLong now = new AtomicLong();
  private final List<Long> waits = new ArrayList<>();
  private final AtomicInteger attempts = new AtomicInteger();

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted(); // never leave the test runner's thread interrupted
  }

  /** A pause that records the wait and moves the fake clock on by it. */
  private Retry faked(Retry retry) {
    return retry.withClockAndPause(now::get, nanos -> {
      waits.add(nanos);
      now.addAndGet(nanos);
    });
  }

  private <R> Attempt<R> losingOn(String key) {
    attempts.incrementAndGet();
    return Attempt.lost("the record changed", key);
  }

  @Test
  void boundedAttemptsGiveUpNamingWhatKeptLosing() {
    Retry retry = faked(Retry.atMost(5, Backoff.WRITES, "Retrying"));

    assertThatThrownBy(() -> retry.<String>run("user", "update", "alice", () -> losingOn("user/alice")))
        .isInstanceOfSatisfying(RetryLimitExceededException.class, e -> {
          assertThat(e.entity()).isEqualTo("user");
          assertThat(e.operation()).isEqualTo("update");
          assertThat(e.key()).isEqualTo("alice");
          assertThat(e.attempts()).isEqualTo(5);
          assertThat(e.lastLoss()).isEqualTo("the record changed (key user/alice)");
        })
        .hasMessage("update of user with primary key alice gave up after 5 attempts lost to"
            + " concurrent writers; the last lost because the record changed (key user/alice)");
    assertThat(attempts).hasValue(5);
    assertThat(waits).hasSizeLessThanOrEqualTo(4); // between attempts only, none after the last
  }

  @Test
  void anOperationWithoutAKeyIsNamedWithoutOne() {
    Retry retry = faked(Retry.atMost(3, Backoff.WRITES, "Retrying"));

    assertThatThrownBy(() -> retry.<String>run("user", "open", null, () -> Attempt.lost("a schema was added")))
        .isInstanceOf(RetryLimitExceededException.class)
        .hasMessage("open of user gave up after 3 attempts lost to concurrent writers; the last lost"
            + " because a schema was added");
  }

  @Test
  void aDoneAttemptReturnsItsResultAfterExactlyThatManyAttempts() {
    Retry retry = faked(Retry.atMost(100, Backoff.WRITES, "Retrying"));

    String result = retry.run("user", "insert", "bob", () -> attempts.incrementAndGet() < 7
        ? Attempt.lost("a unique value's entry changed")
        : Attempt.done("stored"));

    assertThat(result).isEqualTo("stored");
    assertThat(attempts).hasValue(7);
  }

  @Test
  void aDoneAttemptMayReturnNull() {
    Retry retry = faked(Retry.atMost(3, Backoff.WRITES, "Retrying"));

    assertThat(retry.<String>run("user", "insert", "bob", () -> Attempt.done(null))).isNull();
  }

  @Test
  void anInterruptedThreadStopsAtOnceAndKeepsItsInterrupt() {
    Retry retry = faked(Retry.atMost(1_000, Backoff.WRITES, "An etcd commit"));
    Thread.currentThread().interrupt();

    assertThatThrownBy(() -> retry.<String>run("user", "update", "alice", () -> losingOn("user/alice")))
        .isInstanceOfSatisfying(OperationInterruptedException.class,
            e -> assertThat(e.operation()).isEqualTo("An etcd commit"))
        .hasMessageContaining("An etcd commit was interrupted");
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    assertThat(attempts).hasValue(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void anInterruptDuringAWaitStopsBeforeTheNextAttempt() {
    Retry retry = Retry.atMost(1_000, Backoff.REQUESTS, "Connecting")
        .withClockAndPause(now::get, nanos -> Thread.currentThread().interrupt());

    assertThatThrownBy(() -> retry.<String>run("user", "update", "alice", () -> losingOn("user/alice")))
        .isInstanceOf(OperationInterruptedException.class);
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    assertThat(attempts).hasValue(1);
  }

  @Test
  void theDeadlineEndsTheRetriesAndNoWaitReachesPastIt() {
    long deadline = 3_000_000_000L; // 3 s on the fake clock
    Retry retry = faked(Retry.until(deadline, Backoff.REQUESTS, "Connecting"));

    Retry.Exhausted exhausted = retry.run(
        () -> {
          attempts.incrementAndGet();
          return Attempt.failed("no answer", new IllegalStateException("attempt " + attempts));
        },
        gaveUp -> gaveUp);

    assertThat(now.get()).isEqualTo(deadline); // the last wait ended exactly at the deadline
    assertThat(exhausted.attempts()).isEqualTo(attempts.get()).isEqualTo(waits.size() + 1);
    assertThat(exhausted.lastCause()).hasMessage("attempt " + attempts);
    assertThat(exhausted.last().reason()).isEqualTo("no answer");
  }

  @Test
  void theFirstAttemptRunsEvenPastTheDeadline() {
    now.set(10);
    Retry retry = faked(Retry.until(5, Backoff.REQUESTS, "Connecting"));

    Retry.Exhausted exhausted = retry.run(() -> losingOn("k"), gaveUp -> gaveUp);

    assertThat(exhausted.attempts()).isEqualTo(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void whicheverBoundComesFirstEndsTheRetries() {
    Retry retry = faked(Retry.atMost(4, Backoff.REQUESTS, "Connecting").until(Long.MAX_VALUE));

    assertThat(retry.run(() -> losingOn("k"), Retry.Exhausted::attempts)).isEqualTo(4);
  }

  @Test
  void theLastCauseIsTheLatestLossThatHadOne() {
    Retry retry = faked(Retry.atMost(3, Backoff.WRITES, "Retrying"));
    IllegalStateException first = new IllegalStateException("no answer");

    Retry.Exhausted exhausted = retry.run(
        () -> attempts.incrementAndGet() == 1 ? Attempt.failed("no answer", first) : losingOn("k"),
        gaveUp -> gaveUp);

    assertThat(exhausted.lastCause()).isSameAs(first);
    assertThat(exhausted.last().key()).isEqualTo("k");
  }

  @Test
  void waitsStayWithinTheirDoublingBoundAndNeverExceedTheCap() {
    Backoff backoff = new Backoff(1_000, 50_000, 1);
    Retry retry = faked(Retry.atMost(200, backoff, "Retrying"));

    retry.run(() -> losingOn("k"), Retry.Exhausted::attempts);

    // the first retry is immediate (no pause at all); the waits after losses 2.. follow
    assertThat(waits).hasSizeLessThanOrEqualTo(198);
    assertThat(waits).allSatisfy(wait -> assertThat(wait).isBetween(1L, 50_000L));
    for (int lost = 1; lost <= 199; lost++) {
      long bound = backoff.boundNanos(lost);
      for (int i = 0; i < 20; i++) {
        assertThat(backoff.waitNanos(lost)).isBetween(0L, bound);
      }
    }
  }

  @Test
  void theBoundStartsAfterTheImmediateRetriesDoublesAndStopsAtTheCap() {
    assertThat(Backoff.WRITES.boundNanos(1)).isZero();
    assertThat(Backoff.WRITES.boundNanos(2)).isEqualTo(20_000);
    assertThat(Backoff.WRITES.boundNanos(3)).isEqualTo(40_000);
    assertThat(Backoff.WRITES.boundNanos(7)).isEqualTo(640_000);
    assertThat(Backoff.WRITES.boundNanos(8)).isEqualTo(1_000_000);
    assertThat(Backoff.WRITES.boundNanos(Integer.MAX_VALUE)).isEqualTo(1_000_000);
    assertThat(Backoff.REQUESTS.boundNanos(1)).isEqualTo(2_000_000);
    assertThat(Backoff.REQUESTS.boundNanos(9)).isEqualTo(500_000_000);
    Backoff huge = new Backoff(3, Long.MAX_VALUE, 0);
    assertThat(huge.boundNanos(62)).isEqualTo(Long.MAX_VALUE);
    assertThat(huge.boundNanos(61)).isPositive();
  }

  @Test
  void aRetryNeedsAnAttemptAndABackoffNeedsOrderedBounds() {
    assertThatThrownBy(() -> Retry.atMost(0, Backoff.WRITES, "Retrying"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Backoff(10, 5, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
