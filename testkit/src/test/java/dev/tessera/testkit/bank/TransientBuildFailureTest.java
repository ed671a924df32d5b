package dev.tessera.testkit.bank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.etcd.CommitOutcomeUnknownException;
import dev.tessera.kv.etcd.EtcdUnavailableException;
import dev.tessera.kv.etcd.SnapshotCompactedException;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.testkit.Fault;
import dev.tessera.testkit.FaultPlan;
import dev.tessera.testkit.SimulatedKvStore;
import dev.tessera.testkit.StoreObserver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Found by the simulation: a store failure that may pass (etcd compacted the build's snapshot, a
 * member did not answer, a commit's outcome is unknown) stopped a background index build until the
 * repository was opened again, so on etcd one compaction during a long build left the index
 * unreadable for the rest of the process. The build now waits and goes on from its cursor.
 */
class TransientBuildFailureTest {

  static Stream<Supplier<RuntimeException>> transientFailures() {
    return Stream.of(
        () -> new SnapshotCompactedException(1, 2, null),
        () -> new EtcdUnavailableException("a range read", "the member did not answer", null),
        () -> new CommitOutcomeUnknownException("c-1", 300, null));
  }

  @ParameterizedTest
  @MethodSource("transientFailures")
  void aBuildWaitsOutFailuresThatMayPassAndFinishesWithoutAReopen(Supplier<RuntimeException> failure)
      throws InterruptedException {
    SimulatedKvStore store = SimulatedKvStore.create();
    MemberRepository first = new MemberRepository(store);
    for (int i = 0; i < 20; i++) {
      first.insert(new Member("m" + i, null, "c", i, List.of()));
    }
    List<Thread> builds = new CopyOnWriteArrayList<>();
    AtomicInteger failuresLeft = new AtomicInteger(3);
    RepositoryOptions options = RepositoryOptions.defaults()
        .withInlineBuildLimit(0)
        .withBuildThreads(build -> {
          Thread thread = new Thread(build, "test-build");
          builds.add(thread);
          return thread;
        });
    KvStore failing = new ForwardingKvStore(store) {
      @Override
      public KvSnapshot snapshot() {
        if (builds.contains(Thread.currentThread()) && failuresLeft.getAndDecrement() > 0) {
          throw failure.get();
        }
        return store.snapshot();
      }
    };

    MemberV2Repository second = new MemberV2Repository(failing, options);

    assertThat(second.indexAdmin().awaitIndexes(Duration.ofMinutes(2)))
        .as("the build went on after %s", failure.get().getClass().getSimpleName()).isTrue();
    assertThat(failuresLeft.get()).as("every failure happened").isNegative();
    assertThat(builds).hasSize(1); // the same thread, not a reopen
    assertThat(second.byAge().equalTo(7).list()).extracting(MemberV2::id).containsExactly("m7");
  }

  @Test
  void aBuildWhoseCommitsHaveUnknownOutcomesGoesOnAndLeavesTheIndexExact() throws InterruptedException {
    List<Fault> injected = new CopyOnWriteArrayList<>();
    SimulatedKvStore store = SimulatedKvStore.builder().seed(11).observer(new StoreObserver() {
      @Override
      public void faultInjected(Fault fault, String detail) {
        injected.add(fault);
      }
    }).build();
    MemberRepository first = new MemberRepository(store);
    for (int i = 0; i < 60; i++) {
      first.insert(new Member("m" + i, null, "c", i % 7, List.of()));
    }
    List<Thread> builds = new CopyOnWriteArrayList<>();
    RepositoryOptions options = RepositoryOptions.defaults()
        .withInlineBuildLimit(0)
        .withBatchSize(8)
        .withBuildThreads(build -> {
          // From here on half of all commits, the build's batches and state changes among them, are
          // applied or not without the committer knowing which.
          store.faults(FaultPlan.none().withUnknownOutcome(0.5));
          Thread thread = new Thread(build, "test-build");
          builds.add(thread);
          return thread;
        });

    MemberV2Repository second = new MemberV2Repository(store, options);

    assertThat(second.indexAdmin().awaitIndexes(Duration.ofMinutes(2))).isTrue();
    store.faults(FaultPlan.none());
    assertThat(injected).as("the build's commits met both unknown outcomes")
        .contains(Fault.UNKNOWN_OUTCOME_APPLIED, Fault.UNKNOWN_OUTCOME_NOT_APPLIED);
    assertThat(builds).hasSize(1);
    assertThat(second.byAge().equalTo(3).list()).extracting(MemberV2::id)
        .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 60).filter(i -> i % 7 == 3)
            .mapToObj(i -> "m" + i).toList());
    assertThat(second.indexAdmin().verifyIndexes().clean()).isTrue();
  }
}
