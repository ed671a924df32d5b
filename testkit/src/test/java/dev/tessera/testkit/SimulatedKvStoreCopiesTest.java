package dev.tessera.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulated store hands out copies, never the objects it stores: runtime code that compares
 * versionstamps or values by identity, or keeps and changes an array it was given, fails here as on
 * a store that decodes every read from bytes.
 */
class SimulatedKvStoreCopiesTest {
  private static final Tuple KEY = Tuple.of("k");

  @Test
  void everyReadHandsOutItsOwnVersionstampAndBytes() {
    SimulatedKvStore store = SimulatedKvStore.create();
    CommitResult committed = store.atomic().set(KEY, new byte[] {1, 2}).set(Tuple.of("l"), new byte[] {3}).commit();
    List<KvEntry> reads = new ArrayList<>();
    reads.add(store.get(KEY));
    reads.add(store.get(KEY));
    reads.add(store.getMany(List.of(KEY)).get(0));
    try (KvSnapshot snapshot = store.snapshot()) {
      reads.add(snapshot.get(KEY));
      try (KvIterator it = snapshot.list(ListSelector.of(TupleRange.prefix(Tuple.of())))) {
        reads.add(it.next());
      }
    }
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of())))) {
      reads.add(it.next());
    }
    for (int i = 0; i < reads.size(); i++) {
      KvEntry read = reads.get(i);
      assertThat(read.versionstamp()).as("read %d", i).isEqualTo(committed.versionstamp())
          .isNotSameAs(committed.versionstamp());
      for (int j = 0; j < i; j++) {
        assertThat(read.versionstamp()).as("reads %d and %d", j, i).isNotSameAs(reads.get(j).versionstamp());
        assertThat(read.value()).as("reads %d and %d", j, i).isEqualTo(reads.get(j).value())
            .isNotSameAs(reads.get(j).value());
      }
    }
    // two keys of one commit: equal stamps, two instances
    assertThat(store.get(Tuple.of("l")).versionstamp()).isEqualTo(reads.get(0).versionstamp())
        .isNotSameAs(reads.get(0).versionstamp());
  }

  @Test
  void bytesChangedByACallerAfterAWriteOrAReadLeaveTheStoreAsItWas() {
    SimulatedKvStore store = SimulatedKvStore.create();
    byte[] written = {1, 2};
    store.atomic().set(KEY, written).commit();
    written[0] = 9;
    store.get(KEY).value()[1] = 9;
    assertThat(store.get(KEY).value()).containsExactly(1, 2);
  }

  @Test
  void aFailedCheckReportsACopyOfTheStampItFound() {
    SimulatedKvStore store = SimulatedKvStore.create();
    Versionstamp first = store.atomic().set(KEY, new byte[] {1}).commit().versionstamp();
    store.atomic().set(KEY, new byte[] {2}).commit();
    CommitResult failed = store.atomic().check(KEY, first).set(KEY, new byte[] {3}).commit();
    assertThat(failed.ok()).isFalse();
    assertThat(failed.actual()).isEqualTo(store.get(KEY).versionstamp()).isNotSameAs(store.get(KEY).versionstamp());
  }
}
