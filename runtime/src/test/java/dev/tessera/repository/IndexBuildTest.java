package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.EMAIL;
import static dev.tessera.repository.IndexedUserMapping.EMAIL_EXACT;
import static dev.tessera.repository.IndexedUserMapping.NAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexPhase;
import dev.tessera.catalog.IndexState;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index life cycle on real LMDB, with two "versions" of the user entity (hand-written mappings
 * with different index lists, as a recompiled application would have): new indexes over existing
 * records, resumed builds, unique builds over duplicates, dropped and changed indexes.
 */
class IndexBuildTest {
  static final RepositoryOptions ON_DEMAND =
      RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND).withBatchSize(50);
  static final RepositoryOptions BLOCKING =
      RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.BLOCKING).withBatchSize(50);

  @TempDir Path dir;
  LmdbKvStore store;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir);
  }

  @AfterEach
  void close() {
    store.close();
  }

  IndexedUserRepository version(RepositoryOptions options, IndexDefinition<User>... indexes) {
    return new IndexedUserRepository(store, List.of(indexes), options);
  }

  static User user(int i) {
    return new User(String.format("u%04d", i), "Name" + (i % 7), "user" + i + "@example.com",
        i % 3 == 0 ? null : "colour" + (i % 5));
  }

  void insertUsers(IndexedUserRepository users, int count) {
    List<User> batch = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      batch.add(user(i));
    }
    users.insertAll(batch);
  }

  IndexCatalogEntry catalog(String index) {
    KvEntry kv = store.get(IndexCatalog.key("user", index));
    return kv.exists() ? IndexCatalog.decode(kv) : null;
  }

  List<Tuple> keysUnder(Tuple prefix) {
    List<Tuple> keys = new ArrayList<>();
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(prefix)))) {
      it.forEachRemaining(e -> keys.add(e.key()));
    }
    return keys;
  }

  @Test
  void newIndexesOfAnEntityWithoutRecordsAreReadableAtOnce() {
    IndexedUserRepository users = version(ON_DEMAND, EMAIL, COLOR);
    assertThat(catalog("email").state()).isEqualTo(IndexState.READABLE);
    assertThat(catalog("favoriteColor").state()).isEqualTo(IndexState.READABLE);
    assertThat(catalog("email").descriptor()).isEqualTo(EMAIL.descriptor());

    users.insert(user(1));
    assertThat(users.findByUniqueIndex(EMAIL, "user1@example.com")).contains(user(1));
    IndexedUserRepository v2 = version(ON_DEMAND, EMAIL, COLOR, NAME);
    assertThat(catalog("name").state()).isEqualTo(IndexState.BUILDING);
    assertThat(v2.indexAdmin().indexStates())
        .extracting(IndexCatalogEntry::indexName, IndexCatalogEntry::state)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("email", IndexState.READABLE),
            org.assertj.core.groups.Tuple.tuple("favoriteColor", IndexState.READABLE),
            org.assertj.core.groups.Tuple.tuple("name", IndexState.BUILDING));
  }

  @Test
  void newIndexOverExistingRecordsIsNotQueryableUntilBuiltThenVerifiesClean() {
    insertUsers(version(ON_DEMAND, EMAIL, COLOR), 500);
    List<IndexBuildProgress> progress = new CopyOnWriteArrayList<>();
    List<String> states = new CopyOnWriteArrayList<>();
    IndexedUserRepository v2 =
        version(
            ON_DEMAND.withListener(
                new IndexBuildListener() {
                  @Override
                  public void onProgress(IndexBuildProgress p) {
                    progress.add(p);
                  }

                  @Override
                  public void onStateChange(String entity, String index, IndexState state) {
                    states.add(entity + "." + index + "=" + state);
                  }
                }),
            EMAIL, COLOR, NAME);

    assertThatThrownBy(() -> v2.findByIndex(NAME, "name3"))
        .isInstanceOfSatisfying(
            IndexNotReadyException.class,
            e -> {
              assertThat(e.entity()).isEqualTo("user");
              assertThat(e.index()).isEqualTo("name");
              assertThat(e.state()).isEqualTo(IndexState.BUILDING);
              assertThat(e.total()).isEqualTo(500);
              assertThat(e.getMessage()).contains("name", "user", "BUILDING");
            });
    assertThat(v2.findByIndex(COLOR, "colour1")).isNotEmpty(); // the other indexes stay readable

    v2.indexAdmin().buildIndexes();

    assertThat(catalog("name").state()).isEqualTo(IndexState.READABLE);
    assertThat(v2.findByIndex(NAME, "name3"))
        .containsExactlyElementsOf(
            java.util.stream.IntStream.range(0, 500).filter(i -> i % 7 == 3).mapToObj(IndexBuildTest::user).toList());
    assertThat(keysUnder(StoredKeys.key(store, "user_by_name"))).hasSize(500);
    assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
    List<IndexBuildProgress> backfill =
        progress.stream().filter(p -> p.phase() == IndexPhase.BACKFILLING).toList();
    assertThat(backfill).hasSize(10);
    assertThat(backfill).extracting(IndexBuildProgress::done).containsExactly(
        50L, 100L, 150L, 200L, 250L, 300L, 350L, 400L, 450L, 500L);
    assertThat(backfill).allSatisfy(p -> assertThat(p.total()).isEqualTo(500));
    assertThat(states).containsExactly("user.name=READABLE");
  }

  @Test
  void backgroundBuildIsAwaitable() throws InterruptedException {
    insertUsers(version(ON_DEMAND, EMAIL), 300);
    IndexedUserRepository v2 =
        version(RepositoryOptions.defaults().withBatchSize(20).withInlineBuildLimit(0), EMAIL, COLOR, NAME);
    assertThat(v2.indexAdmin().awaitIndexes(Duration.ofMinutes(2))).isTrue();
    assertThat(catalog("favoriteColor").state()).isEqualTo(IndexState.READABLE);
    assertThat(v2.findByIndex(NAME, "name0")).hasSize(43);
    assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  /** The threads that reported build progress to {@code listener}. */
  private static IndexBuildListener recordingThreads(List<String> threads) {
    return new IndexBuildListener() {
      @Override
      public void onProgress(IndexBuildProgress progress) {
        threads.add(Thread.currentThread().getName());
      }
    };
  }

  @Test
  void newIndexesOverAFewRecordsAreReadableWhenTheConstructorReturns() {
    insertUsers(version(ON_DEMAND, EMAIL), 30);
    List<String> threads = new CopyOnWriteArrayList<>();

    IndexedUserRepository v2 =
        version(RepositoryOptions.defaults().withListener(recordingThreads(threads)), EMAIL, COLOR, NAME);

    assertThat(catalog("favoriteColor").state()).isEqualTo(IndexState.READABLE);
    assertThat(catalog("name").state()).isEqualTo(IndexState.READABLE);
    assertThat(v2.findByIndex(NAME, "name0")).hasSize(5);
    assertThat(threads).isNotEmpty().containsOnly(Thread.currentThread().getName());
  }

  @Test
  void moreRecordsThanTheInlineLimitAreIndexedInTheBackground() throws InterruptedException {
    insertUsers(version(ON_DEMAND, EMAIL), 30);
    List<String> threads = new CopyOnWriteArrayList<>();

    IndexedUserRepository v2 =
        version(
            RepositoryOptions.defaults().withInlineBuildLimit(29).withListener(recordingThreads(threads)),
            EMAIL, COLOR, NAME);

    assertThat(v2.indexAdmin().awaitIndexes(Duration.ofMinutes(1))).isTrue();
    assertThat(threads).isNotEmpty().allMatch(name -> name.startsWith("tessera-index-build-"));
  }

  @Test
  void buildStoppedMidwayResumesFromItsCursorNotFromZero() {
    insertUsers(version(ON_DEMAND, EMAIL), 400);
    RuntimeException crash = new IllegalStateException("simulated crash");
    IndexBuildListener crashAfterThreeBatches =
        new IndexBuildListener() {
          @Override
          public void onProgress(IndexBuildProgress p) {
            if (p.phase() == IndexPhase.BACKFILLING && p.done() >= 150) {
              throw crash;
            }
          }
        };
    assertThatThrownBy(() -> version(BLOCKING.withListener(crashAfterThreeBatches), EMAIL, NAME))
        .isSameAs(crash);
    IndexCatalogEntry stopped = catalog("name");
    assertThat(stopped.state()).isEqualTo(IndexState.BUILDING);
    assertThat(stopped.phase()).isEqualTo(IndexPhase.BACKFILLING);
    assertThat(stopped.done()).isEqualTo(150);
    assertThat((Object) Tuple.unpack(stopped.cursor())).isEqualTo(StoredKeys.key(store, "user", "u0149"));
    assertThat(keysUnder(StoredKeys.key(store, "user_by_name"))).hasSize(150);

    List<IndexBuildProgress> resumed = new CopyOnWriteArrayList<>();
    IndexedUserRepository again =
        version(
            BLOCKING.withListener(
                new IndexBuildListener() {
                  @Override
                  public void onProgress(IndexBuildProgress p) {
                    resumed.add(p);
                  }
                }),
            EMAIL, NAME);

    assertThat(resumed.get(0).done()).isEqualTo(200); // continued after record 150, not from zero
    assertThat(resumed).hasSize(5);
    assertThat(catalog("name").state()).isEqualTo(IndexState.READABLE);
    assertThat(keysUnder(StoredKeys.key(store, "user_by_name"))).hasSize(400);
    assertThat(again.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aDamagedPointerMetByABuildThrowsCorruptRecordNamingItsKey() {
    insertUsers(version(ON_DEMAND, COLOR), 20);
    // after the first batch, the entry of a record the build has not reached yet is damaged: the
    // build must read its pointer to decide whether another record holds the value
    // the key is known once v2 has opened: its catalog assigns the e-mail index its subspace id
    java.util.function.Supplier<Tuple> pointer =
        () -> StoredKeys.key(store, "user_by_email", "user15@example.com");
    java.util.concurrent.atomic.AtomicBoolean damaged = new java.util.concurrent.atomic.AtomicBoolean();
    IndexedUserRepository v2 = version(
        ON_DEMAND.withBatchSize(5).withListener(new IndexBuildListener() {
          @Override
          public void onProgress(IndexBuildProgress p) {
            if (p.phase() == IndexPhase.BACKFILLING && damaged.compareAndSet(false, true)) {
              assertThat(store.atomic().set(pointer.get(), new byte[] {0x42, 0x13}).commit().ok()).isTrue();
            }
          }
        }),
        COLOR, EMAIL);

    assertThatThrownBy(() -> v2.indexAdmin().buildIndexes())
        .isInstanceOfSatisfying(
            CorruptRecordException.class, e -> assertThat((Object) e.key()).isEqualTo(pointer.get()));
    assertThat(damaged).isTrue();
    assertThat(catalog("email").state()).isEqualTo(IndexState.BUILDING);
  }

  @Test
  void uniqueBuildOverDuplicatesFailsWithTheirReportAndLeavesNoEntries() {
    IndexedUserRepository v1 = version(ON_DEMAND, COLOR);
    insertUsers(v1, 200);
    v1.insert(new User("dup1", "D", "USER7@example.com", null)); // user7@example.com once more
    v1.insert(new User("dup2", "D", "user9@EXAMPLE.com", null));
    IndexedUserRepository v2 = version(ON_DEMAND, COLOR, EMAIL);

    assertThatThrownBy(() -> v2.indexAdmin().buildIndexes())
        .isInstanceOfSatisfying(
            IndexBuildFailedException.class,
            e -> {
              assertThat(e.entity()).isEqualTo("user");
              assertThat(e.index()).isEqualTo("email");
              assertThat(e.duplicates()).isEqualTo(2);
              assertThat(e.samples())
                  .extracting(d -> d.values().get(0))
                  .containsExactlyInAnyOrder("user7@example.com", "user9@example.com");
              assertThat(e.samples())
                  .anySatisfy(d -> assertThat(d.primaryKeys()).containsExactlyInAnyOrder("dup1", "u0007"));
              assertThat(e.getMessage()).contains("user7@example.com", "dup1");
            });

    IndexCatalogEntry failed = catalog("email");
    assertThat(failed.state()).isEqualTo(IndexState.FAILED);
    assertThat(failed.failure()).contains("user9@example.com");
    assertThat(keysUnder(StoredKeys.key(store, "user_by_email"))).isEmpty();
    assertThat(keysUnder(IndexCatalog.fenceKey("user", "email"))).isEmpty(); // no markers left
    assertThatThrownBy(() -> v2.findByUniqueIndex(EMAIL, "user1@example.com"))
        .isInstanceOfSatisfying(
            IndexNotReadyException.class, e -> assertThat(e.state()).isEqualTo(IndexState.FAILED));

    // a failed index is not maintained and enforces nothing: writes go on
    v2.insert(new User("dup3", "D", "user1@example.com", null));
    assertThat(keysUnder(StoredKeys.key(store, "user_by_email"))).isEmpty();

    // fix the duplicates, build again
    v2.delete("dup1");
    v2.delete("dup2");
    v2.delete("dup3");
    v2.indexAdmin().buildIndexes();
    assertThat(catalog("email").state()).isEqualTo(IndexState.READABLE);
    assertThat(catalog("email").generation()).isEqualTo(2);
    assertThat(keysUnder(StoredKeys.key(store, "user_by_email"))).hasSize(200);
    assertThat(v2.findByUniqueIndex(EMAIL, "user7@example.com")).contains(user(7));
    assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void blockingOpenThrowsTheFailureOnceThenOpensWithTheIndexStillFailed() {
    IndexedUserRepository v1 = version(ON_DEMAND);
    insertUsers(v1, 20);
    v1.insert(new User("dup", "D", "user1@example.com", null));

    assertThatThrownBy(() -> version(BLOCKING, EMAIL))
        .isInstanceOfSatisfying(
            IndexBuildFailedException.class, e -> assertThat(e.duplicates()).isEqualTo(1));
    IndexedUserRepository reopened = version(BLOCKING, EMAIL);
    assertThat(catalog("email").state()).isEqualTo(IndexState.FAILED);
    assertThatThrownBy(() -> reopened.indexAdmin().awaitIndexes(Duration.ofSeconds(5)))
        .isInstanceOfSatisfying(
            IndexNotReadyException.class,
            e -> assertThat(e.getMessage()).contains("FAILED", "user1@example.com"));
  }

  @Test
  void duplicateWrittenDuringAUniqueBuildIsAcceptedThenFailsTheBuild() {
    insertUsers(version(ON_DEMAND), 200);
    IndexedUserRepository[] v2 = new IndexedUserRepository[1];
    IndexBuildListener writeDuplicates =
        new IndexBuildListener() {
          @Override
          public void onProgress(IndexBuildProgress p) {
            if (p.phase() == IndexPhase.BACKFILLING && p.done() == 50) {
              // behind the cursor: the entry exists, the writer must not be rejected
              v2[0].insert(new User("late1", "L", "user3@example.com", null));
              // ahead of the cursor: the entry does not exist yet
              v2[0].insert(new User("late2", "L", "user190@example.com", null));
            }
          }
        };
    v2[0] = version(ON_DEMAND.withListener(writeDuplicates), EMAIL);

    assertThatThrownBy(() -> v2[0].indexAdmin().buildIndexes())
        .isInstanceOfSatisfying(
            IndexBuildFailedException.class,
            e -> {
              assertThat(e.duplicates()).isEqualTo(2);
              assertThat(e.samples())
                  .extracting(d -> d.values().get(0))
                  .containsExactlyInAnyOrder("user3@example.com", "user190@example.com");
            });
    assertThat(v2[0].findById("late1")).isPresent();
    assertThat(keysUnder(StoredKeys.key(store, "user_by_email"))).isEmpty();
  }

  @Test
  void uniqueBuildWithConcurrentNonDuplicateWritesBecomesReadableAndEnforces() {
    insertUsers(version(ON_DEMAND), 200);
    IndexedUserRepository[] v2 = new IndexedUserRepository[1];
    IndexBuildListener write =
        new IndexBuildListener() {
          @Override
          public void onProgress(IndexBuildProgress p) {
            if (p.phase() == IndexPhase.BACKFILLING && p.done() == 100) {
              v2[0].insert(new User("new1", "N", "new1@example.com", null));
              v2[0].update(user(10).withEmail("moved10@example.com")); // behind the cursor
              v2[0].update(user(150).withEmail("moved150@example.com")); // ahead of it
              v2[0].delete(user(20).id());
              v2[0].delete(user(160).id());
            }
          }
        };
    v2[0] = version(ON_DEMAND.withListener(write), EMAIL);
    v2[0].indexAdmin().buildIndexes();

    assertThat(catalog("email").state()).isEqualTo(IndexState.READABLE);
    assertThat(v2[0].indexAdmin().verifyIndexes().clean()).isTrue();
    assertThat(keysUnder(StoredKeys.key(store, "user_by_email"))).hasSize(199);
    assertThat(v2[0].findByUniqueIndex(EMAIL, "moved150@example.com")).isPresent();
    assertThat(v2[0].findByUniqueIndex(EMAIL, "user150@example.com")).isEmpty();
    assertThatThrownBy(() -> v2[0].insert(new User("x", "X", "NEW1@example.com", null)))
        .isInstanceOf(UniqueConstraintViolationException.class);
  }

  @Test
  void anUpdateKeepingItsIndexedValueWhileTheIndexIsBackfilledStillWritesTheEntry() {
    insertUsers(version(ON_DEMAND), 200);
    // declares what it reads, so an update that keeps the e-mail's bytes may skip the index
    IndexDefinition<User> email = IndexDefinition.derivedFromFields(EMAIL);
    IndexedUserRepository[] v2 = new IndexedUserRepository[1];
    List<Boolean> entryAfterUpdate = new ArrayList<>();
    IndexBuildListener write =
        new IndexBuildListener() {
          @Override
          public void onProgress(IndexBuildProgress p) {
            if (p.phase() == IndexPhase.BACKFILLING && p.done() == 100 && entryAfterUpdate.isEmpty()) {
              v2[0].update(user(150).withName("Renamed")); // ahead of the cursor, same e-mail
              entryAfterUpdate.add(
                  store.get(StoredKeys.key(store, "user_by_email", "user150@example.com")).exists());
            }
          }
        };
    v2[0] = version(ON_DEMAND.withListener(write), email);
    v2[0].indexAdmin().buildIndexes();

    // the backfill has not reached it: the update itself wrote the entry it kept
    assertThat(entryAfterUpdate).containsExactly(true);
    assertThat(v2[0].indexAdmin().verifyIndexes().clean()).isTrue();
    assertThat(v2[0].findByUniqueIndex(email, "user150@example.com")).contains(user(150).withName("Renamed"));
  }

  @Test
  void droppedIndexHasItsEntriesDeletedThenLeavesTheCatalog() {
    IndexedUserRepository v1 = version(ON_DEMAND, EMAIL, COLOR, NAME);
    insertUsers(v1, 300);
    assertThat(keysUnder(StoredKeys.key(store, "user_by_name"))).hasSize(300);

    List<String> states = new CopyOnWriteArrayList<>();
    IndexedUserRepository v2 =
        version(
            BLOCKING.withListener(
                new IndexBuildListener() {
                  @Override
                  public void onStateChange(String entity, String index, IndexState state) {
                    states.add(index + "=" + state);
                  }
                }),
            EMAIL, COLOR);

    assertThat(keysUnder(StoredKeys.key(store, "user_by_name"))).isEmpty();
    assertThat(catalog("name")).isNull();
    assertThat(states).containsExactly("name=DROPPING");
    assertThat(keysUnder(StoredKeys.key(store, "user_by_email"))).hasSize(300);
    assertThat(v2.indexAdmin().indexStates()).extracting(IndexCatalogEntry::indexName)
        .containsExactlyInAnyOrder("email", "favoriteColor");
  }

  @Test
  void changedDefinitionRebuildsTheIndex() {
    IndexedUserRepository v1 = version(ON_DEMAND, EMAIL, COLOR);
    v1.insert(new User("a", "A", "Alice@Example.com", null));
    v1.insert(new User("b", "B", "bob@example.com", null));
    assertThat(store.get(StoredKeys.key(store, "user_by_email", "alice@example.com")).exists()).isTrue();

    IndexedUserRepository v2 = version(BLOCKING, EMAIL_EXACT, COLOR);

    IndexCatalogEntry rebuilt = catalog("email");
    assertThat(rebuilt.state()).isEqualTo(IndexState.READABLE);
    assertThat(rebuilt.descriptor()).isEqualTo("unique(email:STRING)/NONE");
    assertThat(rebuilt.generation()).isEqualTo(2);
    assertThat(keysUnder(StoredKeys.key(store, "user_by_email")))
        .containsExactly(
            StoredKeys.key(store, "user_by_email", "Alice@Example.com"), StoredKeys.key(store, "user_by_email", "bob@example.com"));
    assertThat(v2.findByUniqueIndex(EMAIL_EXACT, "Alice@Example.com")).isPresent();
    assertThat(v2.findByUniqueIndex(EMAIL_EXACT, "alice@example.com")).isEmpty();
    assertThat(catalog("favoriteColor").generation()).isEqualTo(1); // unchanged: not rebuilt
    assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void reopeningTheSameVersionChangesNothing() {
    insertUsers(version(BLOCKING, EMAIL, COLOR), 10);
    List<String> before = KeySpace.dump(store);
    version(BLOCKING, EMAIL, COLOR);
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }
}
