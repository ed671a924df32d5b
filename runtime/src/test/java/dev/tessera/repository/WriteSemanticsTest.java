package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Versionstamp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** insertAll, versioned writes, save, key generation and the record counter, on real LMDB. */
class WriteSemanticsTest {
  @TempDir Path dir;
  LmdbKvStore store;
  UserRepository users;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir);
    users = new UserRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  static User user(String id) {
    return new User(id, "name " + id, id + "@example.com", "blue");
  }

  @Test
  void insertAllWritesEveryRecordInOneCommit() {
    users.insertAll(List.of(user("a"), user("b"), user("c")));

    assertThat(users.count()).isEqualTo(3);
    assertThat(users.findByFavoriteColor("blue")).extracting(User::id).containsExactly("a", "b", "c");
    Versionstamp a = users.findVersionedById("a").orElseThrow().versionstamp();
    Versionstamp c = users.findVersionedById("c").orElseThrow().versionstamp();
    assertThat(a).isEqualTo(c);
  }

  @Test
  void insertAllWithOneStoredConflictWritesNothing() {
    users.insert(new User("x", "X", "b@example.com", "red"));
    List<String> before = KeySpace.dump(store);

    assertThatThrownBy(() -> users.insertAll(List.of(user("a"), user("b"), user("c"))))
        .isInstanceOfSatisfying(
            UniqueConstraintViolationException.class,
            e -> assertThat(e.primaryKey()).isEqualTo("x"));
    assertThatThrownBy(() -> users.insertAll(List.of(user("a"), new User("x", "X", "z@z", null))))
        .isInstanceOfSatisfying(EntityExistsException.class, e -> assertThat(e.key()).isEqualTo("x"));
    assertThat(KeySpace.dump(store)).isEqualTo(before);
    assertThat(users.count()).isEqualTo(1);
  }

  @Test
  void insertAllRejectsDuplicatesWithinTheBatch() {
    assertThatThrownBy(() -> users.insertAll(List.of(user("a"), user("b"), user("a"))))
        .isInstanceOfSatisfying(EntityExistsException.class, e -> assertThat(e.key()).isEqualTo("a"));
    User sameEmail = new User("c", "C", "A@EXAMPLE.COM", null);
    assertThatThrownBy(() -> users.insertAll(List.of(user("a"), sameEmail)))
        .isInstanceOfSatisfying(
            UniqueConstraintViolationException.class,
            e -> {
              assertThat(e.value()).isEqualTo("a@example.com");
              assertThat(e.primaryKey()).isEqualTo("a");
            });
    assertThat(KeySpace.keys(store)).isEmpty();
    users.insertAll(List.of());
    assertThat(users.count()).isZero();
  }

  @Test
  void versionedUpdateFailsWhenTheRecordChangedSinceRead() {
    users.insert(user("a"));
    Versioned<User> read = users.findVersionedById("a").orElseThrow();
    User renamed = users.update(read.value().withName("first"), read.versionstamp());
    Versionstamp now = users.findVersionedById("a").orElseThrow().versionstamp();
    assertThat(now).isGreaterThan(read.versionstamp());
    List<String> before = KeySpace.dump(store);

    assertThatThrownBy(() -> users.update(renamed.withEmail("new@example.com"), read.versionstamp()))
        .isInstanceOfSatisfying(
            ConcurrentModificationException.class,
            e -> {
              assertThat(e.expected()).isEqualTo(read.versionstamp());
              assertThat(e.actual()).isEqualTo(now);
              assertThat(e.entity()).isEqualTo("user");
              assertThat(e.key()).isEqualTo("a");
            });
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void versionedUpdateOfADeletedRecordReportsItGone() {
    users.insert(user("a"));
    Versionstamp read = users.findVersionedById("a").orElseThrow().versionstamp();
    users.delete("a");
    assertThatThrownBy(() -> users.update(user("a"), read))
        .isInstanceOfSatisfying(
            ConcurrentModificationException.class, e -> assertThat(e.actual()).isNull());
  }

  @Test
  void versionedDeleteChecksTheVersionstamp() {
    users.insert(user("a"));
    Versionstamp first = users.findVersionedById("a").orElseThrow().versionstamp();
    users.update(user("a").withName("changed"));
    List<String> before = KeySpace.dump(store);

    assertThatThrownBy(() -> users.delete("a", first))
        .isInstanceOf(ConcurrentModificationException.class);
    assertThat(KeySpace.dump(store)).isEqualTo(before);

    Versionstamp current = users.findVersionedById("a").orElseThrow().versionstamp();
    assertThat(users.delete("a", current)).isTrue();
    assertThat(users.delete("a", current)).isFalse();
    assertThat(users.count()).isZero();
  }

  @Test
  void saveInsertsThenUpdates() {
    users.save(user("a"));
    users.save(user("a").withEmail("moved@example.com"));
    assertThat(users.count()).isEqualTo(1);
    assertThat(users.findByEmail("moved@example.com")).isPresent();
    assertThat(users.findByEmail("a@example.com")).isEmpty();
  }

  @Test
  void countFollowsInsertsDeletesAndFailedWrites() {
    assertThat(users.count()).isZero();
    users.insert(user("a"));
    users.insert(user("b"));
    assertThat(users.count()).isEqualTo(2);
    assertThatThrownBy(() -> users.insert(user("a"))).isInstanceOf(EntityExistsException.class);
    assertThatThrownBy(() -> users.insert(new User("c", "C", "b@example.com", null)))
        .isInstanceOf(UniqueConstraintViolationException.class);
    assertThat(users.count()).isEqualTo(2);
    users.update(user("a").withName("x"));
    assertThat(users.count()).isEqualTo(2);
    users.delete("a");
    users.delete("a");
    users.delete("never");
    assertThat(users.count()).isEqualTo(1);
    users.delete("b");
    assertThat(users.count()).isZero();
  }

  @Test
  void nullPrimaryKeyWithoutGenerationIsAClearError() {
    assertThatThrownBy(() -> users.insert(new User(null, "N", "n@example.com", null)))
        .isInstanceOfSatisfying(
            MissingPrimaryKeyException.class,
            e -> {
              assertThat(e.entity()).isEqualTo("user");
              assertThat(e.component()).isEqualTo("id");
              assertThat(e.getMessage()).contains("user", "'id'");
            });
    assertThat(KeySpace.keys(store)).isEmpty();
  }

  @Test
  void nullPrimaryKeyWithUlidGenerationGetsIncreasingKeys() {
    UserRepository generated = new UserRepository(store, KeyGeneration.ULID);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      User stored = generated.insert(new User(null, "N" + i, "n" + i + "@example.com", null));
      assertThat(stored.id()).hasSize(26);
      assertThat(generated.findById(stored.id())).contains(stored);
      ids.add(stored.id());
    }
    assertThat(ids).isSorted().doesNotHaveDuplicates();
    generated.insertAll(List.of(new User(null, "M", "m@example.com", null)));
    assertThat(generated.count()).isEqualTo(51);
  }
}
