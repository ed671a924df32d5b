package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LmdbListTest {
  @TempDir Path dir;
  LmdbKvStore store;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir);
    AtomicOperation op = store.atomic();
    for (int i = 0; i < 20; i++) {
      op.set(Tuple.of("users", i), new byte[] {(byte) i});
    }
    op.set(Tuple.of("user"), new byte[] {1}).set(Tuple.of("usersz"), new byte[] {2})
        .set(Tuple.of("v"), new byte[] {3});
    op.commit();
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static List<Object> ids(KvIterator it) {
    List<Object> ids = new ArrayList<>();
    try (it) {
      it.forEachRemaining(e -> ids.add(e.key().get(1)));
    }
    return ids;
  }

  private static List<Object> range(int from, int to) {
    List<Object> ids = new ArrayList<>();
    for (long i = from; i < to; i++) {
      ids.add(i);
    }
    return ids;
  }

  @Test
  void prefixListsExactlyTheKeysUnderIt() {
    assertThat(ids(store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users"))))))
        .isEqualTo(range(0, 20));
  }

  @Test
  void reverseListsInDescendingOrder() {
    List<Object> expected = range(0, 20);
    java.util.Collections.reverse(expected);
    assertThat(ids(store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users")))
        .reverse(true)))).isEqualTo(expected);
  }

  @Test
  void rangeFromTheEmptyKeyStartsAtTheFirstKey() {
    ListSelector everything = ListSelector.of(TupleRange.ofPacked(new byte[0], new byte[] {(byte) 0xff}));
    List<Tuple> forward = new ArrayList<>();
    try (KvIterator it = store.list(everything)) {
      it.forEachRemaining(e -> forward.add(e.key()));
    }
    assertThat(forward).hasSize(23).startsWith(Tuple.of("user")).endsWith(Tuple.of("v"));
    List<Tuple> backward = new ArrayList<>();
    try (KvIterator it = store.list(everything.reverse(true))) {
      it.forEachRemaining(e -> backward.add(e.key()));
    }
    java.util.Collections.reverse(backward);
    assertThat(backward).isEqualTo(forward);
  }

  @Test
  void rangeIsHalfOpen() {
    ListSelector selector =
        ListSelector.of(TupleRange.between(Tuple.of("users", 5), Tuple.of("users", 9)));
    assertThat(ids(store.list(selector))).isEqualTo(range(5, 9));
    assertThat(ids(store.list(selector.reverse(true)))).containsExactly(8L, 7L, 6L, 5L);
  }

  @Test
  void limitStopsEarlyAndReleasesTheTransaction() {
    KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users"))).limit(3)
        .batchSize(2));
    assertThat(ids(it)).isEqualTo(range(0, 3));
    assertThat(store.openTransactions()).isZero();
  }

  @Test
  void exhaustedIteratorClosesItself() {
    KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users"))).batchSize(7));
    int count = 0;
    while (it.hasNext()) {
      it.next();
      count++;
    }
    assertThat(count).isEqualTo(20);
    assertThat(store.openTransactions()).isZero();
  }

  @Test
  void cursorResumesStrictlyAfterTheLastEntryInBothDirections() {
    for (boolean reverse : new boolean[] {false, true}) {
      ListSelector base = ListSelector.of(TupleRange.prefix(Tuple.of("users"))).reverse(reverse)
          .limit(6);
      List<Object> all = new ArrayList<>();
      String cursor = null;
      while (true) {
        try (KvIterator page = store.list(base.after(cursor))) {
          List<Object> got = new ArrayList<>();
          page.forEachRemaining(e -> got.add(e.key().get(1)));
          if (got.isEmpty()) {
            break;
          }
          all.addAll(got);
          cursor = page.cursor();
        }
      }
      List<Object> expected = range(0, 20);
      if (reverse) {
        java.util.Collections.reverse(expected);
      }
      assertThat(all).as("reverse=%s", reverse).isEqualTo(expected);
    }
  }

  @Test
  void cursorIsNullBeforeTheFirstEntry() {
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users"))))) {
      assertThat(it.cursor()).isNull();
      it.next();
      assertThat(it.cursor()).isNotNull();
    }
  }

  @Test
  void malformedCursorIsRejectedClearly() {
    ListSelector base = ListSelector.of(TupleRange.prefix(Tuple.of("users")));
    assertThatThrownBy(() -> store.list(base.after("not base64 !!")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Malformed");
    assertThatThrownBy(() -> store.list(base.after("")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Malformed");
    assertThat(store.openTransactions()).isZero();
  }

  @Test
  void cursorFromAnotherRangeIsRejected() {
    String foreign;
    try (KvIterator it = store.list(ListSelector.of(TupleRange.between(Tuple.of("v"),
        Tuple.of("w"))))) {
      it.next();
      foreign = it.cursor();
    }
    assertThat(foreign).isEqualTo(
        Base64.getUrlEncoder().withoutPadding().encodeToString(Tuple.of("v").pack()));
    assertThatThrownBy(() -> store.list(
        ListSelector.of(TupleRange.prefix(Tuple.of("users"))).after(foreign)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outside");
  }

  @Test
  void batchesAreBounded() {
    AtomicOperation op = store.atomic();
    for (int i = 0; i < 5000; i++) {
      op.set(Tuple.of("many", i), new byte[16]);
    }
    op.commit();
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("many")))
        .batchSize(100))) {
      LmdbKvIterator lmdb = (LmdbKvIterator) it;
      int count = 0;
      int maxBuffered = 0;
      while (it.hasNext()) {
        maxBuffered = Math.max(maxBuffered, lmdb.buffered());
        it.next();
        count++;
      }
      assertThat(count).isEqualTo(5000);
      assertThat(maxBuffered).isEqualTo(100);
    }
  }

  @Test
  void iteratorOfASnapshotSeesTheSnapshot() {
    try (KvSnapshot snapshot = store.snapshot()) {
      store.atomic().delete(Tuple.of("users", 3)).commit();
      try (KvIterator it = snapshot.list(ListSelector.of(TupleRange.prefix(Tuple.of("users")))
          .batchSize(4))) {
        assertThat(ids(it)).isEqualTo(range(0, 20));
      }
      assertThat(snapshot.get(Tuple.of("users", 3)).exists()).isTrue();
    }
    assertThat(store.openTransactions()).isZero();
  }

  @Test
  void storeListingHoldsNoTransactionBetweenBatches() {
    KvIterator forgotten = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users")))
        .batchSize(4));
    assertThat((Object) forgotten.next().key()).isEqualTo(Tuple.of("users", 0));
    assertThat(store.openTransactions()).isZero();
    // Never closed, and still usable: it continues after the last key it read.
    assertThat(ids(forgotten)).isEqualTo(range(1, 20));
  }

  @Test
  void storeListingSeesCommitsBetweenBatchesButNoKeyTwice() {
    ListSelector users = ListSelector.of(TupleRange.prefix(Tuple.of("users"))).batchSize(4);
    for (boolean reverse : new boolean[] {false, true}) {
      List<Object> seen = new ArrayList<>();
      try (KvIterator it = store.list(users.reverse(reverse))) {
        while (it.hasNext()) {
          KvEntry entry = it.next();
          long id = (Long) entry.key().get(1);
          seen.add(id);
          if (seen.size() == 3) {
            // Batches of 1 and 4 entries were read: change keys already read and keys ahead.
            store.atomic()
                .delete(Tuple.of("users", reverse ? 2 : 17)) // ahead: not returned
                .set(Tuple.of("users", reverse ? 18 : 1), new byte[] {9}) // already read: no repeat
                .set(Tuple.of("users", reverse ? 19 : 0), new byte[] {9}) // the current key
                .commit();
          }
        }
      }
      List<Object> expected = range(0, 20);
      expected.remove(Long.valueOf(reverse ? 2 : 17));
      if (reverse) {
        java.util.Collections.reverse(expected);
      }
      assertThat(seen).as("reverse %s", reverse).isEqualTo(expected);
      store.atomic().set(Tuple.of("users", reverse ? 2 : 17), new byte[] {1}).commit();
    }
  }

  @Test
  void storeListingContinuesAfterTheMapGrewBetweenBatches() {
    KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users"))).batchSize(4));
    assertThat((Object) it.next().key()).isEqualTo(Tuple.of("users", 0));
    long before = store.mapSize();
    byte[] large = new byte[4 << 20];
    while (store.mapSize() == before) {
      store.atomic().set(Tuple.of("large", store.mapSize(), System.nanoTime()), large).commit();
    }
    assertThat(ids(it)).isEqualTo(range(1, 20));
  }

  @Test
  void storeListingAfterCloseThrowsStoreClosed() {
    KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users"))).batchSize(2));
    it.next();
    it.next(); // the second batch read two entries; one is still buffered
    store.close();
    assertThatThrownBy(it::hasNext).isInstanceOf(dev.tessera.kv.StoreClosedException.class);
    assertThatThrownBy(() -> store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users")))))
        .isInstanceOf(dev.tessera.kv.StoreClosedException.class);
  }

  @Test
  void streamClosesTheIterator() {
    List<Object> ids;
    try (var stream = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users"))))
        .stream()) {
      ids = stream.limit(2).map(e -> e.key().get(1)).collect(Collectors.toList());
    }
    assertThat(ids).containsExactly(0L, 1L);
    assertThat(store.openTransactions()).isZero();
  }

  @Test
  void randomListingsMatchASortedModel() {
    Random random = new Random(42);
    NavigableMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
    AtomicOperation op = store.atomic();
    for (int i = 0; i < 400; i++) {
      Tuple key = Tuple.of("r", random.nextInt(50), random.nextInt(20) - 10);
      op.set(key, new byte[] {(byte) i});
    }
    op.commit();
    try (KvIterator all = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("r"))))) {
      all.forEachRemaining(e -> model.put(e.key().pack(), e.value()));
    }
    for (int round = 0; round < 200; round++) {
      int a = random.nextInt(52) - 1;
      int b = random.nextInt(52) - 1;
      Tuple lo = Tuple.of("r", Math.min(a, b));
      Tuple hi = Tuple.of("r", Math.max(a, b));
      boolean reverse = random.nextBoolean();
      int limit = random.nextInt(30) + 1;
      TupleRange range = TupleRange.between(lo, hi);
      NavigableMap<byte[], byte[]> slice = model.subMap(range.begin(), true, range.end(), false);
      List<String> expected = (reverse ? slice.descendingKeySet() : slice.navigableKeySet())
          .stream().map(Arrays::toString).collect(Collectors.toList());
      List<String> actual = new ArrayList<>();
      String cursor = null;
      ListSelector selector = ListSelector.of(range).reverse(reverse).limit(limit)
          .batchSize(random.nextInt(7) + 1);
      while (true) {
        int before = actual.size();
        try (KvIterator page = store.list(selector.after(cursor))) {
          page.forEachRemaining(e -> actual.add(Arrays.toString(e.key().pack())));
          if (actual.size() == before) {
            break;
          }
          assertThat(actual.size() - before).isLessThanOrEqualTo(limit);
          cursor = page.cursor();
        }
      }
      assertThat(actual).as("range %s..%s reverse=%s", lo, hi, reverse).isEqualTo(expected);
    }
  }

  @Test
  void emptyAndInvertedRangesListNothing() {
    assertThat(ids(store.list(ListSelector.of(TupleRange.prefix(Tuple.of("none")))))).isEmpty();
    assertThat(ids(store.list(ListSelector.of(
        TupleRange.between(Tuple.of("users", 9), Tuple.of("users", 2)))))).isEmpty();
    assertThat(ids(store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users"))).limit(0))))
        .isEmpty();
    assertThat(store.openTransactions()).isZero();
  }

  @Test
  void entriesCarryValueAndVersionstamp() {
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("users"))))) {
      KvEntry first = it.next();
      assertThat(first.value()).containsExactly(0);
      assertThat(first.versionstamp()).isEqualTo(store.get(Tuple.of("users", 0)).versionstamp());
    }
  }
}
