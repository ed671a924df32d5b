package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thread's transaction on real LMDB: repositories called without {@code in(tx)} join the
 * transaction their thread runs on their store, nested runs join it (same store) or stand apart
 * (another store), and managed transactions begin and end outside a function.
 */
class ThreadTransactionTest {
  @TempDir Path dir;
  @TempDir Path otherDir;
  KvStore store;
  KvStore other;
  UserRepository users;
  UserRepository otherUsers;

  @BeforeEach
  void open() {
    LmdbOptions options = LmdbOptions.builder().durability(Durability.NO_SYNC).build();
    store = LmdbKvStore.open(dir, options);
    other = LmdbKvStore.open(otherDir, options);
    users = new UserRepository(store);
    otherUsers = new UserRepository(other);
  }

  @AfterEach
  void close() {
    store.close();
    other.close();
  }

  static User user(String id, String color) {
    return new User(id, "name " + id, id + "@example.com", color);
  }

  @Test
  void anUnboundRepositoryInsideRunJoinsTheTransactionAndReadsItsWrites() {
    users.insert(user("a", "blue"));
    Transactions.run(store, tx -> {
      users.insert(user("b", "blue"));
      users.update(user("a", "red"));
      assertThat(users.findById("b")).contains(user("b", "blue"));
      assertThat(users.findByFavoriteColor("red")).extracting(User::id).containsExactly("a");
      assertThat(users.count()).isEqualTo(2);
      assertThat(Transactions.outside(() -> users.findById("b"))).as("not committed yet").isEmpty();
      assertThat(Transactions.current(store)).containsSame(tx);
      return null;
    });
    assertThat(Transactions.current(store)).isEmpty();
    assertThat(users.findById("b")).contains(user("b", "blue"));
    assertThat(users.findByFavoriteColor("red")).extracting(User::id).containsExactly("a");
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void anExceptionAfterUnboundWritesWritesNothing() {
    users.insert(user("a", "blue"));
    List<String> before = KeySpace.dump(store);
    IllegalStateException thrown = new IllegalStateException("sold out");
    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      users.insert(user("b", "blue"));
      users.delete("a");
      throw thrown;
    })).isSameAs(thrown);
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void anUnboundReadThatAConcurrentWriterChangedMakesTheFunctionRunAgain() {
    users.insert(user("a", "blue"));
    AtomicInteger runs = new AtomicInteger();
    Transactions.run(store, tx -> {
      User a = users.findById("a").orElseThrow();
      if (runs.incrementAndGet() == 1) {
        Transactions.outside(() -> users.update(a.withName("changed outside")));
      }
      return users.update(a.withName(a.name() + "!"));
    });
    assertThat(runs).hasValue(2);
    assertThat(users.findById("a").orElseThrow().name()).isEqualTo("changed outside!");
  }

  @Test
  void aNestedRunOnTheSameStoreJoinsAndCommitsOnceWithTheOuter() {
    AtomicInteger innerRuns = new AtomicInteger();
    Transactions.run(store, outer -> {
      users.insert(user("a", "blue"));
      Transactions.run(store, inner -> {
        assertThat(inner).isSameAs(outer);
        innerRuns.incrementAndGet();
        assertThat(users.findById("a")).as("the outer's write").isPresent();
        return users.insert(user("b", "blue"));
      });
      assertThat(Transactions.outside(() -> users.findById("b"))).as("the inner committed nothing").isEmpty();
      return null;
    });
    assertThat(innerRuns).hasValue(1);
    assertThat(users.findAllById(List.of("a", "b"))).hasSize(2);
  }

  @Test
  void anOuterFailureAfterAJoinedNestedRunWritesNothingOfEither() {
    List<String> before = KeySpace.dump(store);
    assertThatThrownBy(() -> Transactions.run(store, outer -> {
      Transactions.run(store, inner -> users.insert(user("b", "blue")));
      throw new IllegalStateException("outer fails");
    })).hasMessage("outer fails");
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void aNestedFailureCaughtByTheOuterFunctionRollsTheWholeTransactionBack() {
    List<String> before = KeySpace.dump(store);
    AtomicInteger runs = new AtomicInteger();
    IllegalStateException nested = new IllegalStateException("nested fails");
    assertThatThrownBy(() -> Transactions.run(store, outer -> {
      runs.incrementAndGet();
      users.insert(user("a", "blue"));
      try {
        Transactions.run(store, inner -> {
          users.insert(user("b", "blue"));
          throw nested;
        });
      } catch (IllegalStateException caught) {
        assertThat(outer.isRollbackOnly()).isTrue();
      }
      return users.insert(user("c", "blue"));
    })).isInstanceOf(TransactionRolledBackException.class).hasCause(nested)
        .hasMessageContaining("rollback-only");
    assertThat(runs).as("not retried").hasValue(1);
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void aNestedRunOnAnotherStoreIsSeparateAndCommitsWhenItReturns() {
    assertThatThrownBy(() -> Transactions.run(store, outer -> {
      users.insert(user("a", "blue"));
      Transactions.run(other, inner -> {
        assertThat(inner).isNotSameAs(outer);
        otherUsers.insert(user("x", "red"));
        users.insert(user("b", "blue")); // still the outer transaction's: its store is the outer's
        assertThat(Transactions.current(store)).containsSame(outer);
        assertThat(Transactions.current(other)).containsSame(inner);
        return null;
      });
      assertThat(Transactions.current(other)).isEmpty();
      throw new IllegalStateException("outer fails after the inner committed");
    })).hasMessageContaining("outer fails");
    assertThat(otherUsers.findById("x")).contains(user("x", "red"));
    assertThat(users.findAllById(List.of("a", "b"))).isEmpty();
  }

  @Test
  void aManagedTransactionIsJoinedAndCommitsOnce() {
    try (ManagedTransaction managed = Transactions.begin(store, TransactionOptions.defaults())) {
      users.insert(user("a", "blue"));
      assertThat(Transactions.outside(() -> users.findById("a"))).isEmpty();
      Transactions.run(store, tx -> {
        assertThat(tx).isSameAs(managed.transaction());
        return users.insert(user("b", "blue"));
      });
      assertThat(managed.commit()).isNotNull();
      assertThat(managed.isActive()).isFalse();
    }
    assertThat(Transactions.current(store)).isEmpty();
    assertThat(users.findAllById(List.of("a", "b"))).hasSize(2);
  }

  @Test
  void aManagedTransactionClosedWithoutCommitWritesNothingAndLeavesTheThread() {
    List<String> before = KeySpace.dump(store);
    try (ManagedTransaction managed = Transactions.begin(store, TransactionOptions.defaults())) {
      users.insert(user("a", "blue"));
    }
    assertThat(Transactions.current(store)).isEmpty();
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void aManagedTransactionThatLostARaceThrowsAConflictAfterOneAttemptAndWritesNothing() {
    users.insert(user("a", "blue"));
    try (ManagedTransaction managed = Transactions.begin(store, TransactionOptions.defaults())) {
      User a = users.findById("a").orElseThrow();
      Transactions.outside(() -> users.update(a.withName("changed outside")));
      users.update(a.withName("mine"));
      users.insert(user("b", "blue"));
      assertThatThrownBy(managed::commit).isInstanceOfSatisfying(TransactionConflictException.class, e -> {
        assertThat(e.attempts()).isEqualTo(1);
        assertThat(e.getMessage()).contains("after 1 attempt lost");
        assertThat(e.conflictingKeys()).containsExactly(StoredKeys.key(store, "user", "a"));
      });
    }
    assertThat(users.findById("a").orElseThrow().name()).isEqualTo("changed outside");
    assertThat(users.findById("b")).isEmpty();
  }

  @Test
  void aSecondBeginOnTheSameStoreAndThreadIsRefused() {
    try (ManagedTransaction managed = Transactions.begin(store, TransactionOptions.defaults())) {
      assertThatThrownBy(() -> Transactions.begin(store, TransactionOptions.defaults()))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("join it");
      try (ManagedTransaction separate = Transactions.begin(other, TransactionOptions.defaults())) {
        otherUsers.insert(user("x", "red"));
        separate.commit();
      }
      assertThat(managed.isActive()).isTrue();
    }
    assertThat(otherUsers.findById("x")).isPresent();
  }

  @Test
  void aReadOnlyTransactionRefusesWritesNamingTheEntityAndWritesNothing() {
    users.insert(user("a", "blue"));
    List<String> before = KeySpace.dump(store);
    try (ManagedTransaction managed = Transactions.begin(store, TransactionOptions.defaults())) {
      managed.transaction().setReadOnly();
      assertThat(users.findById("a")).isPresent();
      assertThatThrownBy(() -> users.insert(user("b", "blue")))
          .isInstanceOfSatisfying(ReadOnlyTransactionException.class,
              e -> assertThat(e.space()).isEqualTo("entity 'user'"))
          .hasMessageContaining("read-only")
          .hasMessageContaining("key (id: \"b\") of entity 'user'");
      assertThat(managed.commit()).isNull();
    }
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void aManagedTransactionIsUsedOnlyOnTheThreadThatBeganIt() throws Exception {
    try (ManagedTransaction managed = Transactions.begin(store, TransactionOptions.defaults())) {
      Throwable[] failure = new Throwable[1];
      Thread thread = new Thread(() -> {
        try {
          managed.commit();
        } catch (Throwable e) {
          failure[0] = e;
        }
        failure[0] = failure[0] == null ? new AssertionError("commit on another thread worked") : failure[0];
        assertThat(Transactions.current(store)).as("another thread does not join it").isEmpty();
      });
      thread.start();
      thread.join();
      assertThat(failure[0]).isInstanceOf(IllegalStateException.class).hasMessageContaining("thread that began it");
    }
  }
}
