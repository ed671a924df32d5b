package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads reuse pooled LMDB read transactions; the pool must never change what a read sees. */
class LmdbReadReuseTest {
  @TempDir Path dir;

  @Test
  void aReusedTransactionSeesEveryLaterCommit() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      for (int i = 0; i < 50; i++) {
        store.atomic().set(Tuple.of("k"), new byte[] {(byte) i}).commit();
        assertThat(store.get(Tuple.of("k")).value()).containsExactly((byte) i);
        try (KvSnapshot snapshot = store.snapshot()) {
          assertThat(snapshot.get(Tuple.of("k")).value()).containsExactly((byte) i);
        }
      }
      assertThat(store.openTransactions()).isZero();
    }
  }

  @Test
  void idleTransactionsGiveTheirReaderSlotsToSnapshotsThatNeedThem() throws Exception {
    int slots = 3;
    try (LmdbKvStore store = LmdbKvStore.open(dir, LmdbOptions.builder().maxReaders(slots).build())) {
      store.atomic().set(Tuple.of("k"), new byte[] {1}).commit();
      ExecutorService pool = Executors.newFixedThreadPool(slots);
      List<Future<?>> readers = new ArrayList<>();
      for (int t = 0; t < slots; t++) {
        readers.add(pool.submit(() -> {
          for (int i = 0; i < 2_000; i++) {
            assertThat(store.get(Tuple.of("k")).exists()).isTrue();
          }
          return null;
        }));
      }
      for (Future<?> reader : readers) {
        reader.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();

      List<KvSnapshot> open = new ArrayList<>();
      try {
        for (int i = 0; i < slots; i++) {
          open.add(store.snapshot());
        }
        assertThatThrownBy(store::snapshot).isInstanceOf(TooManyReadersException.class);
        for (KvSnapshot snapshot : open) {
          assertThat(snapshot.get(Tuple.of("k")).exists()).isTrue();
        }
      } finally {
        open.forEach(KvSnapshot::close);
      }
      assertThat(store.get(Tuple.of("k")).exists()).isTrue();
    }
  }

  @Test
  void theMapGrowsWhileReadTransactionsIdleInThePool() {
    LmdbOptions tiny =
        LmdbOptions.builder().initialMapSize(64L << 10).durability(Durability.NO_SYNC).build();
    try (LmdbKvStore store = LmdbKvStore.open(dir, tiny)) {
      store.atomic().set(Tuple.of("small"), new byte[] {1}).commit();
      assertThat(store.get(Tuple.of("small")).exists()).isTrue();
      long before = store.mapSize();

      assertThat(store.atomic().set(Tuple.of("big"), new byte[1 << 20]).commit().ok()).isTrue();

      assertThat(store.mapSize()).isGreaterThan(before);
      assertThat(store.get(Tuple.of("big")).value()).hasSize(1 << 20);
      assertThat(store.get(Tuple.of("small")).value()).containsExactly((byte) 1);
    }
  }

  @Test
  void readsAfterCloseFailClearly() {
    LmdbKvStore store = LmdbKvStore.open(dir);
    store.atomic().set(Tuple.of("k"), new byte[] {1}).commit();
    assertThat(store.get(Tuple.of("k")).exists()).isTrue();
    store.close();
    assertThatThrownBy(() -> store.get(Tuple.of("k"))).isInstanceOf(StoreClosedException.class);
    assertThatThrownBy(() -> store.getMany(List.of(Tuple.of("k"))))
        .isInstanceOf(StoreClosedException.class);
  }
}
