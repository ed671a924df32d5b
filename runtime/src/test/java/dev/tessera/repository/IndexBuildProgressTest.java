package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.IndexState;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backfill makes progress against a record updated faster than a batch commits: the update
 * writes the record's entries whole, so the backfill skips it instead of losing the race again.
 * The race is made deterministic: the index's value function, when the build derives the entries
 * of {@code u0001}, updates that record (another field) before the build's batch commits.
 */
class IndexBuildProgressTest {
  /** How many races the writer runs at most; a build that needs them all does not make progress. */
  static final int RACES = 60;
  static final String RACED = "u0001";

  @TempDir Path dir;
  LmdbKvStore store;
  final AtomicInteger races = new AtomicInteger();
  final ThreadLocal<Boolean> inRace = ThreadLocal.withInitial(() -> false);
  volatile boolean racing;
  volatile IndexedUserRepository writer;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir);
    IndexedUserRepository v1 = new IndexedUserRepository(store, List.of(COLOR), IndexBuildTest.ON_DEMAND);
    List<User> users = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      users.add(new User(String.format("u%04d", i), "Name" + i, "user" + i + "@example.com", "c" + (i % 3)));
    }
    v1.insertAll(users);
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** Before the build's batch holding {@code u0001} commits, that record is updated. */
  private void race(User user) {
    if (!racing || !user.id().equals(RACED) || inRace.get() || races.get() >= RACES) {
      return;
    }
    inRace.set(true);
    try {
      int race = races.incrementAndGet();
      writer.update(new User(user.id(), user.name(), user.email(), "raced" + race));
    } finally {
      inRace.set(false);
    }
  }

  private IndexDefinition<User> racedIndex(
      String name, boolean unique, String field, Function<User, String> value, String descriptor) {
    return new IndexDefinition<>(name, "user_by_" + name, unique, List.of(field), u -> {
      race(u);
      String v = value.apply(u);
      return v == null ? null : Tuple.of(v.toLowerCase(Locale.ROOT));
    }, descriptor);
  }

  /** Builds {@code index} while the writer races; returns the repository that built it. */
  private IndexedUserRepository buildsAgainstTheRacingWriter(IndexDefinition<User> index) {
    IndexedUserRepository v2 = new IndexedUserRepository(store, List.of(COLOR, index), IndexBuildTest.ON_DEMAND);
    writer = v2;
    assertThat(IndexCatalog.decode(store.get(IndexCatalog.key("user", index.name()))).state())
        .isEqualTo(IndexState.BUILDING);

    racing = true;
    v2.indexAdmin().buildIndexes();
    racing = false;

    // One lost race, then the record is found whole; without the rewrite every read loses again.
    assertThat(races.get()).as("updates of %s while the build read it", RACED).isBetween(1, 3);
    assertThat(IndexCatalog.decode(store.get(IndexCatalog.key("user", index.name()))).state())
        .isEqualTo(IndexState.READABLE);
    User raced = v2.findById(RACED).orElseThrow();
    assertThat(raced.favoriteColor()).isEqualTo("raced" + races.get());
    assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
    return v2;
  }

  @Test
  void aNonUniqueBackfillSkipsARecordItsUpdateWroteWhole() {
    IndexDefinition<User> name =
        racedIndex("name", false, "name", User::name, "index(name:STRING)/CASE_INSENSITIVE");
    IndexedUserRepository users = buildsAgainstTheRacingWriter(name);
    assertThat(users.findByIndex(name, "name1")).extracting(User::id).containsExactly(RACED);
  }

  @Test
  void aUniqueBackfillSkipsARecordItsUpdateWroteWhole() {
    IndexDefinition<User> email =
        racedIndex("email", true, "email", User::email, "unique(email:STRING)/CASE_INSENSITIVE");
    IndexedUserRepository users = buildsAgainstTheRacingWriter(email);
    assertThat(users.findByUniqueIndex(email, "user1@example.com")).map(User::id).contains(RACED);
  }

  @Test
  void aWriterThatMissedTheRebuildLearnsOfItOnItsNextCommit() {
    IndexDefinition<User> name =
        racedIndex("name", false, "name", User::name, "index(name:STRING)/CASE_INSENSITIVE");
    // The writer's instance saw the index readable; another dropped it and a third declares it
    // again, so it is being built while the writer's cached states still say readable.
    IndexedUserRepository stale =
        new IndexedUserRepository(store, List.of(COLOR, name), IndexBuildTest.ON_DEMAND);
    stale.indexAdmin().buildIndexes();
    new IndexedUserRepository(store, List.of(COLOR), IndexBuildTest.ON_DEMAND).indexAdmin().buildIndexes();
    IndexedUserRepository rebuilt =
        new IndexedUserRepository(store, List.of(COLOR, name), IndexBuildTest.ON_DEMAND);
    writer = stale;

    racing = true;
    rebuilt.indexAdmin().buildIndexes();
    racing = false;

    // Its first update fails on the index states, reads them again and writes the record whole.
    assertThat(races.get()).as("updates of %s while the build read it", RACED).isBetween(1, 3);
    assertThat(rebuilt.indexAdmin().verifyIndexes().clean()).isTrue();
    assertThat(rebuilt.findByIndex(name, "name1")).extracting(User::id).containsExactly(RACED);
  }
}
