package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LmdbBackupTest {
  private static final TupleRange ALL = TupleRange.prefix(Tuple.of("k"));

  @TempDir Path dir;

  @Test
  void backupUnderConcurrentWritesHoldsAPrefixOfTheCommitsAndReopens() throws Exception {
    try (LmdbKvStore store = LmdbKvStore.open(dir.resolve("store"),
        LmdbOptions.builder().durability(Durability.NO_SYNC).build())) {
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong written = new AtomicLong();
      CountDownLatch hundredWritten = new CountDownLatch(100);
      Thread writer = new Thread(() -> {
        for (long i = 0; !stop.get(); i++) {
          // Each commit writes key i and rewrites the summary: a torn copy would disagree.
          store.atomic().set(Tuple.of("k", i), Tuple.of(i).pack())
              .set(Tuple.of("summary"), Tuple.of(i + 1).pack()).commit();
          written.incrementAndGet();
          hundredWritten.countDown();
        }
      });
      writer.start();
      hundredWritten.await();
      StoreStatistics copied = store.backup(dir.resolve("copy"));
      StoreStatistics compacted = store.compactBackup(dir.resolve("compact"));
      long atCopyEnd = written.get();
      stop.set(true);
      writer.join();

      for (Path copy : List.of(dir.resolve("copy"), dir.resolve("compact"))) {
        try (LmdbKvStore backup = LmdbKvStore.open(copy)) {
          List<KvEntry> keys = entries(backup);
          long summary = Tuple.unpack(backup.get(Tuple.of("summary")).value()).getLong(0);
          assertThat(keys).hasSize((int) summary);
          assertThat(summary).isGreaterThanOrEqualTo(100).isLessThanOrEqualTo(written.get());
          for (int i = 0; i < keys.size(); i++) {
            KvEntry original = store.get(keys.get(i).key());
            assertThat((Object) keys.get(i).key()).isEqualTo(Tuple.of("k", (long) i));
            assertThat(keys.get(i).value()).isEqualTo(original.value());
            assertThat(keys.get(i).versionstamp()).isEqualTo(original.versionstamp());
          }
          Versionstamp last = backup.get(Tuple.of("summary")).versionstamp();
          assertThat(backup.statistics().lastVersionstamp()).isEqualTo(last);
          // The copy is a working store: it takes commits after the copied ones.
          assertThat(backup.atomic().set(Tuple.of("after"), new byte[0]).commit().versionstamp())
              .isGreaterThan(last);
        }
      }
      assertThat(copied.entries()).isGreaterThanOrEqualTo(101);
      assertThat(compacted.entries()).isGreaterThanOrEqualTo(copied.entries());
      assertThat(atCopyEnd).isGreaterThanOrEqualTo(100);
    }
  }

  @Test
  void compactBackupLeavesOutFreedPages() {
    try (LmdbKvStore store = LmdbKvStore.open(dir.resolve("store"))) {
      byte[] big = new byte[2000];
      for (int batch = 0; batch < 10; batch++) {
        var op = store.atomic();
        for (int i = 0; i < 100; i++) {
          op.set(Tuple.of("k", batch * 100 + i), big);
        }
        op.commit();
      }
      var deletes = store.atomic();
      for (int i = 0; i < 1000; i++) {
        deletes.delete(Tuple.of("k", i));
      }
      deletes.commit();
      StoreStatistics plain = store.backup(dir.resolve("plain"));
      StoreStatistics compact = store.compactBackup(dir.resolve("compact"));
      assertThat(compact.fileBytes()).isLessThan(plain.fileBytes() / 4);
      assertThat(compact.entries()).isEqualTo(plain.entries()).isZero();
    }
  }

  @Test
  void refusesATargetThatIsNotANewOrEmptyDirectory() throws Exception {
    try (LmdbKvStore store = LmdbKvStore.open(dir.resolve("store"))) {
      store.atomic().set(Tuple.of("k", 1), new byte[] {1}).commit();
      Path full = Files.createDirectories(dir.resolve("full"));
      Files.writeString(full.resolve("notes.txt"), "keep me");
      assertThatThrownBy(() -> store.backup(full))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(full.toString())
          .hasMessageContaining("is not empty");
      assertThat(Files.list(full).toList()).containsExactly(full.resolve("notes.txt"));

      Path file = Files.writeString(dir.resolve("file"), "x");
      assertThatThrownBy(() -> store.compactBackup(file))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("is a file");

      Path empty = Files.createDirectories(dir.resolve("empty"));
      assertThat(store.backup(empty).entries()).isEqualTo(1);
    }
  }

  private static List<KvEntry> entries(LmdbKvStore store) {
    List<KvEntry> all = new ArrayList<>();
    try (KvIterator it = store.list(ListSelector.of(ALL))) {
      it.forEachRemaining(all::add);
    }
    return all;
  }
}
