package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.CounterValueException;
import dev.tessera.repository.RawLmdb;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GroupCommitTest {
  @TempDir Path dir;

  @Test
  void concurrentDurableCommitsShareTransactionsAndLoseNothing() throws Exception {
    int threads = 8;
    int perThread = 60;
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      List<Versionstamp> stamps = Collections.synchronizedList(new ArrayList<>());
      inThreads(threads, thread -> {
        for (int i = 0; i < perThread; i++) {
          CommitResult result = store.atomic().sum(Tuple.of("total"), 1)
              .set(Tuple.of("item", thread, i), new byte[] {1}).commit();
          assertThat(result.ok()).isTrue();
          stamps.add(result.versionstamp());
        }
      });
      int commits = threads * perThread;
      assertThat(KeySpace.u64(store.get(Tuple.of("total")).value())).isEqualTo(commits);
      Set<String> unique = new HashSet<>();
      stamps.forEach(v -> unique.add(v.toString()));
      assertThat(unique).hasSize(commits);
      for (int t = 0; t < threads; t++) {
        for (int i = 0; i < perThread; i++) {
          assertThat(store.get(Tuple.of("item", t, i)).exists()).isTrue();
        }
      }
      GroupCommit group = store.groupCommit();
      assertThat(group.transactions()).isPositive().isLessThan(commits);
      assertThat(group.transactions() + group.flushes())
          .as("flushes shared: alone, each commit would flush twice")
          .isLessThan(2L * commits);
    }
  }

  @Test
  void flightRecorderEventsAccountForEveryCommitBatchAndFlush() throws Exception {
    int threads = 4;
    int perThread = 25;
    Path recorded = dir.resolve("group-commit.jfr");
    long transactions;
    long flushes;
    try (Recording recording = new Recording()) {
      recording.enable("dev.tessera.DurableCommit").withoutThreshold();
      recording.enable("dev.tessera.GroupCommitBatch").withoutThreshold();
      recording.enable("dev.tessera.GroupCommitFlush").withoutThreshold();
      recording.start();
      try (LmdbKvStore store = LmdbKvStore.open(dir.resolve("store"))) {
        inThreads(threads, thread -> {
          for (int i = 0; i < perThread; i++) {
            store.atomic().set(Tuple.of("item", thread, i), new byte[] {1}).commit();
          }
        });
        transactions = store.groupCommit().transactions();
        flushes = store.groupCommit().flushes();
      }
      recording.stop();
      recording.dump(recorded);
    }
    List<RecordedEvent> events = RecordingFile.readAllEvents(recorded);
    List<RecordedEvent> commits = ofType(events, "dev.tessera.DurableCommit");
    List<RecordedEvent> batches = ofType(events, "dev.tessera.GroupCommitBatch");
    List<RecordedEvent> explicit = ofType(events, "dev.tessera.GroupCommitFlush");

    assertThat(commits).hasSize(threads * perThread);
    for (RecordedEvent commit : commits) {
      long queued = commit.getDuration("queued").toNanos();
      long writing = commit.getDuration("writing").toNanos();
      long awaitingFlush = commit.getDuration("awaitingFlush").toNanos();
      assertThat(queued).isNotNegative();
      assertThat(writing).as("its batch's commit flushed the file").isPositive();
      assertThat(awaitingFlush).as("a later flush made it durable").isPositive();
      // The parts are read from System.nanoTime(), the event's duration from JFR's clock.
      assertThat(queued + writing + awaitingFlush)
          .isLessThanOrEqualTo(commit.getDuration().toNanos() + 1_000_000);
      assertThat(commit.getInt("batchOperations")).isBetween(1, threads);
      assertThat(commit.getString("store")).endsWith("store");
    }
    assertThat(batches).hasSize((int) transactions);
    assertThat(batches.stream().mapToInt(b -> b.getInt("operations")).sum())
        .isEqualTo(threads * perThread);
    assertThat(explicit).hasSize((int) flushes);
    assertThat(explicit.stream().mapToInt(f -> f.getInt("operations")).sum())
        .as("each commit is made durable once: by an explicit flush or by a later batch")
        .isLessThanOrEqualTo(threads * perThread)
        .isPositive();
  }

  // Runs body(0) ... body(threads - 1) at the same time and waits for all.
  private static void inThreads(int threads, IntConsumer body) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        futures.add(pool.submit(() -> body.accept(thread)));
      }
      for (Future<?> future : futures) {
        future.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdown();
    }
  }

  private static List<RecordedEvent> ofType(List<RecordedEvent> events, String name) {
    return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
  }

  @Test
  void aLoneDurableCommitIsFlushedBeforeItReturns() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      for (int i = 0; i < 5; i++) {
        assertThat(store.atomic().set(Tuple.of("k", i), new byte[] {1}).commit().ok()).isTrue();
        // Nothing followed it, so no later commit's flush covered it: it flushed itself.
        assertThat(store.groupCommit().flushes()).isEqualTo(i + 1);
      }
      CommitResult failed = store.atomic().check(Tuple.of("k", 0), null)
          .set(Tuple.of("never"), new byte[] {1}).commit();
      assertThat(failed.ok()).isFalse();
      assertThat(store.get(Tuple.of("never")).exists()).isFalse();
      assertThat(store.groupCommit().flushes())
          .as("a failed check may have seen unflushed commits: it is reported after a flush too")
          .isEqualTo(6);
    }
  }

  @Test
  void eachOperationOfABatchHasItsOwnOutcome() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      store.atomic().set(Tuple.of("text"), "abc".getBytes()).commit();
      Map<String, String> before = KeySpace.dump(store);
      LmdbAtomicOperation good =
          (LmdbAtomicOperation) store.atomic().set(Tuple.of("good"), new byte[] {1});
      LmdbAtomicOperation badCounter = (LmdbAtomicOperation) store.atomic()
          .set(Tuple.of("partial"), new byte[] {2}).sum(Tuple.of("text"), 1);
      LmdbAtomicOperation failedCheck = (LmdbAtomicOperation) store.atomic()
          .check(Tuple.of("text"), null).set(Tuple.of("checked"), new byte[] {3});
      LmdbAtomicOperation seesGood = (LmdbAtomicOperation) store.atomic()
          .check(Tuple.of("good"), null).set(Tuple.of("late"), new byte[] {4});

      List<GroupCommit.Outcome> outcomes = store.groupCommit()
          .writeTogether(List.of(good, badCounter, failedCheck, seesGood));

      CommitResult first = outcomes.get(0).result();
      assertThat(first.ok()).isTrue();
      assertThat(outcomes.get(1).result()).isNull();
      assertThat(outcomes.get(1).rolledBack()).isInstanceOf(CounterValueException.class);
      assertThat(outcomes.get(2).result().ok()).isFalse();
      CommitResult fourth = outcomes.get(3).result();
      assertThat(fourth.ok()).as("a later operation sees the earlier ones of its batch").isFalse();
      assertThat(fourth.actual()).isEqualTo(first.versionstamp());

      Map<String, String> after = KeySpace.dump(store);
      assertThat(after).hasSize(before.size() + 1);
      assertThat(store.get(Tuple.of("good")).versionstamp()).isEqualTo(first.versionstamp());
      assertThat(store.get(Tuple.of("partial")).exists()).isFalse();
      assertThat(store.get(Tuple.of("checked")).exists()).isFalse();
      // Only the successful operation consumed a commit version.
      Versionstamp next = store.atomic().set(Tuple.of("n"), new byte[] {1}).commit()
          .versionstamp();
      assertThat(next.commitVersion()).isEqualTo(first.versionstamp().commitVersion() + 1);
    }
  }

  @Test
  void aCheckMeetingADamagedValueFailsOnlyItsOwnOperationNamingTheKey() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      store.atomic().set(Tuple.of("other"), new byte[] {0}).commit();
    }
    RawLmdb.put(dir, Tuple.of("damaged").pack(), new byte[] {1, 2, 3});
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      LmdbAtomicOperation checksDamaged = (LmdbAtomicOperation) store.atomic()
          .check(Tuple.of("damaged"), null).set(Tuple.of("never"), new byte[] {1});
      LmdbAtomicOperation good =
          (LmdbAtomicOperation) store.atomic().set(Tuple.of("good"), new byte[] {2});
      LmdbAtomicOperation rangeOverDamaged = (LmdbAtomicOperation) store.atomic()
          .checkRange(TupleRange.keyAndExtensions(Tuple.of("damaged")), List.of())
          .set(Tuple.of("never2"), new byte[] {3});

      List<GroupCommit.Outcome> outcomes =
          store.groupCommit().writeTogether(List.of(checksDamaged, good, rangeOverDamaged));

      assertThat(outcomes.get(0).rolledBack()).isInstanceOf(CorruptEntryException.class)
          .hasMessageContaining("(\"damaged\")").hasMessageContaining("3 bytes");
      assertThat(outcomes.get(1).applied()).as("the batch's other operation commits").isTrue();
      assertThat(outcomes.get(2).rolledBack()).isInstanceOf(CorruptEntryException.class);
      assertThat(store.get(Tuple.of("good")).exists()).isTrue();
      assertThat(store.get(Tuple.of("never")).exists()).isFalse();
      assertThat(store.get(Tuple.of("never2")).exists()).isFalse();

      assertThatThrownBy(() -> store.atomic().check(Tuple.of("damaged"), null)
              .set(Tuple.of("never"), new byte[] {1}).commit())
          .isInstanceOf(CorruptEntryException.class)
          .hasMessageContaining("(\"damaged\")");
      assertThat(store.get(Tuple.of("never")).exists()).isFalse();
    }
  }

  @Test
  void batchesThatFillATinyMapGrowItAndLoseNothing() throws Exception {
    int threads = 4;
    int perThread = 50;
    try (LmdbKvStore store = LmdbKvStore.open(dir,
        LmdbOptions.builder().initialMapSize(64L << 10).build())) {
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        futures.add(pool.submit(() -> {
          for (int i = 0; i < perThread; i++) {
            assertThat(store.atomic().set(Tuple.of("blob", thread, i), new byte[20_000])
                .commit().ok()).isTrue();
          }
          return null;
        }));
      }
      for (Future<?> future : futures) {
        future.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();
      for (int t = 0; t < threads; t++) {
        for (int i = 0; i < perThread; i++) {
          assertThat(store.get(Tuple.of("blob", t, i)).value()).hasSize(20_000);
        }
      }
      // The blobs alone take 4,000,000 bytes: the 64 KiB map must have grown to hold them all (not
      // necessarily beyond 4 MiB: LMDB may fit them into exactly 4 MiB, reusing freed pages).
      assertThat(store.mapSize()).isGreaterThanOrEqualTo((long) threads * perThread * 20_000);
    }
  }

  @Test
  void aThreadHoldingASnapshotCommitsAloneAndFailsFastWhenTheMapMustGrow() {
    try (LmdbKvStore store = LmdbKvStore.open(dir,
        LmdbOptions.builder().initialMapSize(64L << 10).build())) {
      try (dev.tessera.kv.KvSnapshot snapshot = store.snapshot()) {
        assertThat(store.atomic().set(Tuple.of("small"), new byte[] {1}).commit().ok()).isTrue();
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                store.atomic().set(Tuple.of("big"), new byte[1 << 20]).commit())
            .isInstanceOf(MapGrowthBlockedException.class);
        assertThat(snapshot.get(Tuple.of("small")).exists()).isFalse();
      }
      assertThat(store.groupCommit().transactions()).isZero();
    }
  }

  @Test
  void noSyncStoresCommitAlone() {
    try (LmdbKvStore store = LmdbKvStore.open(dir,
        LmdbOptions.builder().durability(Durability.NO_SYNC).build())) {
      assertThat(store.groupCommit()).isNull();
      assertThat(store.atomic().set(Tuple.of("k"), new byte[] {1}).commit().ok()).isTrue();
    }
  }
}
