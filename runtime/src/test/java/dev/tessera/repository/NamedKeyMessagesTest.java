package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.tessera.internal.catalog.KeyNames;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KeyTooLargeException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCheckTooLargeException;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Refusals the LMDB store raises, where it knows only subspace ids, reach the caller naming the
 * entity, the index and the fields of the keys, and leave the store as it was. (Damaged records and pointers: {@link DamagedDataVerifyRepairTest}; conflicts and
 * transaction limits: {@link TransactionTest}, on LMDB and etcd.)
 */
class NamedKeyMessagesTest {
  @TempDir Path dir;
  LmdbKvStore store;
  UserRepository users;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    users = new UserRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void aTooLargeIndexKeyInATransactionNamesItsIndexAndField() {
    users.insert(TransactionTest.user("a", "blue"));
    List<String> before = KeySpace.dump(store);
    String email = "x".repeat(600) + "@example.com";

    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      users.in(tx).insert(TransactionTest.user("b", "blue"));
      return users.in(tx).insert(new User("c", "C", email, "blue"));
    })).isInstanceOfSatisfying(KeyTooLargeException.class, e -> {
      assertThat(e.owner()).contains("index 'email' of entity 'user'");
      assertThat(e.getMessage()).contains("index 'email' of entity 'user' exceeds the limit of 511 bytes:"
          + " (email: \"xxx");
    });
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  /**
   * A transaction splits its range checks to fit ({@code RangeRead}), so only a direct {@code
   * checkRange} meets this refusal; named from the catalog, it says which index the range covers.
   */
  @Test
  void aRangeCheckOverTheLimitNamedFromTheCatalogNamesTheIndexScanned() {
    List<User> many = new ArrayList<>();
    for (int i = 0; i <= AtomicOperation.MAX_RANGE_CHECK_KEYS; i++) {
      many.add(TransactionTest.user("u" + i, "blue"));
    }
    users.insertAll(many);
    List<String> before = KeySpace.dump(store);
    TupleRange colors = TupleRange.prefix(Tuple.of(StoredKeys.key(store, "user_by_favoriteColor").get(0)));
    List<KvEntry> seen = new ArrayList<>();
    try (KvIterator all = store.list(ListSelector.of(colors))) {
      all.forEachRemaining(seen::add);
    }

    RangeCheckTooLargeException refused = catchThrowableOfType(
        () -> store.atomic().checkRange(colors, seen).set(Tuple.of("x"), new byte[1]).commit(),
        RangeCheckTooLargeException.class);

    assertThat(refused.getMessage()).startsWith("A range check over 10001 keys");
    assertThat(KeyNames.named(refused, store))
        .isInstanceOf(RangeCheckTooLargeException.class)
        .hasMessageStartingWith("index 'favoriteColor' of entity 'user': A range check over 10001 keys");
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }
}
