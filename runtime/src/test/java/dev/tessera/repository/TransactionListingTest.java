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
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
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

  /**
   * Against a model, with random writes between the steps of random listings (either direction,
   * with or without a limit): each step yields the model's first item after the last one yielded,
   * as the model stands at that step, and a listing ends when the model has none.
   */
  @Test
  void listingsInterleavedWithWritesYieldWhatTheModelHoldsAheadAtEachStep() {
    Random random = new Random(17);
    for (int r = 0; r < 200; r++) {
      int round = r;
      TreeMap<Long, Byte> model = new TreeMap<>();
      AtomicOperation setUp = store.atomic();
      for (long id = 0; id < 30; id++) { // the store holds the even items 2..8 from open()
        setUp.delete(Tuple.of("item", id));
      }
      for (long id = 0; id < 30; id++) {
        if (random.nextInt(3) == 0) {
          byte value = (byte) random.nextInt(100);
          setUp.set(Tuple.of("item", id), new byte[] {value});
          model.put(id, value);
        }
      }
      assertThat(setUp.commit().ok()).isTrue();
      boolean reverse = random.nextBoolean();
      int limit = random.nextInt(4) == 0 ? 1 + random.nextInt(10) : 0;
      Transactions.run(store, tx -> {
        KvStore view = tx.store();
        TreeMap<Long, Byte> now = new TreeMap<>(model);
        writeRandomly(random, view, now, 1 + random.nextInt(4));
        ListSelector selector = ITEMS.reverse(reverse);
        try (KvIterator it = view.list(limit > 0 ? selector.limit(limit) : selector)) {
          Long passed = null;
          int yielded = 0;
          while (true) {
            if (random.nextInt(3) == 0) {
              writeRandomly(random, view, now, 1 + random.nextInt(3));
            }
            Map.Entry<Long, Byte> expected = passed == null
                ? (reverse ? now.lastEntry() : now.firstEntry())
                : (reverse ? now.lowerEntry(passed) : now.higherEntry(passed));
            if (expected == null || (limit > 0 && yielded == limit)) {
              assertThat(it.hasNext()).as("round %d: nothing after %s", round, passed).isFalse();
              break;
            }
            assertThat(it.hasNext()).as("round %d: %s after %s", round, expected, passed).isTrue();
            KvEntry entry = it.next();
            assertThat(entry.key().getLong(1)).as("round %d after %s", round, passed).isEqualTo(expected.getKey());
            assertThat(entry.value()).containsExactly(expected.getValue());
            passed = expected.getKey();
            yielded++;
          }
        }
        return null;
      });
    }
  }

  /** {@code writes} random sets and deletes of items 0..29 through {@code view}, mirrored in {@code model}. */
  private static void writeRandomly(Random random, KvStore view, TreeMap<Long, Byte> model, int writes) {
    AtomicOperation op = view.atomic();
    for (int i = 0; i < writes; i++) {
      long id = random.nextInt(30);
      if (random.nextInt(3) == 0) {
        op.delete(Tuple.of("item", id));
        model.remove(id);
      } else {
        byte value = (byte) random.nextInt(100);
        op.set(Tuple.of("item", id), new byte[] {value});
        model.put(id, value);
      }
    }
    assertThat(op.commit().ok()).isTrue();
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
