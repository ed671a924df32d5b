package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.internal.store.RecordCount;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Secondary indexes on real LMDB: unique email, non-unique colour, pointer indexes. */
class SecondaryIndexScenarioTest {
  @TempDir Path dir;
  LmdbKvStore store;
  UserRepository users;

  final User alice = new User("u1", "Alice", "Alice@Example.com", "blue");
  final User bob = new User("u2", "Bob", "bob@example.com", "blue");

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir);
    users = new UserRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void insertedUserIsFoundByIdEmailInAnyCaseAndColour() {
    assertThat(users.insert(alice)).isEqualTo(alice);
    users.insert(bob);

    assertThat(users.findById("u1")).contains(alice);
    assertThat(users.existsById("u1")).isTrue();
    assertThat(users.findById("nobody")).isEmpty();
    assertThat(users.findByEmail("ALICE@example.COM")).contains(alice);
    assertThat(users.existsByEmail("alice@example.com")).isTrue();
    assertThat(users.findByEmail("carol@example.com")).isEmpty();
    assertThat(users.findByFavoriteColor("blue")).containsExactly(alice, bob);
    assertThat(users.findByFavoriteColor("red")).isEmpty();
    assertThat(users.countByFavoriteColor("blue")).isEqualTo(2);
    assertThat(users.count()).isEqualTo(2);
  }

  @Test
  void insertWithTakenEmailInOtherCaseWritesNothing() {
    users.insert(alice);
    List<String> before = KeySpace.dump(store);

    User carol = new User("u3", "Carol", "ALICE@EXAMPLE.COM", "red");
    assertThatThrownBy(() -> users.insert(carol))
        .isInstanceOfSatisfying(
            UniqueConstraintViolationException.class,
            e -> {
              assertThat(e.entity()).isEqualTo("user");
              assertThat(e.index()).isEqualTo("email");
              assertThat(e.value()).isEqualTo("alice@example.com");
              assertThat(e.primaryKey()).isEqualTo("u1");
              assertThat(e.getMessage()).contains("email", "user", "alice@example.com", "u1");
            });

    assertThat(KeySpace.dump(store)).isEqualTo(before);
    assertThat(users.count()).isEqualTo(1);
  }

  @Test
  void insertWithTakenPrimaryKeyWritesNothing() {
    users.insert(alice);
    List<String> before = KeySpace.dump(store);

    assertThatThrownBy(() -> users.insert(new User("u1", "Other", "other@example.com", "red")))
        .isInstanceOfSatisfying(
            EntityExistsException.class,
            e -> {
              assertThat(e.entity()).isEqualTo("user");
              assertThat(e.key()).isEqualTo("u1");
            });
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void uniqueEntryHoldsPackedPrimaryKeyAndNonUniqueEntryHoldsNothing() {
    users.insert(alice);

    KvEntry pointer = store.get(StoredKeys.key(store, "user_by_email", "alice@example.com"));
    assertThat(pointer.value()).isEqualTo(Tuple.of("u1").pack());
    KvEntry colour = store.get(StoredKeys.key(store, "user_by_favoriteColor", "blue", "u1"));
    assertThat(colour.exists()).isTrue();
    assertThat(colour.value()).isEmpty();
    assertThat(KeySpace.keys(store))
        .containsExactlyInAnyOrder(
            StoredKeys.key(store, "user", "u1"),
            StoredKeys.key(store, "user_by_email", "alice@example.com"),
            StoredKeys.key(store, "user_by_favoriteColor", "blue", "u1"),
            RecordCount.shardKey("user", 0));
  }

  @Test
  void updateMovingEmailFreesTheOldOneForAnotherUser() {
    users.insert(alice);
    User moved = alice.withEmail("alice@new.example");
    assertThat(users.update(moved)).isEqualTo(moved);

    assertThat(users.findByEmail("alice@example.com")).isEmpty();
    assertThat(users.findByEmail("alice@new.example")).contains(moved);
    User carol = new User("u3", "Carol", "alice@example.com", "red");
    users.insert(carol);
    assertThat(users.findByEmail("Alice@Example.com")).contains(carol);
    assertThat(store.get(StoredKeys.key(store, "user_by_email", "alice@example.com")).value())
        .isEqualTo(Tuple.of("u3").pack());
  }

  @Test
  void updateToAnEmailHeldByAnotherUserWritesNothing() {
    users.insert(alice);
    users.insert(bob);
    List<String> before = KeySpace.dump(store);

    assertThatThrownBy(() -> users.update(bob.withEmail("ALICE@example.com")))
        .isInstanceOfSatisfying(
            UniqueConstraintViolationException.class,
            e -> assertThat(e.primaryKey()).isEqualTo("u1"));
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void updateOfNonIndexedFieldTouchesNoIndexKey() {
    users.insert(alice);
    List<KvEntry> before = KeySpace.entries(store);

    users.update(alice.withName("Alicia"));

    java.util.function.Function<Tuple, Tuple> named = KeySpace.namer(store);
    for (KvEntry old : before) {
      KvEntry now = store.get(old.key());
      if (named.apply(old.key()).getString(0).startsWith("user_by_")) {
        assertThat(now.versionstamp()).as("%s", old.key()).isEqualTo(old.versionstamp());
      }
    }
    assertThat(users.findById("u1")).contains(alice.withName("Alicia"));
  }

  @Test
  void updateChangingColourMovesTheNonUniqueEntry() {
    users.insert(alice);
    users.update(alice.withColor("green"));

    assertThat(users.findByFavoriteColor("blue")).isEmpty();
    assertThat(users.findByFavoriteColor("green")).containsExactly(alice.withColor("green"));
    assertThat(store.get(StoredKeys.key(store, "user_by_favoriteColor", "blue", "u1")).exists()).isFalse();
  }

  @Test
  void updateOfMissingRecordThrowsEntityNotFound() {
    assertThatThrownBy(() -> users.update(alice))
        .isInstanceOfSatisfying(
            EntityNotFoundException.class, e -> assertThat(e.key()).isEqualTo("u1"));
    assertThat(users.count()).isZero();
  }

  @Test
  void deleteLeavesNoKeyBehindButTheCounter() {
    users.insert(alice);
    assertThat(users.delete("u1")).isTrue();
    assertThat(users.delete("u1")).isFalse();

    assertThat(KeySpace.keys(store)).containsExactly(RecordCount.shardKey("user", 0));
    assertThat(users.count()).isZero();
    assertThat(users.findByEmail("alice@example.com")).isEmpty();
    assertThat(users.findByFavoriteColor("blue")).isEmpty();
  }

  @Test
  void nullIndexedValuesLeaveTheRecordOutOfTheIndex() {
    users.insert(new User("a", "A", null, null));
    users.insert(new User("b", "B", null, "red"));

    assertThat(KeySpace.keys(store))
        .containsExactlyInAnyOrder(
            StoredKeys.key(store, "user", "a"),
            StoredKeys.key(store, "user", "b"),
            StoredKeys.key(store, "user_by_favoriteColor", "red", "b"),
            RecordCount.shardKey("user", 0));
    users.update(new User("a", "A", "a@example.com", null));
    assertThat(users.findByEmail("a@example.com")).isPresent();
    users.update(new User("a", "A", null, null));
    assertThat(users.findByEmail("a@example.com")).isEmpty();
  }

  @Test
  void findAllStreamsInPrimaryKeyOrderAcrossBatches() {
    for (int i = 599; i >= 0; i--) {
      users.insert(new User(String.format("u%04d", i), "n" + i, "e" + i + "@x", i % 2 == 0 ? "red" : "blue"));
    }
    try (Stream<User> all = users.findAll()) {
      List<String> ids = all.map(User::id).toList();
      assertThat(ids).hasSize(600).isSorted();
    }
    try (Stream<User> red = users.streamByFavoriteColor("red")) {
      assertThat(red.map(User::id).toList()).hasSize(300).isSorted().allMatch(id -> Integer.parseInt(id.substring(1)) % 2 == 0);
    }
    assertThat(users.countByFavoriteColor("blue")).isEqualTo(300);
    try (Stream<User> firstFew = users.findAll()) {
      assertThat(firstFew.limit(3).map(User::id)).containsExactly("u0000", "u0001", "u0002");
    }
  }

  @Test
  void findAllByIdKeepsRequestedOrderAndSkipsMissingIds() {
    users.insert(alice);
    users.insert(bob);
    assertThat(users.findAllById(List.of("u2", "missing", "u1"))).containsExactly(bob, alice);
    assertThat(users.findAllById(List.of())).isEmpty();
  }

  @Test
  void undecodableRecordBytesThrowCorruptRecordNamingTheKey() {
    users.insert(alice);
    store.atomic().set(StoredKeys.key(store, "user", "u1"), new byte[] {0x7F, 0x01}).commit();

    assertThatThrownBy(() -> users.findById("u1"))
        .isInstanceOfSatisfying(
            CorruptRecordException.class,
            e -> {
              assertThat((Object) e.key()).isEqualTo(StoredKeys.key(store, "user", "u1"));
              assertThat(e.getCause()).isNotNull();
            });
    assertThatThrownBy(() -> users.findByEmail("alice@example.com"))
        .isInstanceOf(CorruptRecordException.class);
  }

  @Test
  void pointerToARecordThatNoLongerHoldsTheValueIsNotFound() {
    users.insert(alice);
    // a stale pointer written behind the repository's back must not resolve to the wrong record
    store.atomic().set(StoredKeys.key(store, "user_by_email", "ghost@example.com"), Tuple.of("u1").pack()).commit();
    assertThat(users.findByEmail("ghost@example.com")).isEmpty();
    assertThat(users.existsByEmail("ghost@example.com")).isFalse();
  }
}
