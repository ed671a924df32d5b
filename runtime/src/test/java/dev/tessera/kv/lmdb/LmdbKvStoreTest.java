package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.KvStoreContract;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ValueTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
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
}
