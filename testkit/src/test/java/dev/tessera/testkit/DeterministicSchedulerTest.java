package dev.tessera.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.tuple.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The baton: one client at a time, the seed's order, failures and stalls reported. */
class DeterministicSchedulerTest {

  @Test
  void oneClientRunsAtATimeInAnOrderTheSeedDecides() {
    assertThat(orderOf(3)).isEqualTo(orderOf(3)).isNotEqualTo(orderOf(4));
  }

  private static List<String> orderOf(long seed) {
    DeterministicScheduler scheduler = new DeterministicScheduler(seed);
    SimulatedKvStore store = SimulatedKvStore.builder().observer(scheduler).build();
    List<String> order = new ArrayList<>();
    AtomicInteger running = new AtomicInteger();
    for (int c = 0; c < 3; c++) {
      String name = "c" + c;
      scheduler.spawn(name, () -> {
        for (int i = 0; i < 20; i++) {
          store.get(Tuple.of(name, i)); // a scheduling point
          assertThat(running.incrementAndGet()).isEqualTo(1);
          order.add(name);
          running.decrementAndGet();
        }
      });
    }
    scheduler.runUntilIdle();
    assertThat(order).hasSize(60);
    return order;
  }

  @Test
  void aFailingClientFailsTheRunAndTheOthersAreEnded() {
    DeterministicScheduler scheduler = new DeterministicScheduler(1);
    SimulatedKvStore store = SimulatedKvStore.builder().observer(scheduler).build();
    scheduler.spawn("endless", () -> {
      while (true) {
        store.get(Tuple.of("k"));
      }
    });
    scheduler.spawn("failing", () -> {
      store.get(Tuple.of("k"));
      throw new IllegalStateException("broken on purpose");
    });
    assertThatThrownBy(scheduler::runUntilIdle)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("broken on purpose")
        .hasMessageContaining("last steps:");
  }

  @Test
  void aClientBlockedOutsideTheStoreIsReportedAsAStall() {
    DeterministicScheduler scheduler = new DeterministicScheduler(1);
    scheduler.stallAfter(Duration.ofMillis(300));
    CountDownLatch never = new CountDownLatch(1);
    scheduler.spawn("blocked", () -> {
      try {
        never.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    try {
      assertThatThrownBy(scheduler::runUntilIdle)
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("No client reached a scheduling point")
          .hasMessageContaining("blocked#1");
    } finally {
      never.countDown();
    }
  }
}
