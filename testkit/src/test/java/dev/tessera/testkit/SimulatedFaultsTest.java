package dev.tessera.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.etcd.CommitOutcomeUnknownException;
import dev.tessera.kv.etcd.CommitTooLargeException;
import dev.tessera.kv.etcd.SnapshotCompactedException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each fault of a {@link FaultPlan}: what the caller sees, and that it never half-applies. */
class SimulatedFaultsTest {
  private static final byte[] VALUE = {1, 2, 3};

  @Test
  void unknownOutcomesApplySomeCommitsWholeAndOthersNotAtAll() {
    SimulatedKvStore store = SimulatedKvStore.builder().seed(7)
        .faults(FaultPlan.none().withUnknownOutcome(1)).build();
    int applied = 0;
    for (int i = 0; i < 40; i++) {
      int n = i;
      assertThatThrownBy(() -> store.atomic().set(Tuple.of("a", n), VALUE).set(Tuple.of("b", n), VALUE).commit())
          .isInstanceOf(CommitOutcomeUnknownException.class);
      boolean a = store.get(Tuple.of("a", n)).exists();
      assertThat(store.get(Tuple.of("b", n)).exists()).as("commit %d is all or nothing", n).isEqualTo(a);
      applied += a ? 1 : 0;
    }
    assertThat(applied).isBetween(5, 35);
  }

  @Test
  void aConflictRewritesACheckedKeySoTheCheckFailsAsAgainstARealWriter() {
    List<String> faults = new ArrayList<>();
    SimulatedKvStore store = SimulatedKvStore.builder()
        .faults(FaultPlan.none().withConflict(1))
        .observer(new StoreObserver() {
          @Override
          public void faultInjected(Fault fault, String detail) {
            faults.add(fault + " " + detail);
          }
        }).build();
    // nothing present is checked: a real writer could not make this fail, so neither does the fault
    CommitResult first = store.atomic().check(Tuple.of("k"), null).set(Tuple.of("k"), VALUE).commit();
    assertThat(first.ok()).isTrue();
    CommitResult second = store.atomic().check(Tuple.of("k"), first.versionstamp())
        .set(Tuple.of("k"), new byte[] {9}).commit();
    assertThat(second.ok()).isFalse();
    assertThat((Object) second.failedKey()).isEqualTo(Tuple.of("k"));
    assertThat(second.expected()).isEqualTo(first.versionstamp());
    assertThat(second.actual()).isGreaterThan(first.versionstamp());
    assertThat(store.get(Tuple.of("k")).value()).isEqualTo(VALUE);
    assertThat(faults).containsExactly("CONFLICT another writer rewrote (\"k\")");
  }

  @Test
  void aCommitOverTheDrawnLimitFailsWithEtcdsExceptionAndWritesNothing() {
    SimulatedKvStore store = SimulatedKvStore.builder().seed(3)
        .faults(FaultPlan.none().withCommitTooLarge(1)).build();
    assertThatThrownBy(() -> store.atomic().set(Tuple.of("a"), VALUE).set(Tuple.of("b"), VALUE)
        .check(Tuple.of("c"), null).commit())
        .isInstanceOfSatisfying(CommitTooLargeException.class, e -> {
          assertThat(e.limit()).isBetween(1L, 2L);
          assertThat(e.actual()).isEqualTo(3);
          assertThat(e.limitName()).isEqualTo("--max-txn-ops");
        });
    assertThat(store.entries()).isEmpty();
    assertThat(store.atomic().set(Tuple.of("a"), VALUE).commit().ok()).isTrue(); // one operation fits
  }

  @Test
  void aSnapshotOlderThanTheLastCommitExpiresForGoodWithEtcdsException() {
    SimulatedKvStore store = SimulatedKvStore.builder()
        .faults(FaultPlan.none().withSnapshotExpiry(1)).build();
    store.atomic().set(Tuple.of("a"), VALUE).commit();
    try (KvSnapshot current = store.snapshot()) {
      assertThat(current.get(Tuple.of("a")).value()).isEqualTo(VALUE); // nothing newer: no compaction
      store.atomic().set(Tuple.of("b"), VALUE).commit();
      assertThatThrownBy(() -> current.get(Tuple.of("a")))
          .isInstanceOfSatisfying(SnapshotCompactedException.class,
              e -> assertThat(e.revision()).isEqualTo(1));
      assertThatThrownBy(() -> current.list(ListSelector.of(TupleRange.prefix(Tuple.of()))).hasNext())
          .isInstanceOf(SnapshotCompactedException.class);
    }
  }

  @Test
  void aCrashKillsEveryOpenHandleAndKeepsTheCommittedData() {
    List<String> events = new ArrayList<>();
    SimulatedKvStore store = SimulatedKvStore.builder().observer(new StoreObserver() {
      @Override
      public void crashed() {
        events.add("crashed");
      }
    }).build();
    store.atomic().set(Tuple.of("a"), VALUE).commit();
    KvSnapshot snapshot = store.snapshot();
    var pending = store.atomic().set(Tuple.of("b"), VALUE);
    KvIterator listing = snapshot.list(ListSelector.of(TupleRange.prefix(Tuple.of())));
    store.crash();
    assertThat(events).containsExactly("crashed");
    assertThatThrownBy(() -> snapshot.get(Tuple.of("a"))).isInstanceOf(SimulatedCrash.class);
    assertThatThrownBy(listing::hasNext).isInstanceOf(SimulatedCrash.class);
    assertThatThrownBy(pending::commit).isInstanceOf(SimulatedCrash.class);
    assertThat(store.get(Tuple.of("a")).value()).isEqualTo(VALUE);
    assertThat(store.get(Tuple.of("b")).exists()).isFalse();
    assertThat(store.atomic().set(Tuple.of("b"), VALUE).commit().ok()).isTrue();
  }

  @Test
  void crashesDuringCommitsLeaveEachCommitWholeOrAbsent() {
    SimulatedKvStore store = SimulatedKvStore.builder().seed(11)
        .faults(FaultPlan.none().withCrash(0.3)).build();
    int crashes = 0;
    for (int i = 0; i < 60; i++) {
      try {
        store.atomic().set(Tuple.of("a", i), VALUE).set(Tuple.of("b", i), VALUE).commit();
      } catch (SimulatedCrash e) {
        crashes++;
      }
    }
    assertThat(crashes).isPositive();
    List<String> keys = store.entries().stream().map(e -> e.key().toString()).toList();
    for (int i = 0; i < 60; i++) {
      assertThat(keys.contains(Tuple.of("a", i).toString()))
          .isEqualTo(keys.contains(Tuple.of("b", i).toString()));
    }
  }

  @Test
  void delaysMoveTheSimulatedClockOnly() {
    SimulatedKvStore store = SimulatedKvStore.builder().faults(FaultPlan.none().withDelay(1)).build();
    long before = store.clock().nanoTime();
    store.get(Tuple.of("a"));
    assertThat(store.clock().nanoTime()).isGreaterThanOrEqualTo(before);
    for (int i = 0; i < 5; i++) {
      store.get(Tuple.of("a"));
    }
    assertThat(store.clock().nanoTime()).isGreaterThan(before);
  }

  @Test
  void theSameSeedAndCallsInjectTheSameFaults() {
    assertThat(faultsOf(5)).isEqualTo(faultsOf(5)).isNotEqualTo(faultsOf(6));
  }

  private static List<String> faultsOf(long seed) {
    List<String> faults = new ArrayList<>();
    SimulatedKvStore store = SimulatedKvStore.builder().seed(seed)
        .faults(new FaultPlan(0.2, 0.2, 0.2, 0.2, 0.05, 0.2))
        .observer(new StoreObserver() {
          @Override
          public void faultInjected(Fault fault, String detail) {
            faults.add(fault.name());
          }
        }).build();
    for (int i = 0; i < 200; i++) {
      try {
        KvSnapshot snapshot = store.snapshot();
        store.atomic().check(Tuple.of("k", i % 7), store.get(Tuple.of("k", i % 7)).versionstamp())
            .set(Tuple.of("k", i % 7), VALUE).sum(Tuple.of("n"), 1).commit();
        snapshot.get(Tuple.of("k", 1));
      } catch (RuntimeException | SimulatedCrash e) {
        faults.add(e.getClass().getSimpleName());
      }
    }
    return faults;
  }
}
