package dev.tessera.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CommitTooLargeException;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.KvStoreContract;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.tuple.Tuple;
import org.junit.jupiter.api.Test;

/** The key store contract on the simulated store with faults off, and its faults one by one. */
class SimulatedKvStoreTest extends KvStoreContract {

  @Override
  protected KvStore openStore() {
    return SimulatedStorage.faultless().connect();
  }

  @Test
  void aCrashFailsEveryConnectionOpenedBeforeAndKeepsTheCommittedData() {
    SimulatedStorage storage = SimulatedStorage.faultless();
    KvStore before = storage.connect();
    before.atomic().set(Tuple.of("k"), bytes("v")).commit();
    storage.crash();
    assertThatThrownBy(() -> before.get(Tuple.of("k"))).isInstanceOf(SimulatedCrashException.class);
    assertThat(storage.connect().get(Tuple.of("k")).value()).isEqualTo(bytes("v"));
  }

  @Test
  void aCommitOverTheLimitIsRefusedAndWritesNothing() {
    SimulatedStorage storage = new SimulatedStorage(1, new FaultPlan(0, 0, 0, 0, 0, 2), 1);
    KvStore store = storage.connect();
    assertThatThrownBy(() -> store.atomic().set(Tuple.of("a"), bytes("1"))
        .set(Tuple.of("b"), bytes("1")).set(Tuple.of("c"), bytes("1")).commit())
        .isInstanceOfSatisfying(CommitTooLargeException.class, e -> assertThat(e.limit()).isEqualTo(2));
    assertThat(store.get(Tuple.of("a")).exists()).isFalse();
  }

  @Test
  void anUnknownOutcomeWasAppliedEntirelyOrNotAtAllAsTheStorageRecords() {
    SimulatedStorage storage = new SimulatedStorage(7, new FaultPlan(1, 0, 0, 0, 0, 100), 1);
    KvStore store = storage.connect();
    for (int i = 0; i < 20; i++) {
      int n = i;
      SimulatedCommitOutcomeUnknownException unknown = org.junit.jupiter.api.Assertions.assertThrows(
          SimulatedCommitOutcomeUnknownException.class,
          () -> store.atomic().set(Tuple.of("a", n), bytes("1")).set(Tuple.of("b", n), bytes("1")).commit());
      boolean applied = storage.applied(unknown.commitId());
      KvStore inspector = storage.inspector();
      assertThat(inspector.get(Tuple.of("a", n)).exists()).isEqualTo(applied);
      assertThat(inspector.get(Tuple.of("b", n)).exists()).isEqualTo(applied);
    }
  }

  @Test
  void aConflictIsAnotherWriterRewritingACheckedKey() {
    SimulatedStorage storage = new SimulatedStorage(3, new FaultPlan(0, 1, 0, 0, 0, 100), 1);
    KvStore store = storage.connect();
    KvStore inspector = storage.inspector();
    inspector.atomic().set(Tuple.of("k"), bytes("v")).commit();
    var entry = store.get(Tuple.of("k"));
    var result = store.atomic().check(entry).set(Tuple.of("k"), bytes("w")).commit();
    assertThat(result.ok()).isFalse();
    assertThat((Object) result.failedKey()).isEqualTo(Tuple.of("k"));
    assertThat(inspector.get(Tuple.of("k")).value()).isEqualTo(bytes("v"));
  }

  @Test
  void aSnapshotOlderThanTheCompactionExpires() {
    SimulatedStorage storage = new SimulatedStorage(5, new FaultPlan(0, 0, 1, 0, 0, 100), 1);
    KvStore store = storage.connect();
    try (KvSnapshot snapshot = store.snapshot()) {
      store.atomic().set(Tuple.of("k"), bytes("v")).commit();
      assertThatThrownBy(() -> snapshot.get(Tuple.of("k")))
          .isInstanceOf(SimulatedSnapshotExpiredException.class);
    }
  }
}
