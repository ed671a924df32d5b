package dev.tessera.internal.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.internal.kv.RecordingOperation.RangeCheck;
import dev.tessera.internal.kv.RecordingOperation;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
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
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A transaction's record of one range scan, turned into range checks at commit: only the consumed
 * part is checked, split into pieces of at most {@link AtomicOperation#MAX_RANGE_CHECK_KEYS} keys
 * that together cover exactly that part and the keys the scan saw there, forward and reverse. Each
 * case is compared with a model (the even ids the store holds) and then validated by a real LMDB
 * store: unchanged it commits, a phantom or a change inside the consumed part fails the piece
 * holding it, one outside goes unnoticed.
 */
class RangeReadTest {
  /** The store holds ("k", 0), ("k", 2), ... ("k", 2 * (KEYS - 1)): odd ids are free for phantoms. */
  private static final int KEYS = 25_001;
  private static final TupleRange RANGE = TupleRange.prefix(Tuple.of("k"));
  /** How far the scan pulls ahead of what it reveals, as a batched listing does. */
  private static final int LOOKAHEAD = 100;
  private static final int MAX = AtomicOperation.MAX_RANGE_CHECK_KEYS;

  @TempDir Path dir;
  KvStore store;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    AtomicOperation op = store.atomic().set(Tuple.of("a"), new byte[1]).set(Tuple.of("z"), new byte[1]);
    for (int i = 0; i < KEYS; i++) {
      op.set(key(2 * i), new byte[] {1});
    }
    assertThat(op.commit().ok()).isTrue();
  }

  @AfterEach
  void close() {
    store.close();
  }

  @ParameterizedTest(name = "{0} keys consumed, reverse: {1}")
  @CsvSource({
    "1, false", "9999, false", "10000, false", "10001, false", "20000, false", "20001, false",
    "25001, false", "1, true", "9999, true", "10000, true", "10001, true", "20000, true",
    "20001, true", "25001, true"
  })
  void theConsumedPartIsCheckedInPiecesOfAtMostTenThousandKeys(int consumed, boolean reverse) {
    RecordingOperation op = new RecordingOperation(store.atomic());
    scan(reverse, consumed).addTo(op);

    List<Integer> expected = consumedIds(consumed, reverse);
    int last = reverse ? expected.get(0) : expected.get(expected.size() - 1);
    TupleRange consumedRange = reverse
        ? TupleRange.ofPacked(key(last).pack(), RANGE.end())
        : TupleRange.ofPacked(RANGE.begin(), KeyOrder.justAfter(key(last).pack()));
    assertThat(op.checks()).hasSize((consumed + MAX - 1) / MAX);
    assertPiecesCover(op.checks(), consumedRange, expected);
    assertThat(op.commit().ok()).isTrue();
  }

  @ParameterizedTest(name = "reverse: {0}")
  @CsvSource({"false", "true"})
  void anExhaustedScanChecksTheWholeRangeInThreePieces(boolean reverse) {
    RecordingOperation op = new RecordingOperation(store.atomic());
    exhaust(RANGE, reverse).addTo(op);

    assertThat(op.checks()).hasSize(3);
    assertPiecesCover(op.checks(), RANGE, IntStream.range(0, KEYS).map(i -> 2 * i).boxed().toList());
    assertThat(op.commit().ok()).isTrue();
  }

  @Test
  void anExhaustedEmptyRangeIsOneCheckThatNoKeyAppears() {
    TupleRange empty = TupleRange.prefix(Tuple.of("k", 1)); // between ("k", 0) and ("k", 2)
    RecordingOperation op = new RecordingOperation(store.atomic());
    exhaust(empty, false).addTo(op);
    assertThat(op.checks()).containsExactly(new RangeCheck(empty, List.of()));

    store.atomic().set(Tuple.of("k", 1, "phantom"), new byte[1]).commit();
    CommitResult result = op.commit();
    assertThat(result.ok()).isFalse();
    assertThat(result.failedRange()).isEqualTo(empty);
    assertThat((Object) result.failedKey()).isEqualTo(Tuple.of("k", 1, "phantom"));
  }

  @Test
  void aScanThatRevealedNothingAddsNoCheck() {
    RecordingOperation op = new RecordingOperation(store.atomic());
    scan(false, 0).addTo(op);
    assertThat(op.checks()).isEmpty();
  }

  @Test
  void aPhantomInTheSecondPieceFailsThatPieceForward() {
    RecordingOperation op = new RecordingOperation(store.atomic());
    scan(false, 20_001).addTo(op); // ids 0 .. 40_000: pieces from 0, 20_000 and 40_000
    store.atomic().set(key(30_001), new byte[1]).commit();

    CommitResult result = op.commit();
    assertThat(result.ok()).isFalse();
    assertThat(result.failedRange()).isEqualTo(op.checks().get(1).range());
    assertThat((Object) result.failedKey()).isEqualTo(key(30_001));
    assertThat(result.expected()).isNull();
  }

  @Test
  void aChangedKeyInTheLastPieceFailsThatPieceInReverse() {
    RecordingOperation op = new RecordingOperation(store.atomic());
    scan(true, 20_001).addTo(op); // ids 50_000 down to 10_000
    store.atomic().set(key(10_000), new byte[] {2}).commit();

    CommitResult result = op.commit();
    assertThat(result.ok()).isFalse();
    assertThat(result.failedRange()).isEqualTo(op.checks().get(0).range());
    assertThat((Object) result.failedKey()).isEqualTo(key(10_000));
    assertThat(result.expected()).isNotNull();
  }

  @ParameterizedTest(name = "reverse: {0}")
  @CsvSource({"false", "true"})
  void writesBeyondTheLastRevealedKeyAreNotChecked(boolean reverse) {
    RecordingOperation op = new RecordingOperation(store.atomic());
    scan(reverse, 10_001).addTo(op);
    int lastRevealed = reverse ? 2 * (KEYS - 10_001) : 2 * 10_000;
    int beyond = reverse ? lastRevealed - 1 : lastRevealed + 1; // pulled ahead, never revealed
    store.atomic().set(key(beyond), new byte[1]).delete(key(reverse ? 0 : 2 * (KEYS - 1))).commit();

    assertThat(op.commit().ok()).isTrue();
  }

  // ---------------------------------------------------------------- helpers

  private static Tuple key(int id) {
    return Tuple.of("k", id);
  }

  /** The ids a scan in direction {@code reverse} revealed first, ascending, per the model. */
  private static List<Integer> consumedIds(int consumed, boolean reverse) {
    int from = reverse ? KEYS - consumed : 0;
    return IntStream.range(from, from + consumed).map(i -> 2 * i).boxed().toList();
  }

  /**
   * Asserts that the checks, in the order added, are adjacent pieces from {@code covered}'s begin to
   * its end, each holding at most {@code MAX} keys inside it in ascending order, and that together
   * they saw exactly the keys of {@code ids}.
   */
  private static void assertPiecesCover(List<RangeCheck> checks, TupleRange covered, List<Integer> ids) {
    byte[] begin = covered.begin();
    List<Tuple> seen = new ArrayList<>();
    for (RangeCheck check : checks) {
      assertThat(check.range().begin()).isEqualTo(begin);
      assertThat(check.seen()).hasSizeLessThanOrEqualTo(MAX);
      for (KvEntry entry : check.seen()) {
        assertThat(check.range().contains(entry.key())).as("%s in %s", entry.key(), check.range()).isTrue();
        seen.add(entry.key());
      }
      begin = check.range().end();
    }
    assertThat(begin).isEqualTo(covered.end());
    assertThat(seen).containsExactlyElementsOf(ids.stream().map(RangeReadTest::key).toList());
  }

  /**
   * A scan of {@link #RANGE} in direction {@code reverse} that revealed its first {@code revealed}
   * keys, having pulled some more ahead, and did not reach the end.
   */
  private RangeRead scan(boolean reverse, int revealed) {
    RangeRead read = new RangeRead(RANGE, reverse);
    try (KvSnapshot snapshot = store.snapshot();
        KvIterator listing = snapshot.list(ListSelector.of(RANGE).reverse(reverse))) {
      for (int pulled = 0; pulled < revealed + LOOKAHEAD && listing.hasNext(); pulled++) {
        KvEntry entry = listing.next();
        byte[] packed = entry.key().pack();
        read.pulled(entry);
        if (pulled < revealed) {
          read.revealed(packed);
        }
      }
    }
    return read;
  }

  /** A scan of {@code range} in direction {@code reverse} that revealed every key to its end. */
  private RangeRead exhaust(TupleRange range, boolean reverse) {
    RangeRead read = new RangeRead(range, reverse);
    try (KvSnapshot snapshot = store.snapshot();
        KvIterator listing = snapshot.list(ListSelector.of(range).reverse(reverse))) {
      listing.forEachRemaining(entry -> {
        byte[] packed = entry.key().pack();
        read.pulled(entry);
        read.revealed(packed);
      });
    }
    read.exhausted();
    return read;
  }
}
