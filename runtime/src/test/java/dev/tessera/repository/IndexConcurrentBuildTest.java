package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.EMAIL;
import static dev.tessera.repository.IndexedUserMapping.NAME;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.internal.catalog.IndexCatalog;
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
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
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

  /**
   * Three writers insert, update and delete while an index build runs; each writer owns the keys
   * {@code i % 3 == w}, so a record it found is still there when it updates it (an update racing
   * another thread's delete would legitimately fail with EntityNotFoundException, which this test
   * avoids by design rather than tolerates). The build's listener waits for a few writes after each
   * of its first batches, so writes interleave with the build however the threads are scheduled.
   */
  @Test
  void longBuildWithConcurrentInsertsUpdatesAndDeletesVerifiesClean() throws Exception {
    int records = 3000;
    int writerCount = 3;
    int interleavedBatches = 20;
    insertUsers(records);
    Semaphore writesDone = new Semaphore(0);
    AtomicBoolean buildStarted = new AtomicBoolean();
    AtomicInteger batchesSeen = new AtomicInteger();
    AtomicBoolean writersStalled = new AtomicBoolean();
    IndexBuildListener interleave = new IndexBuildListener() {
      @Override
      public void onProgress(IndexBuildProgress progress) {
        if (!buildStarted.get() || batchesSeen.incrementAndGet() > interleavedBatches) {
          return;
        }
        try {
          if (!writesDone.tryAcquire(writerCount, 1, TimeUnit.MINUTES)) {
            writersStalled.set(true); // reported by the assertion below, not thrown into the build
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };
    IndexedUserRepository v2 =
        new IndexedUserRepository(
            store, V2, RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND)
                .withBatchSize(64).withListener(interleave));
    AtomicBoolean building = new AtomicBoolean(true);
    AtomicLong writes = new AtomicLong();
    List<Future<?>> writers = new ArrayList<>();
    for (int w = 0; w < writerCount; w++) {
      int owner = w;
      writers.add(
          pool.submit(
              () -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                while ((building.get() || writes.get() < 300) && !Thread.currentThread().isInterrupted()) {
                  int i = owner + writerCount * random.nextInt((records + 500) / writerCount);
                  int version = random.nextInt(1, 1000);
                  switch (random.nextInt(3)) {
                    case 0 -> v2.save(user(i, version));
                    case 1 -> v2.delete("u" + i);
                    // only this writer touches u<i>: found means still there for the update
                    default -> v2.findById("u" + i).ifPresent(u -> v2.update(user(i, version)));
                  }
                  writes.incrementAndGet();
                  writesDone.release();
                }
                return null;
              }));
    }
    assertThat(writesDone.tryAcquire(50, 1, TimeUnit.MINUTES)).as("writers running").isTrue();
    writesDone.drainPermits();
    long before = writes.get();
    buildStarted.set(true);
    v2.indexAdmin().buildIndexes();
    long during = writes.get() - before;
    building.set(false);
    for (Future<?> writer : writers) {
      writer.get(2, TimeUnit.MINUTES);
    }
    assertThat(writersStalled).as("writers kept writing during the build").isFalse();
    assertThat(batchesSeen.get()).isGreaterThan(interleavedBatches);
    assertThat(during).isGreaterThanOrEqualTo((long) writerCount * interleavedBatches);

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
    CountDownLatch firstBatch = new CountDownLatch(1);
    CountDownLatch closed = new CountDownLatch(1);
    AtomicReference<Thread> builder = new AtomicReference<>();
    AtomicInteger batchesAfterClose = new AtomicInteger();
    IndexBuildListener holdFirstBatch = new IndexBuildListener() {
      @Override
      public void onProgress(IndexBuildProgress progress) {
        if (closed.getCount() == 0) {
          batchesAfterClose.incrementAndGet();
        }
        if (builder.compareAndSet(null, Thread.currentThread())) {
          firstBatch.countDown();
          try {
            closed.await(1, TimeUnit.MINUTES); // so the store closes in the middle of the build
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
    };
    new IndexedUserRepository(
        store, V2, RepositoryOptions.defaults().withBatchSize(10).withListener(holdFirstBatch));
    assertThat(firstBatch.await(1, TimeUnit.MINUTES)).as("background build started").isTrue();
    store.close();
    closed.countDown();
    builder.get().join(Duration.ofMinutes(1).toMillis());
    assertThat(builder.get().isAlive()).as("builder thread ended by the close").isFalse();
    assertThat(batchesAfterClose).hasValue(0);

    store = LmdbKvStore.open(dir);
    assertThat(List.of(catalog("name").state(), catalog("email").state()))
        .as("the build stopped part way")
        .isNotEqualTo(List.of(IndexState.READABLE, IndexState.READABLE));
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
    v2.indexAdmin().stopBuilding(); // returns once the builder thread has ended

    v2.indexAdmin().buildIndexes();
    assertThat(v2.indexAdmin().awaitIndexes(Duration.ZERO)).isTrue();
    assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
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
          // index values then primary key; a unique entry keeps its primary key in its value, which
          // the scan below appends to its key, so both kinds compare in this one shape
          expected.add(key.add(u.id()));
        }
      }
    }
    java.util.function.Function<Tuple, Tuple> named = KeySpace.namer(store);
    for (KvEntry e : KeySpace.entries(store)) {
      Tuple key = named.apply(e.key());
      String space = key.getString(0);
      if (space.startsWith("user_by_")) {
        actual.add(space.equals("user_by_email") ? key.addAll(Tuple.unpack(e.value())) : key);
      }
    }
    assertThat(actual).isEqualTo(expected);
    assertThat(users.count()).isEqualTo(all.size());
  }
}
