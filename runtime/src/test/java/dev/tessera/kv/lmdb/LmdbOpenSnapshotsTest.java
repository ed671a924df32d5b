package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store keeps every open snapshot so that closing it ends them: whatever threads opened them,
 * in whatever order their owners closed some, and without {@link LmdbOptions#recordOpenSites()}.
 */
class LmdbOpenSnapshotsTest {
  @TempDir Path dir;

  @Test
  void closeEndsEveryThreadsSnapshotsStillOpenAndLeavesThoseClosedBefore() throws Exception {
    LmdbKvStore store = LmdbKvStore.open(dir, LmdbOptions.builder()
        .durability(Durability.NO_SYNC).build());
    store.atomic().set(Tuple.of("k"), new byte[] {1}).commit();
    int threads = 20; // more threads than the store's lists of open sessions
    int perThread = 4;
    KvSnapshot[] snapshots = new KvSnapshot[threads * perThread];
    List<Thread> openers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int first = t * perThread;
      openers.add(new Thread(() -> {
        for (int i = 0; i < perThread; i++) {
          snapshots[first + i] = store.snapshot();
          snapshots[first + i].get(Tuple.of("k"));
        }
        // The owner closes some: the oldest, one in the middle or the newest, by thread.
        snapshots[first + first / perThread % perThread].close();
      }));
    }
    openers.forEach(Thread::start);
    for (Thread opener : openers) {
      opener.join();
    }
    assertThat(store.openTransactions()).isEqualTo(threads * (perThread - 1));

    // A session the store did not know would keep close() waiting for its transaction forever.
    CompletableFuture.runAsync(store::close).get(60, TimeUnit.SECONDS);

    assertThat(store.openTransactions()).isZero();
    for (int s = 0; s < snapshots.length; s++) {
      int t = s / perThread;
      KvSnapshot snapshot = snapshots[s];
      if (s % perThread == t % perThread) {
        assertThatThrownBy(() -> snapshot.get(Tuple.of("k"))).as("snapshot %d", s)
            .isExactlyInstanceOf(IllegalStateException.class)
            .hasMessageContaining("its snapshot of");
      } else {
        assertThatThrownBy(() -> snapshot.get(Tuple.of("k"))).as("snapshot %d", s)
            .isInstanceOf(StoreClosedException.class);
      }
      snapshot.close();
    }
    assertThat(store.openTransactions()).isZero();
  }
}
