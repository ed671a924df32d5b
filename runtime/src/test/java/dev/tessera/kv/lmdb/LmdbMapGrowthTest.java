package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.text.MessageFormat;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LmdbMapGrowthTest {
  @TempDir Path dir;

  private static LmdbOptions.Builder tiny() {
    return LmdbOptions.builder().initialMapSize(64L << 10).durability(Durability.NO_SYNC);
  }

  private static byte[] filled(int size, int seed) {
    byte[] value = new byte[size];
    Arrays.fill(value, (byte) seed);
    return value;
  }

  @Test
  void tinyMapGrowsForFarMoreDataAndLosesNoCommit() {
    int commits = 200;
    int perCommit = 25;
    int valueSize = 10_000; // 50 MB in total
    try (LmdbKvStore store = LmdbKvStore.open(dir, tiny().build())) {
      long initial = store.mapSize();
      for (int c = 0; c < commits; c++) {
        AtomicOperation op = store.atomic();
        for (int i = 0; i < perCommit; i++) {
          op.set(Tuple.of("blob", c, i), filled(valueSize, c + i));
        }
        assertThat(op.commit().ok()).isTrue();
      }
      assertThat(store.mapSize()).isGreaterThan(50L << 20).isGreaterThan(initial);
    }
    try (LmdbKvStore store = LmdbKvStore.open(dir, tiny().build())) {
      for (int c = 0; c < commits; c++) {
        for (int i = 0; i < perCommit; i++) {
          assertThat(store.get(Tuple.of("blob", c, i)).value())
              .as("blob %d/%d", c, i).isEqualTo(filled(valueSize, c + i));
        }
      }
    }
  }

  @Test
  void oneCommitLargerThanTheMapGrowsItInOneGo() {
    try (LmdbKvStore store = LmdbKvStore.open(dir, tiny().build())) {
      byte[] big = filled(8 << 20, 7);
      assertThat(store.atomic().set(Tuple.of("big"), big).commit().ok()).isTrue();
      assertThat(store.get(Tuple.of("big")).value()).isEqualTo(big);
    }
  }

  @Test
  void hittingTheMaxMapSizeFailsClearlyAndLeavesTheStoreUsable() {
    LmdbOptions capped = tiny().maxMapSize(1L << 20).build();
    try (LmdbKvStore store = LmdbKvStore.open(dir, capped)) {
      store.atomic().set(Tuple.of("small"), new byte[] {1}).commit();
      assertThatThrownBy(() -> store.atomic().set(Tuple.of("huge"), filled(2 << 20, 1)).commit())
          .isInstanceOfSatisfying(MapSizeLimitException.class,
              e -> assertThat(e.maxMapSize()).isEqualTo(1L << 20));
      assertThat(store.get(Tuple.of("huge")).exists()).isFalse();
      assertThat(store.get(Tuple.of("small")).value()).containsExactly(1);
      assertThat(store.atomic().set(Tuple.of("after"), new byte[] {2}).commit().ok()).isTrue();
    }
  }

  @Test
  void threadHoldingASnapshotThatFillsTheMapGetsAClearExceptionNotADeadlock() {
    try (LmdbKvStore store = LmdbKvStore.open(dir, tiny().build())) {
      try (KvSnapshot snapshot = store.snapshot()) {
        assertThatThrownBy(() -> store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit())
            .isInstanceOf(MapGrowthBlockedException.class)
            .hasMessageContaining("itself holds");
        assertThat(snapshot.get(Tuple.of("big")).exists()).isFalse();
      }
      assertThat(store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit().ok()).isTrue();
    }
  }

  @Test
  void growthWaitsForOtherThreadsSnapshotsBoundedly() throws Exception {
    LmdbOptions options = tiny().growthWait(Duration.ofMillis(300)).build();
    try (LmdbKvStore store = LmdbKvStore.open(dir, options)) {
      CountDownLatch opened = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      Thread holder = new Thread(() -> {
        try (KvSnapshot snapshot = store.snapshot()) {
          snapshot.get(Tuple.of("any"));
          opened.countDown();
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      holder.start();
      opened.await();
      long start = System.nanoTime();
      assertThatThrownBy(() -> store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit())
          .isInstanceOfSatisfying(MapGrowthBlockedException.class,
              e -> assertThat(e.openTransactions()).isEqualTo(1));
      // Bounded: an unbounded wait would last until the holder closes its snapshot, which it does
      // only after this line. A minute is far above the 300 ms wait, even on a loaded machine.
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMinutes(1));
      release.countDown();
      holder.join();
      assertThat(store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit().ok()).isTrue();
    }
  }

  @Test
  void aGrowthBlockedByALeakedSnapshotSaysOnceWhichSnapshotAndThreadHoldIt() throws Exception {
    Warnings handler = new Warnings();
    List<LogRecord> warnings = handler.records;
    Logger logger = Logger.getLogger("dev.tessera.store");
    logger.addHandler(handler);
    LmdbOptions options = tiny().growthWait(Duration.ofMillis(200)).recordOpenSites(true).build();
    try (LmdbKvStore store = LmdbKvStore.open(dir, options)) {
      store.atomic().set(Tuple.of("r", 1), new byte[] {1}).set(Tuple.of("r", 2), new byte[] {2})
          .commit();
      CountDownLatch opened = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      Thread leaker = new Thread(() -> {
        // A listing of the store holds nothing between batches, so it cannot block the growth;
        // a snapshot (or a listing in it) holds its read transaction until it is closed.
        KvIterator listing = store.list(
            ListSelector.of(TupleRange.prefix(Tuple.of("r"))).batchSize(1));
        listing.next();
        KvSnapshot leaked = store.snapshot();
        leaked.get(Tuple.of("r", 1));
        opened.countDown();
        awaitQuietly(release);
        leaked.close();
        listing.close();
      }, "report-exporter-7");
      leaker.start();
      opened.await();
      assertThatThrownBy(() -> store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit())
          .isInstanceOf(MapGrowthBlockedException.class)
          .hasMessageContaining("a snapshot opened by thread 'report-exporter-7'")
          .hasMessageNotContaining("an iterator")
          .hasMessageContaining("LmdbMapGrowthTest");
      assertThat(warnings).as("warnings logged").hasSize(1);
      String warning = MessageFormat.format(warnings.get(0).getMessage(),
          warnings.get(0).getParameters());
      assertThat(warning).contains(dir.toString(), "a snapshot opened by thread"
          + " 'report-exporter-7'", "at dev.tessera.kv.lmdb.LmdbMapGrowthTest");
      release.countDown();
      leaker.join();
      assertThat(store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit().ok()).isTrue();
    } finally {
      logger.removeHandler(handler);
    }
  }

  @Test
  void withoutRecordedSitesTheBlockingIteratorIsNamedByThreadAndAge() throws Exception {
    LmdbOptions options = tiny().growthWait(Duration.ZERO).build();
    try (LmdbKvStore store = LmdbKvStore.open(dir, options)) {
      CountDownLatch opened = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      Thread holder = new Thread(() -> {
        try (KvSnapshot snapshot = store.snapshot()) {
          opened.countDown();
          awaitQuietly(release);
        }
      }, "holder-1");
      holder.start();
      opened.await();
      assertThatThrownBy(() -> store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit())
          .isInstanceOf(MapGrowthBlockedException.class)
          .hasMessageContaining("a snapshot opened by thread 'holder-1'")
          .hasMessageNotContaining(" at dev.tessera");
      release.countDown();
      holder.join();
    }
  }

  @Test
  void aBlockedGrowthNamesTheSnapshotsStillOpenAndNoneClosedBefore() throws Exception {
    LmdbOptions options = tiny().growthWait(Duration.ZERO).build();
    try (LmdbKvStore store = LmdbKvStore.open(dir, options)) {
      // One thread opens four snapshots (so they share a list of open sessions), renaming itself
      // before each, and closes the second and the newest.
      List<KvSnapshot> snapshots = new CopyOnWriteArrayList<>();
      Thread opener = new Thread(() -> {
        for (int i = 1; i <= 4; i++) {
          Thread.currentThread().setName("opener-" + i);
          snapshots.add(store.snapshot());
        }
        snapshots.get(1).close();
        snapshots.get(3).close();
      });
      opener.start();
      opener.join();
      try {
        assertThat(store.openTransactions()).isEqualTo(2);
        assertThatThrownBy(() -> store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit())
            .isInstanceOf(MapGrowthBlockedException.class)
            .hasMessageContaining("a snapshot opened by thread 'opener-1'")
            .hasMessageContaining("a snapshot opened by thread 'opener-3'")
            .hasMessageNotContaining("opener-2")
            .hasMessageNotContaining("opener-4");
      } finally {
        snapshots.forEach(KvSnapshot::close); // from another thread than the opener's
      }
      assertThat(store.openTransactions()).isZero();
      assertThat(store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit().ok()).isTrue();
    }
  }

  /** Collects the store's warnings; {@code first} opens at the first one. */
  private static final class Warnings extends Handler {
    final List<LogRecord> records = new CopyOnWriteArrayList<>();
    final CountDownLatch first = new CountDownLatch(1);

    @Override
    public void publish(LogRecord record) {
      if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
        records.add(record);
        first.countDown();
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void growthWaitsForASnapshotClosedInTime() throws Exception {
    // The snapshot is closed once the store says the growth waits for it: its warning, logged
    // after a second of waiting, is the store's own signal (no guess at how long it takes).
    Warnings handler = new Warnings();
    Logger logger = Logger.getLogger("dev.tessera.store");
    logger.addHandler(handler);
    LmdbOptions options = tiny().growthWait(Duration.ofMinutes(2)).build();
    try (LmdbKvStore store = LmdbKvStore.open(dir, options)) {
      KvSnapshot snapshot = store.snapshot();
      // Another thread than the snapshot's opener commits: it waits for the snapshot to close.
      Thread committer = new Thread(() ->
          store.atomic().set(Tuple.of("big"), filled(1 << 20, 1)).commit());
      committer.start();
      assertThat(handler.first.await(1, TimeUnit.MINUTES)).as("the growth waits").isTrue();
      assertThat(handler.records.get(0).getMessage()).startsWith("Every read and commit of the store");
      assertThat(committer.isAlive()).as("the commit waits for the snapshot").isTrue();
      snapshot.close();
      committer.join(TimeUnit.MINUTES.toMillis(1));
      assertThat(committer.isAlive()).isFalse();
      assertThat(store.get(Tuple.of("big")).exists()).isTrue();
    } finally {
      logger.removeHandler(handler);
    }
  }

}
