package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCheckTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Range checks: a commit fails when a key in a range read earlier was added, removed or changed. */
class LmdbRangeCheckTest {
  private static final TupleRange LOANS = TupleRange.prefix(Tuple.of("loan", "m1"));

  @TempDir Path dir;

  private static List<KvEntry> scan(LmdbKvStore store, TupleRange range) {
    try (KvIterator it = store.list(ListSelector.of(range))) {
      List<KvEntry> seen = new ArrayList<>();
      it.forEachRemaining(seen::add);
      return seen;
    }
  }

  private static void put(LmdbKvStore store, Tuple key, String value) {
    assertThat(store.atomic().set(key, value.getBytes()).commit().ok()).isTrue();
  }

  private LmdbKvStore open(Durability durability) {
    return LmdbKvStore.open(dir.resolve("store"), LmdbOptions.builder().durability(durability).build());
  }

  @Test
  void unchangedRangeCommitsEvenIfKeysAroundItChange() {
    try (LmdbKvStore store = open(Durability.NO_SYNC)) {
      put(store, Tuple.of("loan", "m1", 1), "a");
      put(store, Tuple.of("loan", "m1", 2), "b");
      List<KvEntry> seen = scan(store, LOANS);
      put(store, Tuple.of("loan", "m0", 9), "outside below");
      put(store, Tuple.of("loan", "m2", 0), "outside above");
      put(store, Tuple.of("loan", "m1"), "the prefix itself is not in the range");

      CommitResult result =
          store.atomic().checkRange(LOANS, seen).set(Tuple.of("loan", "m1", 3), new byte[0]).commit();

      assertThat(result.ok()).isTrue();
      assertThat(store.get(Tuple.of("loan", "m1", 3)).exists()).isTrue();
    }
  }

  @Test
  void keyAddedInTheRangeFailsTheCommitAndIsNamed() {
    try (LmdbKvStore store = open(Durability.NO_SYNC)) {
      put(store, Tuple.of("loan", "m1", 1), "a");
      List<KvEntry> seen = scan(store, LOANS);
      put(store, Tuple.of("loan", "m1", 0), "phantom");

      CommitResult result =
          store.atomic().checkRange(LOANS, seen).set(Tuple.of("loan", "m1", 3), new byte[0]).commit();

      assertThat(result.ok()).isFalse();
      assertThat(result.failedOnRange()).isTrue();
      assertThat(result.failedRange()).isEqualTo(LOANS);
      assertThat((Object) result.failedKey()).isEqualTo(Tuple.of("loan", "m1", 0));
      assertThat(result.expected()).isNull();
      assertThat(result.actual()).isNotNull();
      assertThat(store.get(Tuple.of("loan", "m1", 3)).exists()).as("nothing written").isFalse();
    }
  }

  @Test
  void keyAddedAfterTheLastSeenFailsTheCommit() {
    try (LmdbKvStore store = open(Durability.NO_SYNC)) {
      put(store, Tuple.of("loan", "m1", 1), "a");
      List<KvEntry> seen = scan(store, LOANS);
      put(store, Tuple.of("loan", "m1", 7), "phantom");

      CommitResult result = store.atomic().checkRange(LOANS, seen).commit();

      assertThat(result.ok()).isFalse();
      assertThat((Object) result.failedKey()).isEqualTo(Tuple.of("loan", "m1", 7));
    }
  }

  @Test
  void keyRemovedFromTheRangeFailsTheCommit() {
    try (LmdbKvStore store = open(Durability.NO_SYNC)) {
      put(store, Tuple.of("loan", "m1", 1), "a");
      put(store, Tuple.of("loan", "m1", 2), "b");
      List<KvEntry> seen = scan(store, LOANS);
      store.atomic().delete(Tuple.of("loan", "m1", 2)).commit();

      CommitResult result = store.atomic().checkRange(LOANS, seen).commit();

      assertThat(result.ok()).isFalse();
      assertThat((Object) result.failedKey()).isEqualTo(Tuple.of("loan", "m1", 2));
      assertThat(result.expected()).isEqualTo(seen.get(1).versionstamp());
      assertThat(result.actual()).isNull();
    }
  }

  @Test
  void keyChangedInTheRangeFailsTheCommit() {
    try (LmdbKvStore store = open(Durability.NO_SYNC)) {
      put(store, Tuple.of("loan", "m1", 1), "a");
      List<KvEntry> seen = scan(store, LOANS);
      put(store, Tuple.of("loan", "m1", 1), "changed");

      CommitResult result = store.atomic().checkRange(LOANS, seen).commit();

      assertThat(result.ok()).isFalse();
      assertThat((Object) result.failedKey()).isEqualTo(Tuple.of("loan", "m1", 1));
      assertThat(result.expected()).isEqualTo(seen.get(0).versionstamp());
      assertThat(result.actual()).isEqualTo(store.get(Tuple.of("loan", "m1", 1)).versionstamp());
    }
  }

  @Test
  void emptyRangeStaysEmptyOrFails() {
    try (LmdbKvStore store = open(Durability.NO_SYNC)) {
      assertThat(store.atomic().checkRange(LOANS, List.of()).commit().ok()).isTrue();
      put(store, Tuple.of("loan", "m1", 1), "a");
      assertThat(store.atomic().checkRange(LOANS, List.of()).commit().ok()).isFalse();
    }
  }

  @Test
  void scanStoppedByALimitValidatesOnlyThePartConsumed() {
    try (LmdbKvStore store = open(Durability.NO_SYNC)) {
      for (int i = 1; i <= 4; i++) {
        put(store, Tuple.of("loan", "m1", i), "v" + i);
      }
      List<KvEntry> firstTwo;
      try (KvIterator it = store.list(ListSelector.of(LOANS).limit(2))) {
        firstTwo = List.of(it.next(), it.next());
      }
      // Consumed: from the range's start through the last key returned.
      byte[] last = firstTwo.get(1).key().pack();
      TupleRange consumed = TupleRange.ofPacked(LOANS.begin(), Arrays.copyOf(last, last.length + 1));
      put(store, Tuple.of("loan", "m1", 4), "changed after the part read");
      put(store, Tuple.of("loan", "m1", 3, "x"), "added after the part read");
      assertThat(store.atomic().checkRange(consumed, firstTwo).commit().ok()).isTrue();

      put(store, Tuple.of("loan", "m1", 2), "changed inside the part read");
      assertThat(store.atomic().checkRange(consumed, firstTwo).commit().ok()).isFalse();
    }
  }

  @Test
  void rangeCheckOverTooManyKeysIsRefusedBeforeAnythingIsWritten() {
    try (LmdbKvStore store = open(Durability.NO_SYNC)) {
      List<KvEntry> seen = new ArrayList<>();
      AtomicOperation load = store.atomic();
      for (int i = 0; i <= AtomicOperation.MAX_RANGE_CHECK_KEYS; i++) {
        load.set(Tuple.of("loan", "m1", i), new byte[0]);
      }
      assertThat(load.commit().ok()).isTrue();
      seen.addAll(scan(store, LOANS));

      AtomicOperation op = store.atomic().set(Tuple.of("other"), new byte[0]);
      assertThatThrownBy(() -> op.checkRange(LOANS, seen))
          .isInstanceOf(RangeCheckTooLargeException.class)
          .hasMessageContaining((AtomicOperation.MAX_RANGE_CHECK_KEYS + 1) + " keys")
          .hasMessageContaining("limit of " + AtomicOperation.MAX_RANGE_CHECK_KEYS);
      assertThat(store.get(Tuple.of("other")).exists()).isFalse();
    }
  }

  @Test
  void seenEntriesMustBeWhatAScanOfTheRangeReturns() {
    try (LmdbKvStore store = open(Durability.NO_SYNC)) {
      put(store, Tuple.of("loan", "m1", 1), "a");
      put(store, Tuple.of("loan", "m1", 2), "b");
      List<KvEntry> seen = scan(store, LOANS);
      AtomicOperation op = store.atomic();
      assertThatThrownBy(() -> op.checkRange(LOANS, List.of(seen.get(1), seen.get(0))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("ascending key order");
      assertThatThrownBy(() -> op.checkRange(TupleRange.prefix(Tuple.of("book")), seen))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("outside its range");
      assertThatThrownBy(() -> op.checkRange(LOANS, List.of(KvEntry.absent(Tuple.of("loan", "m1", 5)))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("absent");
    }
  }

  /**
   * Write skew at the key level: "a member holds at most 3 loans". Each of 8 threads counts the
   * member's loans and, below 3, adds one with a range check on what it counted. Without the range
   * check two threads that both counted 2 would both add one. With group commit the checks are
   * evaluated in order inside the batch's write transaction, so a later operation of the same batch
   * sees an earlier one's insert.
   */
  @ParameterizedTest
  @EnumSource(Durability.class)
  void rangeChecksStopWriteSkewUnderConcurrency(Durability durability) throws Exception {
    try (LmdbKvStore store = open(durability)) {
      int threads = 8;
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Integer>> added = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        added.add(pool.submit(() -> {
          start.await();
          int mine = 0;
          for (int attempt = 0; attempt < 50; attempt++) {
            List<KvEntry> seen = scan(store, LOANS);
            if (seen.size() >= 3) {
              break;
            }
            CommitResult result = store.atomic()
                .checkRange(LOANS, seen)
                .set(Tuple.of("loan", "m1", id * 1000 + attempt), new byte[0])
                .commit();
            if (result.ok()) {
              mine++;
            }
          }
          return mine;
        }));
      }
      start.countDown();
      int total = 0;
      for (Future<Integer> f : added) {
        total += f.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();
      assertThat(scan(store, LOANS)).hasSize(3);
      assertThat(total).isEqualTo(3);
    }
  }
}
