package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.EMAIL;
import static dev.tessera.repository.IndexedUserMapping.NAME;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.IndexCatalog;
import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Index builds racing writers, other builders, other openers and the store closing.
 */
class IndexConcurrentBuildTest {
  static final List<IndexDefinition<User>> V2 = List.of(COLOR, EMAIL, NAME);

  @TempDir Path dir;
  LmdbKvStore store;
  ExecutorService pool = Executors.newCachedThreadPool();

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
  }

  @AfterEach
  void close() {
    pool.shutdownNow();
    store.close();
  }

  static User user(int i, int version) {
    String id = "u" + i;
    return new User(id, "name" + ((i + version) % 11), id + "-v" + version + "@example.com",
        version % 4 == 0 ? null : "c" + (i % 5));
  }

  void insertUsers(int count) {
    IndexedUserRepository v1 =
        new IndexedUserRepository(store, List.of(COLOR), IndexBuildTest.ON_DEMAND);
    List<User> users = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      users.add(user(i, 0));
    }
    v1.insertAll(users);
  }

  IndexCatalogEntry catalog(String index) {
    KvEntry kv = store.get(IndexCatalog.key("user", index));
    return kv.exists() ? IndexCatalog.decode(kv) : null;
  }

  @Test
  void longBuildWithConcurrentInsertsUpdatesAndDeletesVerifiesClean() throws Exception {
    int records = 3000;
    insertUsers(records);
    IndexedUserRepository v2 =
        new IndexedUserRepository(
            store, V2, RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND).withBatchSize(64));
    AtomicBoolean building = new AtomicBoolean(true);
    AtomicLong writes = new AtomicLong();
    List<Future<?>> writers = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      writers.add(
          pool.submit(
              () -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                while (building.get() || writes.get() < 300) {
                  int i = random.nextInt(records + 500);
                  int version = random.nextInt(1, 1000);
                  switch (random.nextInt(3)) {
                    case 0 -> v2.save(user(i, version));
                    case 1 -> v2.delete("u" + i);
                    default -> {
                      try {
                        v2.findById("u" + i).ifPresent(u -> v2.update(user(i, version)));
                      } catch (EntityNotFoundException deletedMeanwhile) {
                        // another writer deleted it between the read and the update: a right answer
                      }
                    }
                  }
                  writes.incrementAndGet();
                }
                return null;
              }));
    }
    while (writes.get() < 50) {
      Thread.onSpinWait(); // the writers are running before the build starts
    }
    long before = writes.get();
    v2.indexAdmin().buildIndexes();
    long during = writes.get() - before;
    building.set(false);
    assertThat(during).isPositive();
    for (Future<?> writer : writers) {
      writer.get();
    }

    assertThat(v2.indexAdmin().indexStates())
        .allSatisfy(e -> assertThat(e.state()).isEqualTo(IndexState.READABLE));
    assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
    assertEntriesMatchRecords(v2);
  }

  @Test
  void concurrentOpenersAgreeOnTheCatalogAndConcurrentBuildersFinishTogether() throws Exception {
    insertUsers(800);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<IndexedUserRepository>> openers = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      openers.add(
          pool.submit(
              () -> {
                start.await();
                return new IndexedUserRepository(
                    store, V2, RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND).withBatchSize(25));
              }));
    }
    start.countDown();
    List<IndexedUserRepository> repositories = new ArrayList<>();
    for (Future<IndexedUserRepository> opener : openers) {
      repositories.add(opener.get());
    }
    assertThat(catalog("name").generation()).isEqualTo(1);
    assertThat(catalog("email").generation()).isEqualTo(1);

    List<Future<?>> builders = new ArrayList<>();
    for (IndexedUserRepository repository : repositories) {
      builders.add(pool.submit(() -> repository.indexAdmin().buildIndexes()));
    }
    for (Future<?> builder : builders) {
      builder.get();
    }

    assertThat(catalog("name").state()).isEqualTo(IndexState.READABLE);
    assertThat(catalog("email").state()).isEqualTo(IndexState.READABLE);
    assertThat(repositories.get(0).indexAdmin().verifyIndexes().clean()).isTrue();
    assertEntriesMatchRecords(repositories.get(3));
  }

  @Test
  void closingTheStoreStopsABackgroundBuildWhichResumesOnTheNextOpen() throws Exception {
    insertUsers(3000);
    new IndexedUserRepository(store, V2, RepositoryOptions.defaults().withBatchSize(10));
    store.close();
    assertThat(awaitNoBuilderThread()).isTrue();

    store = LmdbKvStore.open(dir);
    IndexedUserRepository again =
        new IndexedUserRepository(store, V2, RepositoryOptions.defaults().withBatchSize(500));
    assertThat(again.indexAdmin().awaitIndexes(Duration.ofMinutes(2))).isTrue();
    assertThat(again.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void stoppedBackgroundBuildKeepsItsCursorAndBuildIndexesFinishesIt() throws Exception {
    insertUsers(2000);
    IndexedUserRepository v2 =
        new IndexedUserRepository(store, V2, RepositoryOptions.defaults().withBatchSize(10));
    v2.indexAdmin().stopBuilding();
    assertThat(awaitNoBuilderThread()).isTrue();

    v2.indexAdmin().buildIndexes();
    assertThat(v2.indexAdmin().awaitIndexes(Duration.ZERO)).isTrue();
    assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  /** True once no index builder thread is alive (waits up to a minute). */
  static boolean awaitNoBuilderThread() throws InterruptedException {
    for (int i = 0; i < 600; i++) {
      boolean alive =
          Thread.getAllStackTraces().keySet().stream()
              .anyMatch(t -> t.getName().startsWith("tessera-index-build-") && t.isAlive());
      if (!alive) {
        return true;
      }
      Thread.sleep(100);
    }
    return false;
  }

  /** Brute force: every index entry is exactly what the stored records imply. */
  void assertEntriesMatchRecords(IndexedUserRepository users) {
    Set<Tuple> expected = new HashSet<>();
    Set<Tuple> actual = new HashSet<>();
    List<User> all;
    try (var stream = users.findAll()) {
      all = stream.toList();
    }
    for (User u : all) {
      for (IndexDefinition<User> index : V2) {
        Tuple values = index.values().apply(u);
        if (values != null) {
          Tuple key = Tuple.of(index.subspace()).addAll(values);
          expected.add(index.unique() ? key.add(u.id()) : key.add(u.id()));
        }
      }
    }
    for (KvEntry e : KeySpace.entries(store)) {
      String space = e.key().getString(0);
      if (space.startsWith("user_by_")) {
        actual.add(space.equals("user_by_email") ? e.key().addAll(Tuple.unpack(e.value())) : e.key());
      }
    }
    assertThat(actual).isEqualTo(expected);
    assertThat(users.count()).isEqualTo(all.size());
  }
}
