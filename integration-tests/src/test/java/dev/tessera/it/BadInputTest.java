package dev.tessera.it;

import static dev.tessera.it.UserRepositoryTest.dumpKeySpace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KeyTooLargeException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.ValueTooLargeException;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.kv.lmdb.MapSizeLimitException;
import dev.tessera.repository.MissingPrimaryKeyException;
import dev.tessera.repository.Transactions;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.tuple.InvalidTuplePartException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bad inputs of docs/reliability.md that reach a generated repository: each gets a specific
 * exception naming what is wrong, and the key space is left exactly as it was.
 */
class BadInputTest {
  @TempDir Path directory;
  private KvStore store;
  private UserRepository users;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    users = new UserRepository(store);
    users.insert(new User("u1", "Alice", "alice@example.com", "blue"));
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void nullPrimaryKeyIsRejectedByEveryOperationAndWritesNothing() {
    List<String> before = dumpKeySpace(store);
    User keyless = new User(null, "Nobody", "nobody@example.com", "red");

    assertThatThrownBy(() -> users.insert(keyless))
        .isInstanceOfSatisfying(MissingPrimaryKeyException.class, e -> {
          assertThat(e.entity()).isEqualTo("user");
          assertThat(e.component()).isEqualTo("id");
        });
    assertThatThrownBy(() -> users.update(keyless)).isInstanceOf(MissingPrimaryKeyException.class)
        .hasMessageContaining("cannot update user");
    assertThatThrownBy(() -> users.save(new User(null, "x", null, null)))
        .isInstanceOf(MissingPrimaryKeyException.class);
    for (Runnable call : List.<Runnable>of(() -> users.findById(null), () -> users.delete(null),
        () -> users.existsById(null), () -> users.findVersionedById(null))) {
      assertThatThrownBy(call::run).isInstanceOf(NullPointerException.class)
          .hasMessage("primary key 'id' of user");
    }
    assertThat(dumpKeySpace(store)).isEqualTo(before);
  }

  @Test
  void tooLongIndexedValueIsRejectedNamingEntityIndexAndLengthAndWritesNothing() {
    List<String> before = dumpKeySpace(store);
    String longEmail = "a".repeat(600) + "@example.com";

    assertThatThrownBy(() -> users.insert(new User("u2", "Bob", longEmail, "red")))
        .isInstanceOfSatisfying(KeyTooLargeException.class, e -> {
          assertThat(e.owner()).isEqualTo("index 'email' of entity 'user'");
          assertThat(e.size()).isGreaterThan(600);
          assertThat(e.limit()).isEqualTo(511);
          assertThat(e.getMessage()).startsWith("Key of " + e.size() + " bytes for index 'email' of "
              + "entity 'user' exceeds the limit of 511 bytes: (email: \"aaa");
        });
    assertThatThrownBy(() -> users.update(new User("u1", "Alice", longEmail, "blue")))
        .isInstanceOfSatisfying(KeyTooLargeException.class,
            e -> assertThat(e.owner()).isEqualTo("index 'email' of entity 'user'"));
    assertThatThrownBy(() -> users.insertAll(List.of(new User("u3", "C", "c@x", "b".repeat(600)))))
        .isInstanceOfSatisfying(KeyTooLargeException.class,
            e -> assertThat(e.owner()).isEqualTo("index 'favoriteColor' of entity 'user'"));
    assertThatThrownBy(() -> users.insert(new User("u".repeat(600), "D", null, null)))
        .isInstanceOfSatisfying(KeyTooLargeException.class,
            e -> assertThat(e.owner()).isEqualTo("primary key 'id' of entity 'user'"));
    assertThat(dumpKeySpace(store)).isEqualTo(before);
    // Lookups of a value no record can hold: a scan finds nothing, a point read names the key.
    assertThat(users.findByFavoriteColor("b".repeat(600))).isEmpty();
    assertThatThrownBy(() -> users.findByEmail(longEmail)).isInstanceOf(KeyTooLargeException.class)
        .hasMessageContaining("for unique index 'email' of entity 'user' exceeds the limit of 511 bytes:"
            + " (email: \"aaa");
  }

  @Test
  void tooLongIndexedValueInATransactionIsRejectedNamingTheIndexAndWritesNothing() {
    List<String> before = dumpKeySpace(store);
    String longEmail = "a".repeat(600) + "@example.com";
    assertThatThrownBy(() -> Transactions.run(store,
            tx -> users.in(tx).insert(new User("u2", "Bob", longEmail, "red"))))
        .isInstanceOfSatisfying(KeyTooLargeException.class,
            e -> assertThat(e.owner()).isEqualTo("index 'email' of entity 'user'"));
    assertThatThrownBy(() -> Transactions.run(store, tx -> {
          UserRepository bound = users.in(tx);
          User alice = bound.findById("u1").orElseThrow();
          return bound.update(new User(alice.id(), alice.name(), longEmail, alice.favoriteColor()));
        }))
        .isInstanceOfSatisfying(KeyTooLargeException.class,
            e -> assertThat(e.owner()).isEqualTo("index 'email' of entity 'user'"));
    assertThatThrownBy(() -> Transactions.run(store,
            tx -> users.in(tx).insert(new User("u".repeat(600), "D", null, null))))
        .isInstanceOfSatisfying(KeyTooLargeException.class,
            e -> assertThat(e.owner()).isEqualTo("primary key 'id' of entity 'user'"));
    assertThat(dumpKeySpace(store)).isEqualTo(before);
  }

  @Test
  void valueOverTheLimitIsRejectedNamingTheKeyAndWritesNothing() {
    List<String> before = dumpKeySpace(store);
    String huge = "x".repeat((64 << 20) + 1);

    assertThatThrownBy(() -> users.update(new User("u1", huge, "alice@example.com", "blue")))
        .isInstanceOfSatisfying(ValueTooLargeException.class, e -> {
          assertThat((Object) e.key()).isEqualTo(StoredKeys.key(store, "user", "u1"));
          assertThat(e.size()).isGreaterThan(64L << 20);
          assertThat(e.getMessage()).startsWith("entity 'user': Value of ").contains(" for key (id: \"u1\") exceeds");
        });
    assertThat(dumpKeySpace(store)).isEqualTo(before);
  }

  @Test
  void stringsWithNulRoundTripInRecordsAndIndexes() {
    User nul = users.insert(new User("u\u0000", "N\u0000ll", "n\u0000@example.com", "re\u0000d"));
    users.insert(new User("u", "plain", "n@example.com", "re"));

    assertThat(users.findById("u\u0000")).contains(nul);
    assertThat(users.findByEmail("N\u0000@EXAMPLE.com")).contains(nul);
    assertThat(users.findByFavoriteColor("re\u0000d")).containsExactly(nul);
    assertThat(users.findByFavoriteColor("re")).extracting(User::id).containsExactly("u");
  }

  @Test
  void unpairedSurrogatesAreRejectedInRecordsAndIndexesAndWriteNothing() {
    List<String> before = dumpKeySpace(store);

    assertThatThrownBy(() -> users.insert(new User("u2", "bad\uD800", "b@example.com", "red")))
        .isInstanceOf(InvalidTuplePartException.class)
        .hasMessageContaining("unpaired surrogate U+D800");
    assertThatThrownBy(() -> users.update(new User("u1", "Alice", "alice\uDC00@example.com", "blue")))
        .isInstanceOf(InvalidTuplePartException.class)
        .hasMessageContaining("unpaired surrogate U+DC00");
    assertThatThrownBy(() -> users.insert(new User("u\uD800", "x", null, null)))
        .isInstanceOf(InvalidTuplePartException.class);
    assertThat(dumpKeySpace(store)).isEqualTo(before);
    assertThat(users.insert(new User("u2", "pair \uD83D\uDE00", "b@example.com", "red")).name())
        .as("a proper surrogate pair is fine").isEqualTo("pair \uD83D\uDE00");
  }

  @Test
  void everyNaNIsOneIndexValueThatSortsAfterInfinity() {
    SpecimenRepository specimens = new SpecimenRepository(store);
    Random random = new Random(5);
    double[] nans = {Double.NaN, Double.longBitsToDouble(0x7ff8000000000001L),
        Double.longBitsToDouble(0xfff8000000000000L), 0.0 / zero()};
    List<UUID> nanIds = new ArrayList<>();
    for (double nan : nans) {
      Specimen s = withScores(Specimens.random(random), nan, null);
      specimens.insert(s);
      nanIds.add(s.id());
    }
    specimens.insert(withScores(Specimens.random(random), Double.POSITIVE_INFINITY, null));

    assertThat(specimens.findByScore(Double.NaN)).extracting(Specimen::id)
        .containsExactlyInAnyOrderElementsOf(nanIds);
    List<Tuple> scoreKeys = new ArrayList<>();
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(StoredKeys.key(store, "specimen_by_score"))))) {
      it.forEachRemaining((KvEntry entry) -> scoreKeys.add(entry.key()));
    }
    assertThat(scoreKeys.get(0).getDouble(1)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(scoreKeys.subList(1, scoreKeys.size()))
        .allSatisfy(key -> assertThat(Double.doubleToRawLongBits(key.getDouble(1)))
            .isEqualTo(Double.doubleToRawLongBits(Double.NaN)));

    specimens.insert(withScores(Specimens.random(random), 1.0, Double.NaN));
    assertThatThrownBy(() -> specimens.insert(withScores(Specimens.random(random), 1.0, nans[2])))
        .isInstanceOfSatisfying(UniqueConstraintViolationException.class,
            e -> assertThat(e.index()).isEqualTo("ratio"));
  }

  private static double zero() {
    return 0.0; // not a constant: 0.0 / zero() is a NaN computed at run time
  }

  private static Specimen withScores(Specimen s, double score, Double ratio) {
    return new Specimen(s.id(), s.flag(), s.boxedFlag(), s.small(), s.shortValue(), s.count(),
        s.boxedCount(), s.total(), s.boxedTotal(), s.letter(), s.weight(), score, ratio, s.label(),
        s.bytes(), s.kind(), s.instant(), s.date(), s.dateTime(), s.time(), s.duration(), s.big(),
        s.decimal(), s.note(), s.numbers(), s.kinds(), s.history(), s.part(), s.parts());
  }

  @Test
  void aFullMapFailsTheCommitCleanlyAndTheStoreStaysUsable() {
    store.close();
    LmdbOptions capped = LmdbOptions.builder().initialMapSize(LmdbOptions.MIN_MAP_SIZE)
        .maxMapSize(1L << 20).build();
    try (KvStore full = LmdbKvStore.open(directory.resolve("full"), capped)) {
      UserRepository fullUsers = new UserRepository(full);
      int stored = 0;
      String padding = "p".repeat(8_000);
      List<String> before;
      while (true) {
        before = dumpKeySpace(full);
        try {
          fullUsers.insert(new User("f" + stored, padding, "f" + stored + "@x", "red"));
          stored++;
        } catch (MapSizeLimitException e) {
          assertThat(e.maxMapSize()).isEqualTo(1L << 20);
          break;
        }
      }
      assertThat(stored).isGreaterThan(20);
      assertThat(dumpKeySpace(full)).as("the failed insert wrote nothing").isEqualTo(before);
      assertThat(fullUsers.count()).isEqualTo(stored);
      assertThat(fullUsers.findById("f0")).isPresent();
      assertThat(fullUsers.findByFavoriteColor("red")).hasSize(stored);
      for (int i = 0; i < stored / 2; i++) {
        assertThat(fullUsers.delete("f" + i)).isTrue();
      }
      fullUsers.insert(new User("small", "s", "s@x", "red"));
      assertThat(fullUsers.count()).isEqualTo(stored - stored / 2 + 1);
    }
    store = LmdbKvStore.open(directory);
  }
}
