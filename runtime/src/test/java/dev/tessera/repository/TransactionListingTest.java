package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
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
 * Listings through a transaction's view of the store, in both directions: the snapshot's keys
 * merged with the transaction's own writes, and resumed through the view's cursors.
 */
class TransactionListingTest {
  private static final ListSelector ITEMS = ListSelector.of(TupleRange.prefix(Tuple.of("item")));

  @TempDir Path dir;
  KvStore store;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    AtomicOperation op = store.atomic();
    for (int i = 2; i <= 8; i += 2) {
      op.set(Tuple.of("item", i), new byte[] {(byte) i});
    }
    op.set(Tuple.of("before"), new byte[1]).set(Tuple.of("zafter"), new byte[1]).commit();
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void aReadOnlyTransactionListsInReverse() {
    List<Long> listed = Transactions.run(store, tx -> ids(tx.store().list(ITEMS.reverse(true))));
    assertThat(listed).containsExactly(8L, 6L, 4L, 2L);
  }

  @Test
  void aReverseListingMergesTheTransactionsWritesBeforeInAndAfterTheSnapshotsKeys() {
    List<Long> listed = Transactions.run(store, tx -> {
      tx.store().atomic()
          .set(Tuple.of("item", 1), new byte[1])
          .set(Tuple.of("item", 5), new byte[1])
          .set(Tuple.of("item", 9), new byte[1])
          .delete(Tuple.of("item", 4))
          .set(Tuple.of("aaa"), new byte[1])
          .set(Tuple.of("zzz"), new byte[1])
          .commit();
      return ids(tx.store().list(ITEMS.reverse(true)));
    });
    assertThat(listed).containsExactly(9L, 8L, 6L, 5L, 2L, 1L);
  }

  @Test
  void aReverseListingResumesAfterItsCursorWithAndWithoutWrites() {
    List<Long> listed = Transactions.run(store, tx -> {
      List<Long> all = new ArrayList<>();
      String cursor;
      try (KvIterator first = tx.store().list(ITEMS.reverse(true).limit(2))) {
        all.addAll(ids(first));
        cursor = first.cursor();
      }
      tx.store().atomic().set(Tuple.of("item", 3), new byte[1]).set(Tuple.of("item", 7), new byte[1])
          .commit();
      all.addAll(ids(tx.store().list(ITEMS.reverse(true).after(cursor))));
      return all;
    });
    assertThat(listed).containsExactly(8L, 6L, 4L, 3L, 2L);
  }

  @Test
  void aReverseListingThatOnlyHoldsTheTransactionsWritesListsThem() {
    List<Long> listed = Transactions.run(store, tx -> {
      tx.store().atomic().set(Tuple.of("new", 1), new byte[1]).set(Tuple.of("new", 2), new byte[1])
          .commit();
      return ids(tx.store().list(ListSelector.of(TupleRange.prefix(Tuple.of("new"))).reverse(true)));
    });
    assertThat(listed).containsExactly(2L, 1L);
  }

  private static List<Long> ids(KvIterator iterator) {
    List<Long> ids = new ArrayList<>();
    iterator.forEachRemaining((KvEntry e) -> ids.add(e.key().getLong(1)));
    return ids;
  }
}
