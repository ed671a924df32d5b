package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.repository.EntityNotFoundException;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated {@link UserRepository}'s inserts, updates, deletes, unique values and index reads on
 * every backend: a real LMDB store and a real etcd cluster.
 */
@ParameterizedClass
@EnumSource(StoreBackend.class)
class UserRepositoryTest {
  @Parameter StoreBackend backend;
  @TempDir Path directory;
  private KvStore store;
  private UserRepository users;

  @BeforeEach
  void open() {
    store = backend.open(directory);
    users = new UserRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void takenEmailInOtherCaseIsRejectedAndWritesNothing() {
    users.insert(new User("u1", "Alice", "Alice@Example.com", "blue"));
    List<String> before = dumpKeySpace(store);

    assertThatThrownBy(() -> users.insert(new User("u2", "Eve", "ALICE@example.COM", "red")))
        .isInstanceOfSatisfying(
            UniqueConstraintViolationException.class,
            e -> {
              assertThat(e.index()).isEqualTo("email");
              assertThat(e.value()).isEqualTo("alice@example.com");
              assertThat(e.primaryKey()).isEqualTo("u1");
            });

    assertThat(dumpKeySpace(store)).isEqualTo(before);
    assertThat(users.existsById("u2")).isFalse();
    assertThat(users.count()).isEqualTo(1);
  }

  @Test
  void findsByIdByEmailInAnyCaseAndByColour() {
    User alice = users.insert(new User("u1", "Alice", "Alice@Example.com", "blue"));
    User bob = users.insert(new User("u2", "Bob", "bob@example.com", "blue"));
    users.insert(new User("u3", "Carol", "carol@example.com", "green"));

    assertThat(users.findById("u1")).contains(alice);
    assertThat(users.findByEmail("ALICE@EXAMPLE.COM")).contains(alice);
    assertThat(users.existsByEmail("bob@EXAMPLE.com")).isTrue();
    assertThat(users.findByEmail("nobody@example.com")).isEmpty();
    assertThat(users.findByFavoriteColor("blue")).containsExactly(alice, bob);
    assertThat(users.countByFavoriteColor("blue")).isEqualTo(2);
    try (var stream = users.streamByFavoriteColor("green")) {
      assertThat(stream.map(User::id)).containsExactly("u3");
    }
    assertThat(users.findByFavoriteColor("Blue")).isEmpty(); // favoriteColor is not normalised
  }

  @Test
  void updateMovingTheEmailFreesTheOldOne() {
    users.insert(new User("u1", "Alice", "alice@example.com", "blue"));
    users.update(new User("u1", "Alice", "alice@new.example", "red"));

    User carol = users.insert(new User("u2", "Carol", "Alice@Example.com", "green"));

    assertThat(users.findByEmail("alice@example.com")).contains(carol);
    assertThat(users.findByEmail("alice@new.example")).map(User::id).contains("u1");
    assertThat(users.findByFavoriteColor("blue")).isEmpty();
    assertThat(users.findByFavoriteColor("red")).extracting(User::id).containsExactly("u1");
  }

  @Test
  void updateOfAMissingRecordThrows() {
    assertThatThrownBy(() -> users.update(new User("ghost", "G", "g@example.com", "grey")))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("ghost");
  }

  @Test
  void deleteLeavesNoRecordOrIndexKeyBehind() {
    List<String> empty = dumpKeySpace(store);
    users.insert(new User("u1", "Alice", "alice@example.com", "blue"));
    assertThat(users.delete("u1")).isTrue();
    assertThat(users.delete("u1")).isFalse();

    assertThat(userKeys(dumpKeySpace(store))).isEmpty();
    assertThat(userKeys(empty)).isEmpty();
    assertThat(users.count()).isZero();
  }

  @Test
  void indexEntriesHoldThePrimaryKeyNotACopyOfTheRecord() {
    users.insert(new User("u1", "Alice", "alice@example.com", "blue"));

    KvEntry unique = store.get(StoredKeys.key(store, "user_by_email", "alice@example.com"));
    assertThat((Object) Tuple.unpack(unique.value())).isEqualTo(Tuple.of("u1"));
    KvEntry nonUnique = store.get(StoredKeys.key(store, "user_by_favoriteColor", "blue", "u1"));
    assertThat(nonUnique.exists()).isTrue();
    assertThat(nonUnique.value()).isEmpty();
  }

  @Test
  void updateOfANonIndexedFieldTouchesNoIndexEntry() {
    users.insert(new User("u1", "Alice", "alice@example.com", "blue"));
    KvEntry emailBefore = store.get(StoredKeys.key(store, "user_by_email", "alice@example.com"));
    KvEntry colourBefore = store.get(StoredKeys.key(store, "user_by_favoriteColor", "blue", "u1"));

    users.update(new User("u1", "Alice Liddell", "alice@example.com", "blue"));

    assertThat(store.get(StoredKeys.key(store, "user_by_email", "alice@example.com")).versionstamp())
        .isEqualTo(emailBefore.versionstamp());
    assertThat(store.get(StoredKeys.key(store, "user_by_favoriteColor", "blue", "u1")).versionstamp())
        .isEqualTo(colourBefore.versionstamp());
    assertThat(users.findById("u1")).map(User::name).contains("Alice Liddell");
  }

  /** Every key with its value, as text, in key order. */
  static List<String> dumpKeySpace(KvStore store) {
    List<String> lines = new ArrayList<>();
    TupleRange everything = TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF});
    try (KvIterator entries = store.list(ListSelector.of(everything))) {
      while (entries.hasNext()) {
        KvEntry entry = entries.next();
        lines.add(entry.key() + " @" + entry.versionstamp() + " = " + Arrays.toString(entry.value()));
      }
    }
    return lines;
  }

  private static List<String> userKeys(List<String> lines) {
    return lines.stream().filter(line -> line.startsWith("(\"user")).toList();
  }
}
