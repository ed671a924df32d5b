package dev.tessera.testkit.bank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.RetryLimitExceededException;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.TimeSource;
import dev.tessera.testkit.FaultPlan;
import dev.tessera.testkit.SimulatedClock;
import dev.tessera.testkit.SimulatedKvStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code RepositoryOptions.withTimeSource}: the backoff of retried writes and the deadline of
 * {@code awaitIndexes} read the time source given, so simulated minutes take no real time.
 */
class RepositoryTimeSourceTest {

  /** A clock that moves only when someone waits, counting the waits. */
  private static final class CountingTime implements TimeSource {
    final SimulatedClock clock = new SimulatedClock();
    final AtomicInteger pauses = new AtomicInteger();

    @Override
    public long nanoTime() {
      return clock.nanoTime();
    }

    @Override
    public void pause(long nanos) {
      pauses.incrementAndGet();
      clock.advance(nanos);
    }
  }

  @Test
  void theBackoffOfAWriteThatKeepsLosingWaitsOnTheTimeSource() {
    SimulatedKvStore store = SimulatedKvStore.create();
    CountingTime time = new CountingTime();
    MemberRepository members = new MemberRepository(store, RepositoryOptions.defaults().withTimeSource(time));
    members.insert(new Member("m1", null, "c", 1, List.of()));
    store.faults(FaultPlan.none().withConflict(1)); // every commit loses to another writer

    assertThatThrownBy(() -> members.update(new Member("m1", null, "c", 2, List.of())))
        .isInstanceOf(RetryLimitExceededException.class);
    assertThat(time.pauses.get()).isGreaterThan(900); // one wait per lost attempt but the first
    assertThat(time.clock.nanoTime()).isPositive();
  }

  @Test
  void awaitIndexesGivesUpWhenTheTimeSourceSaysTheTimeoutPassed() throws InterruptedException {
    SimulatedKvStore store = SimulatedKvStore.create();
    new MemberRepository(store).insert(new Member("m1", null, "c", 1, List.of()));
    CountingTime time = new CountingTime();
    MemberV2Repository members = new MemberV2Repository(store, RepositoryOptions.defaults()
        .withBuildPolicy(IndexBuildPolicy.ON_DEMAND) // the new index is never built
        .withTimeSource(time));

    assertThat(members.indexAdmin().awaitIndexes(Duration.ofMinutes(1))).isFalse();
    assertThat(time.clock.nanoTime()).isGreaterThanOrEqualTo(Duration.ofMinutes(1).toNanos());
    assertThat(time.pauses.get()).isPositive();
  }
}
