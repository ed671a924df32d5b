package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Transactions over a repository on real LMDB: the view, its commit, retries and limits. A subclass
 * runs the same tests on another backend by overriding {@link #openStore}.
 */
class TransactionTest {
  @TempDir Path dir;
  KvStore store;
  UserRepository users;

  /** An empty store for one test, in {@code directory} if the backend is embedded. */
  protected KvStore openStore(Path directory) {
    return LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
  }

  @BeforeEach
  void open() {
    store = openStore(dir);
    users = new UserRepository(store);
  }

  @AfterEach
  void close() {
    if (store != null) {
      store.close();
    }
  }

  static User user(String id, String color) {
    return new User(id, "name " + id, id + "@example.com", color);
  }

  @Test
  void streamingRecordsAndUpdatingEachInOneTransactionUpdatesThemAll() {
    users.insert(user("a", "blue"));
    users.insert(user("c", "blue"));
    Transactions.run(store, tx -> {
      UserRepository u = users.in(tx);
      u.insert(user("b", "blue")); // the listing below merges this write with the snapshot's
      u.insert(user("d", "blue"));
      u.findAll().forEach(found -> u.update(new User(found.id(), "seen", found.email(), "red")));
      return null;
    });
    assertThat(users.findAll()).extracting(User::id, User::name, User::favoriteColor).containsExactly(
        tuple("a", "seen", "red"), tuple("b", "seen", "red"), tuple("c", "seen", "red"),
        tuple("d", "seen", "red"));
    assertThat(users.findByFavoriteColor("blue")).isEmpty();
  }

  @Test
  void readsItsOwnWritesByKeyByUniqueValueAndInIndexQueries() {
    users.insert(user("a", "blue"));
    Transactions.run(store, tx -> {
      UserRepository u = users.in(tx);
      u.insert(user("b", "blue"));
      u.update(new User("a", "renamed", "a@example.com", "red"));
      assertThat(u.findById("b")).contains(user("b", "blue"));
      assertThat(u.findByEmail("B@example.com")).contains(user("b", "blue"));
      assertThat(u.existsByEmail("b@example.com")).isTrue();
      assertThat(u.findByFavoriteColor("blue")).extracting(User::id).containsExactly("b");
      assertThat(u.findByFavoriteColor("red")).extracting(User::id).containsExactly("a");
      assertThat(u.countByFavoriteColor("blue")).isEqualTo(1);
      assertThat(u.count()).isEqualTo(2);
      u.delete("b");
      assertThat(u.findById("b")).isEmpty();
      assertThat(u.findByEmail("b@example.com")).isEmpty();
      assertThat(u.findByFavoriteColor("blue")).isEmpty();
      assertThat(Transactions.outside(() -> users.findById("a")).orElseThrow().name())
          .as("outside: nothing yet").isEqualTo("name a");
      return null;
    });
    assertThat(users.findById("a").orElseThrow().name()).isEqualTo("renamed");
    assertThat(users.findById("b")).isEmpty();
    assertThat(users.findByFavoriteColor("red")).extracting(User::id).containsExactly("a");
    assertThat(users.count()).isEqualTo(1);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void userExceptionAbortsWithNothingWrittenAndPropagatesUnchanged() {
    users.insert(user("a", "blue"));
    List<String> before = KeySpace.dump(store);
    IllegalStateException thrown = new IllegalStateException("no copy left");

    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      users.in(tx).insert(user("b", "blue"));
      users.in(tx).delete("a");
      throw thrown;
    })).isSameAs(thrown);

    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void uniqueViolationInsideATransactionIsTheUsualExceptionAndWritesNothing() {
    users.insert(user("a", "blue"));
    List<String> before = KeySpace.dump(store);

    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      users.in(tx).insert(user("b", "blue"));
      return users.in(tx).insert(new User("c", "C", "A@EXAMPLE.COM", null));
    })).isInstanceOfSatisfying(UniqueConstraintViolationException.class, e -> {
      assertThat(e.primaryKey()).isEqualTo("a");
      assertThat(e.value()).isEqualTo("a@example.com");
    });
    assertThatThrownBy(() -> Transactions.run(store, tx -> users.in(tx).insert(user("a", "red"))))
        .isInstanceOf(EntityExistsException.class);
    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      users.in(tx).insert(user("b", "blue"));
      return users.in(tx).insert(new User("b", "B", "other@example.com", null));
    })).as("a key the transaction itself inserted").isInstanceOf(EntityExistsException.class);
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void aConflictingWriteMakesTheFunctionRunAgainOnAFreshSnapshot() {
    users.insert(user("a", "blue"));
    AtomicInteger runs = new AtomicInteger();
    String name = Transactions.run(store, tx -> {
      User a = users.in(tx).findById("a").orElseThrow();
      if (runs.incrementAndGet() == 1) {
        Transactions.outside(() -> users.update(new User("a", "changed outside", "a@example.com", "blue")));
      }
      users.in(tx).update(new User("a", a.name() + "!", "a@example.com", "blue"));
      return a.name();
    });
    assertThat(runs).hasValue(2);
    assertThat(name).isEqualTo("changed outside");
    assertThat(users.findById("a").orElseThrow().name()).isEqualTo("changed outside!");
  }

  /**
   * Counts the blue users in a transaction (after inserting a blue one itself when {@code ownBlue}),
   * runs {@code meanwhile} outside it on the first attempt only, then inserts a green user named
   * after the count. Returns the count of the attempt that committed; {@code runs} counts attempts.
   */
  private long countBlueThenInsert(AtomicInteger runs, boolean ownBlue, Runnable meanwhile) {
    runs.set(0);
    return Transactions.run(store, tx -> {
      if (ownBlue) {
        users.in(tx).insert(user("mine", "blue"));
      }
      long count = users.in(tx).countByFavoriteColor("blue");
      if (runs.incrementAndGet() == 1) {
        Transactions.outside(() -> {
          meanwhile.run();
          return null;
        });
      }
      users.in(tx).insert(user("counted" + count + "-" + runs.get(), "green"));
      return count;
    });
  }

  @Test
  void anInsertIntoAScannedRangeIsAConflict() {
    users.insert(user("a", "blue"));
    AtomicInteger runs = new AtomicInteger();
    long blue = countBlueThenInsert(runs, false, () -> users.insert(user("phantom", "blue")));
    assertThat(runs).hasValue(2);
    assertThat(blue).isEqualTo(2);
    assertThat(users.findById("counted2-2")).isPresent();
    assertThat(users.findById("counted1-1")).isEmpty();
  }

  @Test
  void aDeleteFromACountedRangeIsAConflict() {
    users.insert(user("a", "blue"));
    users.insert(user("b", "blue"));
    AtomicInteger runs = new AtomicInteger();
    assertThat(countBlueThenInsert(runs, false, () -> users.delete("b"))).isEqualTo(1);
    assertThat(runs).hasValue(2);
    assertThat(users.findById("counted2-1")).isEmpty();
  }

  @Test
  void aRecolouringOutOfACountedRangeIsAConflictButAChangeOfAnotherFieldIsNot() {
    users.insert(user("a", "blue"));
    users.insert(user("b", "blue"));
    AtomicInteger runs = new AtomicInteger();
    // the index entry stays: the count still holds
    countBlueThenInsert(runs, false, () -> users.update(new User("b", "renamed", "b@example.com", "blue")));
    assertThat(runs).hasValue(1);
    users.delete("counted2-1");

    long blue = countBlueThenInsert(runs, false, () -> users.update(new User("b", "renamed", "b@example.com", "red")));
    assertThat(runs).hasValue(2);
    assertThat(blue).isEqualTo(1);
  }

  @Test
  void aCountAfterTheTransactionWroteInItsRangeSeesTheWriteAndIsStillChecked() {
    users.insert(user("a", "blue"));
    AtomicInteger runs = new AtomicInteger();
    assertThat(countBlueThenInsert(runs, true, () -> users.insert(user("phantom", "blue")))).isEqualTo(3);
    assertThat(runs).hasValue(2);
  }

  @Test
  void retryExhaustionOnRemovalsFromACountedRangeNamesTheRange() {
    for (int i = 0; i < 5; i++) {
      users.insert(user("u" + i, "blue"));
    }
    AtomicInteger runs = new AtomicInteger();
    assertThatThrownBy(() -> Transactions.run(store, TransactionOptions.defaults().withMaxAttempts(3), tx -> {
      long count = users.in(tx).countByFavoriteColor("blue");
      Transactions.outside(() -> users.delete("u" + runs.getAndIncrement()));
      return users.in(tx).insert(user("counted" + count, "green"));
    })).isInstanceOfSatisfying(TransactionConflictException.class, e -> {
      assertThat(e.attempts()).isEqualTo(3);
      assertThat(e.conflicts()).allSatisfy(c -> assertThat(c.range()).isNotNull());
      assertThat(e.getMessage()).contains("in a range the transaction scanned");
    });
    assertThat(users.findByFavoriteColor("green")).isEmpty();
  }

  @Test
  void retryExhaustionNamesTheConflictingKeysByEntityAndField() {
    users.insert(user("a", "blue"));
    AtomicInteger runs = new AtomicInteger();
    assertThatThrownBy(() -> Transactions.run(store, TransactionOptions.defaults().withMaxAttempts(3), tx -> {
      User a = users.in(tx).findById("a").orElseThrow();
      Transactions.outside(
          () -> users.update(new User("a", "outside " + runs.incrementAndGet(), "a@example.com", "blue")));
      return users.in(tx).update(new User("a", a.name() + "!", "a@example.com", "blue"));
    })).isInstanceOfSatisfying(TransactionConflictException.class, e -> {
      assertThat(e.attempts()).isEqualTo(3);
      assertThat(e.conflictingKeys()).containsExactly(StoredKeys.key(store, "user", "a"));
      assertThat(e.getMessage()).contains("3 attempts")
          .contains("conflicting keys: entity 'user' (id: \"a\")")
          .doesNotContain(StoredKeys.key(store, "user", "a").toString());
    });
    assertThat(users.findById("a").orElseThrow().name()).isEqualTo("outside 3");
  }

  @Test
  void aTransactionOverItsWriteLimitNamesItsBiggestContributorsAndWritesNothing() {
    List<User> many = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      many.add(user("u" + i, "blue"));
    }
    assertThatThrownBy(() -> Transactions.run(store, TransactionOptions.defaults().withMaxKeysWritten(12),
        tx -> {
          users.in(tx).insertAll(many);
          return null;
        }))
        .isInstanceOfSatisfying(TransactionTooLargeException.class, e -> {
          assertThat(e.what()).isEqualTo("keys written");
          assertThat(e.contributors())
              .containsKeys("entity 'user'", "unique index 'email' of entity 'user'");
          assertThat(e.getMessage()).contains("limit of 12 keys written")
              .contains("entity 'user': 10 keys written");
        });
    Object userId = StoredKeys.key(store, "user").get(0);
    assertThat(KeySpace.keys(store)).noneMatch(k -> k.size() > 0 && userId.equals(k.get(0)));
  }

  @Test
  void aTransactionWhoseWriteFailedCannotCommitEvenIfTheFunctionCaughtTheFailure() {
    assertThatThrownBy(() -> Transactions.run(store, TransactionOptions.defaults().withMaxKeysWritten(5),
        tx -> {
          users.in(tx).insert(user("a", "blue"));
          try {
            users.in(tx).insert(user("b", "blue")); // crosses the limit halfway through its keys
          } catch (TransactionTooLargeException expected) {
            // ignored on purpose: the transaction must still not commit
          }
          return null;
        }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot commit")
        .hasCauseInstanceOf(TransactionTooLargeException.class);
    assertThat(users.findById("a")).isEmpty();
  }

  @Test
  void aTransactionOverItsReadLimitNamesWhatItReadListedOrCounted() {
    for (int i = 0; i < 20; i++) {
      users.insert(user("u" + i, "blue"));
    }
    List<java.util.function.Function<Transaction, Object>> reads = List.of(
        tx -> users.in(tx).findByFavoriteColor("blue"), tx -> users.in(tx).countByFavoriteColor("blue"));
    for (java.util.function.Function<Transaction, Object> read : reads) {
      assertThatThrownBy(() -> Transactions.run(store, TransactionOptions.defaults().withMaxKeysRead(10), read))
          .isInstanceOfSatisfying(TransactionTooLargeException.class, e -> {
            assertThat(e.what()).isEqualTo("keys read");
            assertThat(e.getMessage()).contains("index 'favoriteColor' of entity 'user': ");
          });
    }
  }

  @Test
  void theCommitsVersionstampIsReportedAndReadOnlyTransactionsCommitNothing() {
    TransactionResult<User> written =
        Transactions.runWithResult(store, tx -> users.in(tx).insert(user("a", "blue")));
    assertThat(written.versionstamp()).isEqualTo(users.findVersionedById("a").orElseThrow().versionstamp());

    KvEntry versionBefore = store.get(StoredKeys.key(store, "user", "a"));
    TransactionResult<Long> read = Transactions.runWithResult(store, tx -> users.in(tx).count());
    assertThat(read.value()).isEqualTo(1);
    assertThat(read.versionstamp()).isNull();
    assertThat(store.atomic().commit().versionstamp().commitVersion())
        .as("no commit was spent on the read-only transaction")
        .isEqualTo(versionBefore.versionstamp().commitVersion() + 1);
  }

  @Test
  void aViewUsedAfterItsTransactionEndedIsRefused() {
    AtomicReference<UserRepository> leaked = new AtomicReference<>();
    Transactions.run(store, tx -> {
      leaked.set(users.in(tx));
      return null;
    });
    assertThatThrownBy(() -> leaked.get().findById("a"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("transaction has ended");
    assertThatThrownBy(() -> leaked.get().insert(user("a", "blue")))
        .isInstanceOf(IllegalStateException.class);
    assertThat(users.findById("a")).isEmpty();
  }

  @Test
  void inGivesOneViewPerRepositoryForATransactionAndEachAttemptItsOwn() {
    users.insert(user("a", "blue"));
    UserRepository sameEntity = new UserRepository(store);
    List<UserRepository> views = new ArrayList<>();
    AtomicInteger runs = new AtomicInteger();
    Transactions.run(store, tx -> {
      UserRepository view = users.in(tx);
      assertThat(users.in(tx)).isSameAs(view);
      assertThat(sameEntity.in(tx)).isNotSameAs(view).isSameAs(sameEntity.in(tx));
      views.add(view);
      User a = view.findById("a").orElseThrow();
      if (runs.incrementAndGet() == 1) {
        Transactions.outside(() -> users.update(new User("a", "changed outside", "a@example.com", "blue")));
      } else {
        assertThatThrownBy(() -> views.get(0).findById("a"))
            .as("the first attempt's view, used in the second")
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("transaction has ended");
      }
      view.update(new User("a", a.name() + "!", "a@example.com", "blue"));
      sameEntity.in(tx).insert(user("b" + runs.get(), "red"));
      return null;
    });
    assertThat(runs).hasValue(2);
    assertThat(views.get(1)).isNotSameAs(views.get(0));
    assertThat(users.findById("a").orElseThrow().name()).isEqualTo("changed outside!");
    assertThat(users.findById("b1")).isEmpty();
    assertThat(users.findById("b2")).contains(user("b2", "red"));
  }

  @Test
  void aCallersArrayChangedAfterItsSetChangesNothingReadOrStored() {
    byte[] value = {1, 2, 3};
    Tuple key = Tuple.of("raw", "x");
    Transactions.run(store, tx -> {
      AtomicOperation op = tx.store().atomic().set(key, value);
      value[0] = 9;
      op.commit();
      value[1] = 9;
      assertThat(tx.store().get(key).value()).containsExactly(1, 2, 3);
      return null;
    });
    value[2] = 9;
    assertThat(store.get(key).value()).containsExactly(1, 2, 3);
  }

  /**
   * A transaction reads twelve keys (more than its read set scans before it indexes them); a
   * writer outside changes one of them before the commit: the commit must see it and run the
   * function again.
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 7, 8, 11})
  void aChangeToAnyOfManyKeysReadIsAConflict(int changed) {
    AtomicOperation setUp = store.atomic();
    for (int i = 0; i < 12; i++) {
      setUp.set(Tuple.of("raw", i), new byte[] {(byte) i});
    }
    setUp.commit();
    AtomicInteger runs = new AtomicInteger();
    long sum = Transactions.run(store, tx -> {
      long total = 0;
      for (int i = 0; i < 12; i++) {
        total += tx.store().get(Tuple.of("raw", i)).value()[0];
      }
      if (runs.incrementAndGet() == 1) {
        store.atomic().set(Tuple.of("raw", changed), new byte[] {100}).commit();
      }
      tx.store().atomic().set(Tuple.of("raw", "sum"), new byte[] {(byte) total}).commit();
      return total;
    });
    assertThat(runs).hasValue(2);
    assertThat(sum).isEqualTo(66 - changed + 100);
    assertThat(store.get(Tuple.of("raw", "sum")).value()).containsExactly((byte) sum);
  }
}
