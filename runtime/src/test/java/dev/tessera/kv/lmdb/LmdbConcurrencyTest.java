package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LmdbConcurrencyTest {
  @TempDir Path dir;

  private static LmdbOptions fast() {
    return LmdbOptions.builder().durability(Durability.NO_SYNC).build();
  }

  @Test
  void exactlyOneThreadWinsEachRoundOfCheckAndSet() throws Exception {
    int threads = 8;
    int rounds = 150;
    try (LmdbKvStore store = LmdbKvStore.open(dir, fast())) {
      Tuple key = Tuple.of("round");
      store.atomic().set(key, KeySpace.u64(0)).commit();
      CyclicBarrier barrier = new CyclicBarrier(threads);
      AtomicInteger[] winners = new AtomicInteger[rounds];
      for (int r = 0; r < rounds; r++) {
        winners[r] = new AtomicInteger();
      }
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(pool.submit(() -> {
          for (int r = 0; r < rounds; r++) {
            barrier.await(30, TimeUnit.SECONDS);
            // Everyone reads the state of round r, then races to move it to r + 1.
            KvEntry seen = store.get(key);
            while (KeySpace.u64(seen.value()) < r) {
              seen = store.get(key);
            }
            if (KeySpace.u64(seen.value()) == r) {
              CommitResult result = store.atomic().check(seen).set(key, KeySpace.u64(r + 1))
                  .commit();
              if (result.ok()) {
                winners[r].incrementAndGet();
              }
            }
            barrier.await(30, TimeUnit.SECONDS);
          }
          return null;
        }));
      }
      for (Future<?> future : futures) {
        future.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();
      for (int r = 0; r < rounds; r++) {
        assertThat(winners[r].get()).as("winners of round %d", r).isEqualTo(1);
      }
      assertThat(KeySpace.u64(store.get(key).value())).isEqualTo(rounds);
    }
  }

  @Test
  void concurrentCommittersAndReadersLoseNothing() throws Exception {
    int threads = 6;
    int perThread = 300;
    try (LmdbKvStore store = LmdbKvStore.open(dir, fast())) {
      ExecutorService pool = Executors.newFixedThreadPool(threads * 2);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        futures.add(pool.submit(() -> {
          for (int i = 0; i < perThread; i++) {
            assertThat(store.atomic().sum(Tuple.of("total"), 1)
                .set(Tuple.of("item", thread, i), new byte[] {1}).commit().ok()).isTrue();
          }
          return null;
        }));
        futures.add(pool.submit(() -> {
          for (int i = 0; i < perThread; i++) {
            try (KvSnapshot snapshot = store.snapshot()) {
              KvEntry total = snapshot.get(Tuple.of("total"));
              long items;
              try (KvIterator it = snapshot.list(
                  ListSelector.of(TupleRange.prefix(Tuple.of("item"))).batchSize(64))) {
                items = it.stream().count();
              }
              // One snapshot: the counter and the items agree.
              assertThat(total.exists() ? KeySpace.u64(total.value()) : 0L).isEqualTo(items);
            }
          }
          return null;
        }));
      }
      for (Future<?> future : futures) {
        future.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();
      assertThat(KeySpace.u64(store.get(Tuple.of("total")).value()))
          .isEqualTo((long) threads * perThread);
      assertThat(store.openTransactions()).isZero();
    }
  }

  @Test
  void closeFailsOpenIteratorsSnapshotsAndLaterCallsClearly() throws Exception {
    LmdbKvStore store = LmdbKvStore.open(dir, fast());
    for (int i = 0; i < 100; i++) {
      store.atomic().set(Tuple.of("k", i), new byte[] {1}).commit();
    }
    KvIterator iterator = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("k"))).batchSize(10));
    iterator.next();
    KvSnapshot snapshot = store.snapshot();
    var pending = store.atomic().set(Tuple.of("late"), new byte[] {1});

    store.close();
    store.close();

    assertThatThrownBy(iterator::hasNext).isInstanceOf(StoreClosedException.class);
    assertThatThrownBy(() -> snapshot.get(Tuple.of("k", 1)))
        .isInstanceOf(StoreClosedException.class);
    assertThatThrownBy(pending::commit).isInstanceOf(StoreClosedException.class)
        .hasMessageContaining(dir.toString());
    assertThatThrownBy(() -> store.get(Tuple.of("k", 1))).isInstanceOf(StoreClosedException.class);
    assertThatThrownBy(() -> store.getMany(List.of(Tuple.of("k", 1))))
        .isInstanceOf(StoreClosedException.class);
    assertThatThrownBy(store::snapshot).isInstanceOf(StoreClosedException.class);
    assertThatThrownBy(store::atomic).isInstanceOf(StoreClosedException.class);
    assertThatThrownBy(() -> store.list(ListSelector.of(TupleRange.prefix(Tuple.of("k")))))
        .isInstanceOf(StoreClosedException.class);
    iterator.close();
    snapshot.close();
  }

  @Test
  void closingUnderLoadFromManyThreadsNeverCrashes() throws Exception {
    LmdbKvStore store = LmdbKvStore.open(dir, fast());
    for (int i = 0; i < 500; i++) {
      store.atomic().set(Tuple.of("k", i), new byte[] {1}).commit();
    }
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CyclicBarrier start = new CyclicBarrier(threads + 1);
    CountDownLatch busy = new CountDownLatch(threads * 20); // operations done before the close
    AtomicReference<Throwable> unexpected = new AtomicReference<>();
    AtomicInteger closedSeen = new AtomicInteger();
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      futures.add(pool.submit(() -> {
        start.await();
        try {
          for (int i = 0; ; i++) {
            switch (thread % 3) {
              case 0 -> store.atomic().sum(Tuple.of("c"), 1).commit();
              case 1 -> {
                try (KvIterator it = store.list(
                    ListSelector.of(TupleRange.prefix(Tuple.of("k"))).batchSize(16))) {
                  while (it.hasNext()) {
                    it.next();
                  }
                }
              }
              default -> {
                try (KvSnapshot snapshot = store.snapshot()) {
                  snapshot.get(Tuple.of("k", i % 500));
                }
              }
            }
            busy.countDown();
          }
        } catch (StoreClosedException expected) {
          closedSeen.incrementAndGet();
        } catch (Throwable other) {
          unexpected.set(other);
        }
        return null;
      }));
    }
    start.await();
    // close while the workers are mid-work: they have done operations and are doing more
    assertThat(busy.await(60, TimeUnit.SECONDS)).as("workers busy before the close").isTrue();
    store.close();
    for (Future<?> future : futures) {
      future.get(30, TimeUnit.SECONDS);
    }
    pool.shutdown();
    assertThat(unexpected.get()).isNull();
    assertThat(closedSeen.get()).isEqualTo(threads);
    // The store is closed and unlocked in this JVM: it opens again with the committed data.
    try (LmdbKvStore again = LmdbKvStore.open(dir)) {
      assertThat(again.get(Tuple.of("k", 499)).exists()).isTrue();
    }
  }
}
