package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.KvStoreContract;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCount;
import dev.tessera.kv.StoreContents;
import dev.tessera.kv.ValueTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key store contract on LMDB, and what only the LMDB store promises (reopen, durability). */
class LmdbKvStoreTest extends KvStoreContract {
  @TempDir Path dir;

  @Override
  protected KvStore openStore() {
    return LmdbKvStore.open(dir.resolve("store"));
  }

  @Test
  void worksWithoutAnyAddOpensFlag() {
    List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
    assertThat(jvmArgs).noneMatch(arg -> arg.contains("--add-opens"));
    CommitResult result = store.atomic().set(Tuple.of("a"), bytes("x")).commit();
    assertThat(result.ok()).isTrue();
    assertThat(store.get(Tuple.of("a")).value()).isEqualTo(bytes("x"));
  }

  @Test
  void versionstampsIncreaseStrictlyAcrossCommitsAndReopen() {
    Versionstamp previous = null;
    for (int i = 0; i < 5; i++) {
      Versionstamp vs = store.atomic().set(Tuple.of("k", i), bytes("v")).commit().versionstamp();
      if (previous != null) {
        assertThat(vs).isGreaterThan(previous);
      }
      previous = vs;
    }
    store.close();
    store = LmdbKvStore.open(dir.resolve("store"));
    assertThat(store.get(Tuple.of("k", 4)).versionstamp()).isEqualTo(previous);
    Versionstamp afterReopen = store.atomic().set(Tuple.of("k", 9), bytes("v")).commit()
        .versionstamp();
    assertThat(afterReopen).isGreaterThan(previous);
    assertThat(afterReopen.commitVersion()).isEqualTo(previous.commitVersion() + 1);
  }

  @Test
  void valueOverTheLimitFailsBeforeAnythingIsWritten() {
    byte[] huge = new byte[StoredEntry.MAX_VALUE_SIZE + 1];
    assertThatThrownBy(() -> store.atomic().set(Tuple.of("big"), huge))
        .isInstanceOfSatisfying(ValueTooLargeException.class, e -> {
          assertThat(e.size()).isEqualTo(huge.length);
          assertThat(e.limit()).isEqualTo(64L << 20);
        });
    assertThat(KeySpace.dump(store)).isEmpty();
  }

  @Test
  void noSyncDurabilityCommitsAndSurvivesReopen() {
    Path other = dir.resolve("nosync");
    try (LmdbKvStore fast = LmdbKvStore.open(other,
        LmdbOptions.builder().durability(Durability.NO_SYNC).build())) {
      fast.atomic().set(Tuple.of("k"), bytes("v")).commit();
    }
    try (LmdbKvStore reopened = LmdbKvStore.open(other)) {
      assertThat(reopened.get(Tuple.of("k")).value()).isEqualTo(bytes("v"));
    }
  }
  @Test
  void closedSnapshotReleasesItsReadTransaction() {
    store.atomic().set(Tuple.of("a"), bytes("1")).commit();
    try (KvSnapshot snapshot = store.snapshot()) {
      assertThat(snapshot.get(Tuple.of("a")).exists()).isTrue();
    }
    assertThat(((LmdbKvStore) store).openTransactions()).isZero();
  }

  @Test
  void getPointedToTheEmptyKeyFailsAsItsGetWould() {
    store.atomic().set(Tuple.of("ptr"), new byte[0]).commit(); // names no parts
    assertThatThrownBy(() -> store.get(Tuple.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty tuple");
    assertThatThrownBy(() -> store.getPointed(Tuple.of("ptr"), Tuple.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty tuple");
  }

  @Test
  void anOperationWithManyChecksAndWritesEndsAsItsWritesAppliedInOrderWould() {
    // More checks and writes than an operation's first arrays hold, several times over: random
    // writes over a few keys end as a model applying them in the order added says, and a stale
    // check anywhere among the others (the last included) fails the commit naming its key.
    Random random = new Random(25);
    Map<Tuple, byte[]> model = new HashMap<>();
    List<Tuple> keys = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      keys.add(Tuple.of("k", i));
    }
    List<Tuple> counters = List.of(Tuple.of("c", 0), Tuple.of("c", 1));
    for (int round = 0; round < 40; round++) {
      List<Tuple> checked = new ArrayList<>(keys);
      checked.addAll(counters);
      Collections.shuffle(checked, random);
      List<Versionstamp> stamps = new ArrayList<>();
      for (Tuple key : checked) {
        stamps.add(store.get(key).versionstamp());
      }
      if (round % 4 == 3) {
        int stale = round % 8 == 3 ? checked.size() - 1 : random.nextInt(checked.size());
        Map<String, String> before = StoreContents.dump(store);
        AtomicOperation operation = store.atomic();
        for (int i = 0; i < checked.size(); i++) {
          operation.check(checked.get(i), i == stale ? Versionstamp.of(1L << 40, 7) : stamps.get(i));
        }
        CommitResult failed = operation.set(Tuple.of("k", 0), bytes("never")).commit();
        assertThat(failed.ok()).as("round %d", round).isFalse();
        assertThat((Object) failed.failedKey()).isEqualTo(checked.get(stale));
        assertThat(StoreContents.dump(store)).isEqualTo(before);
        continue;
      }
      AtomicOperation operation = store.atomic();
      for (int i = 0; i < checked.size(); i++) {
        operation.check(checked.get(i), stamps.get(i));
      }
      Set<Tuple> written = new HashSet<>();
      int writes = 1 + random.nextInt(40);
      for (int w = 0; w < writes; w++) {
        int kind = random.nextInt(4);
        if (kind == 3) {
          Tuple counter = counters.get(random.nextInt(counters.size()));
          long operand = random.nextInt(1000);
          operation.sum(counter, operand);
          byte[] old = model.get(counter);
          model.put(counter, StoreContents.u64((old == null ? 0 : StoreContents.u64(old)) + operand));
          written.add(counter);
        } else {
          Tuple key = keys.get(random.nextInt(keys.size()));
          if (kind == 2) {
            operation.delete(key);
            model.remove(key);
          } else {
            byte[] value = bytes("r" + round + "w" + w);
            operation.set(key, value);
            model.put(key, value);
          }
          written.add(key);
        }
      }
      CommitResult result = operation.commit();
      assertThat(result.ok()).as("round %d", round).isTrue();
      for (Tuple key : keys) {
        KvEntry entry = store.get(key);
        assertThat(entry.value()).as("round %d, %s", round, key).isEqualTo(model.get(key));
      }
      for (Tuple key : counters) {
        KvEntry entry = store.get(key);
        assertThat(entry.value()).as("round %d, %s", round, key).isEqualTo(model.get(key));
        if (written.contains(key)) {
          assertThat(entry.versionstamp()).isEqualTo(result.versionstamp());
        }
      }
    }
  }

  @Test
  void aStaleRangeCheckOrRangeCountCheckAfterManyThatHoldFailsTheCommitNamingItsRange() {
    int ranges = 11;
    List<TupleRange> all = new ArrayList<>();
    for (int r = 0; r < ranges; r++) {
      all.add(TupleRange.prefix(Tuple.of("r", r)));
      store.atomic().set(Tuple.of("r", r, 0), bytes("x")).set(Tuple.of("r", r, 1), bytes("y"))
          .commit();
    }
    List<List<KvEntry>> seen = new ArrayList<>();
    List<RangeCount> counts = new ArrayList<>();
    try (KvSnapshot snapshot = store.snapshot()) {
      for (TupleRange range : all) {
        List<KvEntry> entries = new ArrayList<>();
        try (KvIterator it = snapshot.list(ListSelector.of(range))) {
          it.forEachRemaining(entries::add);
        }
        seen.add(entries);
        counts.add(snapshot.count(ListSelector.of(range)));
      }
    }
    store.atomic().set(Tuple.of("r", ranges - 1, 2), bytes("z")).commit();

    AtomicOperation ranged = store.atomic();
    AtomicOperation counted = store.atomic();
    for (int r = 0; r < ranges; r++) {
      ranged.checkRange(all.get(r), seen.get(r));
      counted.checkRangeCount(all.get(r), counts.get(r).count(), counts.get(r).readVersion());
    }
    CommitResult rangeFailed = ranged.set(Tuple.of("w"), bytes("1")).commit();
    CommitResult countFailed = counted.set(Tuple.of("w"), bytes("1")).commit();

    assertThat(rangeFailed.ok()).isFalse();
    assertThat(rangeFailed.failedRange()).isEqualTo(all.get(ranges - 1));
    assertThat(countFailed.ok()).isFalse();
    assertThat(countFailed.failedRange()).isEqualTo(all.get(ranges - 1));
    assertThat(store.get(Tuple.of("w")).exists()).isFalse();
  }

  @Test
  void aSnapshotClosedTwiceOrAfterTheStoreEndedItReleasesItsTransactionOnce() {
    LmdbKvStore lmdb = (LmdbKvStore) store;
    KvSnapshot held = store.snapshot();
    KvSnapshot twice = store.snapshot();
    twice.close();
    twice.close();
    assertThat(lmdb.openTransactions()).isEqualTo(1);
    held.close();
    assertThat(lmdb.openTransactions()).isZero();

    KvSnapshot endedByTheStore = store.snapshot();
    store.close();
    assertThat(lmdb.openTransactions()).isZero();
    endedByTheStore.close();
    endedByTheStore.close();
    assertThat(lmdb.openTransactions()).isZero();
  }
}
