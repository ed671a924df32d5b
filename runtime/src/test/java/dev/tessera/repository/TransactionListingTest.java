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

  /**
   * A listing goes on while the transaction writes: each step shows the transaction's writes made
   * before it, ahead of where the listing is (a new key, a changed value, a delete), and nothing
   * behind it again. Snapshot keys 2, 4, 6, 8; the transaction wrote 3 and 5 before listing.
   */
  @Test
  void aListingSeesTheWritesTheTransactionMakesWhileItListsAheadOfIt() {
    assertThat(listWhileWriting(false))
        .containsExactly("2=2", "3=3", "4=4", "5=50", "7=70", "8=8", "9=9");
  }

  @Test
  void aReverseListingSeesTheWritesTheTransactionMakesWhileItListsAheadOfIt() {
    assertThat(listWhileWriting(true))
        .containsExactly("8=8", "7=70", "6=6", "5=50", "3=3", "2=2", "1=1");
  }

  /** Lists the items, writing after the first; each listed as {@code id=value}. */
  private List<String> listWhileWriting(boolean reverse) {
    return Transactions.run(store, tx -> {
      KvStore view = tx.store();
      view.atomic().set(Tuple.of("item", 3), new byte[] {3}).set(Tuple.of("item", 5), new byte[] {5}).commit();
      List<String> seen = new ArrayList<>();
      try (KvIterator it = view.list(ITEMS.reverse(reverse))) {
        KvEntry first = it.next(); // 2 forward, 8 in reverse
        seen.add(first.key().getLong(1) + "=" + first.value()[0]);
        long ahead = reverse ? 1 : 9;
        long behind = reverse ? 9 : 1;
        view.atomic()
            .set(Tuple.of("item", 7), new byte[] {70}) // new, between snapshot keys
            .set(Tuple.of("item", 5), new byte[] {50}) // the transaction's own write, changed
            .delete(Tuple.of("item", reverse ? 4 : 6)) // a snapshot key ahead, deleted
            .set(Tuple.of("item", ahead), new byte[] {(byte) ahead}) // past the snapshot's last
            .set(Tuple.of("item", behind), new byte[] {(byte) behind}) // behind the listing
            .commit();
        it.forEachRemaining(e -> seen.add(e.key().getLong(1) + "=" + e.value()[0]));
      }
      return seen;
    });
  }

  private static List<Long> ids(KvIterator iterator) {
    List<Long> ids = new ArrayList<>();
    iterator.forEachRemaining((KvEntry e) -> ids.add(e.key().getLong(1)));
    return ids;
  }
}
