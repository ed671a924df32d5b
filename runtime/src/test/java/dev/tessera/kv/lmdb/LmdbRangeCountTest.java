package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCount;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counting a range on keys alone ({@link KvSnapshot#count}) and checking the count at commit
 * ({@link AtomicOperation#checkRangeCount}): the count is what a listing of the same selector
 * returns, and the check fails exactly when {@link AtomicOperation#checkRange} with the listed
 * entries fails.
 */
class LmdbRangeCountTest {
  private static final TupleRange LOANS = TupleRange.prefix(Tuple.of("loan", "m1"));

  @TempDir Path dir;

  private LmdbKvStore open() {
    return LmdbKvStore.open(dir.resolve("store"), LmdbOptions.builder().durability(Durability.NO_SYNC).build());
  }

  private static void put(LmdbKvStore store, Tuple key, String value) {
    assertThat(store.atomic().set(key, value.getBytes()).commit().ok()).isTrue();
  }

  private static RangeCount count(LmdbKvStore store, ListSelector selector) {
    try (KvSnapshot snapshot = store.snapshot()) {
      return snapshot.count(selector);
    }
  }

  /** Lends m1 two loans and counts them. */
  private static RangeCount twoLoansCounted(LmdbKvStore store) {
    put(store, Tuple.of("loan", "m1", 1), "a");
    put(store, Tuple.of("loan", "m1", 2), "b");
    return count(store, ListSelector.of(LOANS));
  }

  private static List<KvEntry> list(KvSnapshot snapshot, ListSelector selector) {
    try (KvIterator it = snapshot.list(selector)) {
      List<KvEntry> seen = new ArrayList<>();
      it.forEachRemaining(seen::add);
      return seen;
    }
  }

  @Test
  void aCountIsWhatTheListingOfTheSameSelectorReturnsInEveryDirectionLimitAndCursor() {
    Random random = new Random(25);
    try (LmdbKvStore store = open()) {
      for (int i = 0; i < 300; i++) {
        put(store, Tuple.of("k", random.nextInt(40), random.nextInt(10)), "v");
      }
      put(store, Tuple.of("j"), "below");
      put(store, Tuple.of("l"), "above");
      for (int round = 0; round < 500; round++) {
        int a = random.nextInt(42) - 1;
        int b = a + random.nextInt(12);
        TupleRange range = TupleRange.between(Tuple.of("k", a), Tuple.of("k", b));
        ListSelector selector = ListSelector.of(range).reverse(random.nextBoolean());
        if (random.nextBoolean()) {
          selector = selector.limit(random.nextInt(30));
        }
        try (KvSnapshot snapshot = store.snapshot()) {
          if (random.nextBoolean()) { // resume after a cursor, as a page would
            try (KvIterator first = snapshot.list(selector.limit(1 + random.nextInt(5)))) {
              first.forEachRemaining(e -> { });
              if (first.cursor() != null) {
                selector = selector.after(first.cursor());
              }
            }
          }
          List<KvEntry> listed = list(snapshot, selector);
          RangeCount counted = snapshot.count(selector);

          assertThat(counted.count()).as("%s", selector).isEqualTo(listed.size());
          boolean limitStopped = listed.size() == selector.limit() && selector.limit() > 0;
          assertThat(counted.reachedEnd()).isEqualTo(!limitStopped);
          if (limitStopped) {
            assertThat(counted.lastKey()).isEqualTo(listed.get(listed.size() - 1).packedKey());
          }
          assertThat(counted.readVersion()).isEqualTo(
              dev.tessera.tuple.Versionstamp.of(store.statistics().lastVersionstamp().commitVersion(), 0xFFFF));
        }
      }
    }
  }

  @Test
  void anUnchangedRangeCommitsWhateverChangesAroundIt() {
    try (LmdbKvStore store = open()) {
      RangeCount counted = twoLoansCounted(store);
      put(store, Tuple.of("loan", "m0", 9), "outside below");
      put(store, Tuple.of("loan", "m2", 0), "outside above");
      put(store, Tuple.of("loan", "m1"), "the prefix itself is not in the range");

      CommitResult result = store.atomic().checkRangeCount(LOANS, counted.count(), counted.readVersion())
          .set(Tuple.of("loan", "m1", 3), new byte[0]).commit();

      assertThat(counted.count()).isEqualTo(2);
      assertThat(result.ok()).isTrue();
    }
  }

  @Test
  void aKeyAddedOrChangedInTheRangeFailsTheCommitAndIsNamed() {
    try (LmdbKvStore store = open()) {
      RangeCount counted = twoLoansCounted(store);
      put(store, Tuple.of("loan", "m1", 2), "changed");

      CommitResult changed = store.atomic().checkRangeCount(LOANS, counted.count(), counted.readVersion())
          .set(Tuple.of("loan", "m1", 3), new byte[0]).commit();

      assertThat(changed.ok()).isFalse();
      assertThat(changed.failedRange()).isEqualTo(LOANS);
      assertThat((Object) changed.failedKey()).isEqualTo(Tuple.of("loan", "m1", 2));
      assertThat(changed.actual()).isEqualTo(store.get(Tuple.of("loan", "m1", 2)).versionstamp());
      assertThat(store.get(Tuple.of("loan", "m1", 3)).exists()).as("nothing written").isFalse();

      counted = count(store, ListSelector.of(LOANS));
      put(store, Tuple.of("loan", "m1", 0), "phantom");
      CommitResult added = store.atomic().checkRangeCount(LOANS, counted.count(), counted.readVersion()).commit();
      assertThat(added.ok()).isFalse();
      assertThat((Object) added.failedKey()).isEqualTo(Tuple.of("loan", "m1", 0));
    }
  }

  @Test
  void aKeyRemovedFromTheRangeFailsTheCommitNamingTheRange() {
    try (LmdbKvStore store = open()) {
      RangeCount counted = twoLoansCounted(store);
      assertThat(store.atomic().delete(Tuple.of("loan", "m1", 1)).commit().ok()).isTrue();

      CommitResult result = store.atomic().checkRangeCount(LOANS, counted.count(), counted.readVersion())
          .set(Tuple.of("loan", "m1", 3), new byte[0]).commit();

      assertThat(result.ok()).isFalse();
      assertThat(result.failedOnRange()).isTrue();
      assertThat(result.failedRange()).isEqualTo(LOANS);
      assertThat((Object) result.failedKey()).isNull();
      assertThat(store.get(Tuple.of("loan", "m1", 3)).exists()).isFalse();
    }
  }

  /**
   * The count check against the range check with the listed entries: random stores, ranges and
   * concurrent writes (inside, at the edges of and outside the range, sets and deletes), with and
   * without a limit; both must fail or hold together.
   */
  @Test
  void aCountCheckFailsExactlyWhenTheRangeCheckOfTheListedEntriesFails() {
    Random random = new Random(2025);
    int failures = 0;
    try (LmdbKvStore store = open()) {
      for (int i = 0; i < 60; i++) {
        put(store, Tuple.of("k", random.nextInt(30)), "v");
      }
      for (int round = 0; round < 400; round++) {
        int a = random.nextInt(30);
        TupleRange range = TupleRange.between(Tuple.of("k", a), Tuple.of("k", a + random.nextInt(8)));
        ListSelector selector = ListSelector.of(range).reverse(random.nextBoolean());
        if (random.nextInt(3) == 0) {
          selector = selector.limit(1 + random.nextInt(4));
        }
        RangeCount counted;
        List<KvEntry> listed;
        try (KvSnapshot snapshot = store.snapshot()) {
          counted = snapshot.count(selector);
          listed = list(snapshot, selector);
        }
        TupleRange consumed = counted.reachedEnd() ? range
            : dev.tessera.internal.kv.KeyOrder.through(range, counted.lastKey(), selector.isReverse());
        List<KvEntry> seen = new ArrayList<>(listed);
        if (selector.isReverse()) {
          java.util.Collections.reverse(seen);
        }
        // concurrent writers: 0 to 3 writes near the range
        int writes = random.nextInt(4);
        for (int w = 0; w < writes; w++) {
          Tuple key = Tuple.of("k", a - 1 + random.nextInt(10));
          AtomicOperation op = store.atomic();
          (random.nextBoolean() ? op.delete(key) : op.set(key, new byte[] {(byte) w})).commit();
        }
        Tuple marker = Tuple.of("marker", round);
        CommitResult byCount = store.atomic()
            .checkRangeCount(consumed, counted.count(), counted.readVersion()).set(marker, new byte[0]).commit();
        if (byCount.ok()) {
          assertThat(store.atomic().delete(marker).commit().ok()).isTrue();
        }
        CommitResult byKeys = store.atomic().checkRange(consumed, seen).commit();
        assertThat(byCount.ok()).as("round %d, %s after %d writes", round, selector, writes)
            .isEqualTo(byKeys.ok());
        failures += byCount.ok() ? 0 : 1;
      }
    }
    assertThat(failures).as("the rounds must include failed checks").isGreaterThan(50);
  }

  /**
   * Bounds that share bytes ending in a string's 0x00, which in a key between them may be an
   * escaped 0x00 (0x00 0xFF) rather than the string's end: the count checks such a key whole.
   */
  @Test
  void aCountOfARangeWhoseBoundsEndInsideAStringCountsWhatTheListingLists() {
    try (LmdbKvStore store = open()) {
      put(store, Tuple.of("loan", "m", 1), "a");
      put(store, Tuple.of("loan", "m\u0000\u0000"), "b"); // "m" then two escaped 0x00 bytes
      put(store, Tuple.of("loan", "m\u0000x"), "c");
      byte[] stem = Tuple.of("loan", "m").pack(); // ends with the string's 0x00
      TupleRange range = TupleRange.ofPacked(concat(stem, 0x05), concat(stem, 0xFF, 0x05));
      try (KvSnapshot snapshot = store.snapshot()) {
        List<KvEntry> listed = list(snapshot, ListSelector.of(range));
        assertThat(listed).extracting(KvEntry::key)
            .containsExactly(Tuple.of("loan", "m", 1), Tuple.of("loan", "m\u0000\u0000"));
        assertThat(snapshot.count(ListSelector.of(range)).count()).isEqualTo(listed.size());
        assertThat(snapshot.count(ListSelector.of(range).reverse(true)).count()).isEqualTo(listed.size());
      }
    }
  }

  @Test
  void theBytesACountTakesAsCheckedAreWholePartsEveryKeyInTheRangeStartsWith() {
    byte[] loan = Tuple.of("loan").pack();
    byte[] stem = Tuple.of("loan", "m").pack(); // ends with the string's 0x00
    TupleRange prefix = TupleRange.prefix(Tuple.of("loan", "m"));
    // a prefix range: no key in it has 0xFF after the string's 0x00, so the string is whole
    assertThat(StoredEntry.wholePartsShared(prefix.begin(), prefix.end())).isEqualTo(stem.length);
    // a key below the end may have 0xFF after it (an escaped 0x00): the string may go on
    assertThat(StoredEntry.wholePartsShared(concat(stem, 0x05), concat(stem, 0xFF, 0x05))).isEqualTo(loan.length);
    // the end's next byte is lower than 0xFF: so is every key's
    assertThat(StoredEntry.wholePartsShared(concat(stem, 0x05), concat(stem, 0x07))).isEqualTo(stem.length);
    // a string cut short, and nothing shared
    assertThat(StoredEntry.wholePartsShared(Tuple.of("loan", "m").pack(), Tuple.of("loan", "n").pack()))
        .isEqualTo(loan.length);
    assertThat(StoredEntry.wholePartsShared(Tuple.of(1).pack(), Tuple.of("a").pack())).isZero();
  }

  private static byte[] concat(byte[] stem, int... tail) {
    byte[] out = java.util.Arrays.copyOf(stem, stem.length + tail.length);
    for (int i = 0; i < tail.length; i++) {
      out[stem.length + i] = (byte) tail[i];
    }
    return out;
  }

  @Test
  void aDamagedEntryFailsTheCountAsItFailsTheListing() {
    byte[] notATuple = {0x02, 'l', 'o', 'a', 'n', 0x00, 0x02, 'm', '1', 0x00, 0x05}; // unterminated nesting
    byte[] shortValue = Tuple.of("loan", "m1", 7).pack();
    for (byte[][] damage : new byte[][][] {{notATuple, new byte[12]}, {shortValue, new byte[3]}}) {
      Path store = dir.resolve("damaged" + damage[1].length);
      LmdbKvStore.open(store).close();
      dev.tessera.repository.RawLmdb.put(store, damage[0], damage[1]);
      // The prefix range, whose bounds share whole parts, and one whose bounds share a part cut short.
      TupleRange cutShort = TupleRange.ofPacked(Tuple.of("loan", "m").pack(), Tuple.of("loan", "n").pack());
      try (LmdbKvStore damaged = LmdbKvStore.open(store); KvSnapshot snapshot = damaged.snapshot()) {
        for (TupleRange range : List.of(LOANS, cutShort)) {
          Throwable listing = org.assertj.core.api.Assertions.catchThrowable(() -> list(snapshot, ListSelector.of(range)));
          Throwable counting = org.assertj.core.api.Assertions.catchThrowable(() -> snapshot.count(ListSelector.of(range)));
          assertThat(listing).as("%s", range).isInstanceOf(dev.tessera.kv.CorruptEntryException.class);
          assertThat(counting).as("%s", range).isInstanceOf(dev.tessera.kv.CorruptEntryException.class)
              .hasMessage(listing.getMessage());
        }
      }
    }
  }
}
