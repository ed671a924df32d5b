package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.NAME;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.IndexCatalog;
import dev.tessera.catalog.IndexState;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.mapping.IndexDefinition;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An index build makes progress however often writers update the records it backfills. */
class IndexBuildProgressTest {
  /** Updates of the hot record the test allows; enough to prove a build that never ends. */
  static final int UPDATE_CAP = 50;

  @TempDir Path dir;
  LmdbKvStore store;
  ExecutorService writer = Executors.newSingleThreadExecutor();

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
  }

  @AfterEach
  void close() {
    writer.shutdownNow();
    store.close();
  }

  /**
   * Whenever the build (on the test's thread) derives the name of the hot record, a writer on
   * another thread updates that record before the build's batch commits: the build's batch of one
   * record always loses its race. The build must still finish, having lost it at most once.
   */
  @Test
  void aRecordUpdatedBetweenEveryBatchReadAndItsCommitDoesNotKeepTheIndexBuilding() throws Exception {
    IndexedUserRepository v1 = new IndexedUserRepository(store, List.of(COLOR), IndexBuildTest.ON_DEMAND);
    for (int i = 0; i < 3; i++) {
      v1.insert(new User("u" + i, "Name" + i, "u" + i + "@example.com", "c"));
    }
    Thread builder = Thread.currentThread();
    AtomicInteger updates = new AtomicInteger();
    AtomicBoolean building = new AtomicBoolean(true);
    AtomicReference<IndexedUserRepository> v2 = new AtomicReference<>();
    IndexDefinition<User> hookedName = new IndexDefinition<>(NAME.name(), NAME.subspace(), false,
        NAME.fields(), user -> {
          if (building.get() && Thread.currentThread() == builder && user.id().equals("u1")
              && updates.get() < UPDATE_CAP) {
            int n = updates.incrementAndGet();
            await(writer.submit(() -> v2.get().update(user.withName("Renamed" + n))));
          }
          return NAME.values().apply(user);
        }, NAME.descriptor());
    v2.set(new IndexedUserRepository(store, List.of(COLOR, hookedName),
        IndexBuildTest.ON_DEMAND.withBatchSize(1)));

    v2.get().indexAdmin().buildIndexes();
    building.set(false); // the checks below read the index on this thread too

    assertThat(updates.get()).as("updates the build lost its batch to").isLessThanOrEqualTo(1);
    assertThat(IndexCatalog.decode(store.get(IndexCatalog.key("user", "name"))).state())
        .isEqualTo(IndexState.READABLE);
    assertThat(v2.get().findByIndex(NAME, "renamed1")).extracting(User::id).containsExactly("u1");
    assertThat(v2.get().indexAdmin().verifyIndexes().clean()).isTrue();
  }

  private static void await(java.util.concurrent.Future<?> write) {
    try {
      write.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }
}
