package dev.tessera.internal.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.internal.kv.Counter;
import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.internal.kv.ListCursor;
import dev.tessera.internal.kv.RecordingOperation.RangeCheck;
import dev.tessera.internal.kv.RecordingOperation;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.TransactionOptions;
import dev.tessera.repository.TransactionTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transaction's listing: a real LMDB snapshot's entries of a range merged with the transaction's
 * writes, forward and reverse, with a limit. A write of a key the snapshot holds replaces its entry
 * (a set), masks it (a delete) or adds to it (a counter operation); the listing records what it
 * pulled and how far it was consumed, which becomes its range check. Examples, then random inputs
 * against a model.
 */
class MergedIteratorTest {
  /** What the transaction did to one key. */
  enum Kind { SET, DELETE, SUM }

  /** One write of the transaction: a set to {@code operand}, a delete, or a counter addition. */
  record Change(Kind kind, long operand) {
    static Change set(long value) {
      return new Change(Kind.SET, value);
    }

    static Change delete() {
      return new Change(Kind.DELETE, 0);
    }

    static Change sum(long operand) {
      return new Change(Kind.SUM, operand);
    }

    TransactionView.Write write(Tuple key) {
      return switch (kind) {
        case SET -> TransactionView.Write.set(key, Counter.encode(operand));
        case DELETE -> TransactionView.Write.delete(key);
        case SUM -> new TransactionView.Write(
            key, null, false, List.of(new TransactionView.CounterOp(Counter.SUM, operand)));
      };
    }
  }

  /**
   * What a listing returned ({@code id=value}, and whether the entry is the transaction's pending
   * write or the snapshot's), the id of the key its cursor is at, and the range checks it recorded
   * (range and ids seen).
   */
  record Listed(List<String> entries, Long cursor, List<String> checks) {}

  private static final AtomicInteger SPACES = new AtomicInteger();
  private static Path sharedDirectory;
  private static KvStore shared;

  @TempDir Path dir;
  KvStore store;

  @BeforeEach
  void open() {
    store = open(dir);
  }

  @AfterEach
  void close() {
    store.close();
  }

  // ---------------------------------------------------------------- examples

  private static final Map<Integer, Long> STORED = Map.of(2, 20L, 4, 40L, 6, 60L, 8, 80L);
  private static final Map<Integer, Change> CHANGES = Map.of(
      1, Change.set(10), 4, Change.set(41), 5, Change.sum(5), 6, Change.delete(),
      8, Change.sum(1), 9, Change.set(90));

  @Test
  void writesReplaceMaskAndAddToTheSnapshotsEntriesInKeyOrder() {
    Listed listed = list(store, STORED, CHANGES, false, Integer.MAX_VALUE);
    assertThat(listed.entries()).containsExactly(
        "1=10 pending", "2=20 stored", "4=41 pending", "5=5 pending", "8=81 pending", "9=90 pending");
  }

  @Test
  void inReverseTheSameEntriesComeInDescendingOrder() {
    Listed listed = list(store, STORED, CHANGES, true, Integer.MAX_VALUE);
    assertThat(listed.entries()).containsExactly(
        "9=90 pending", "8=81 pending", "5=5 pending", "4=41 pending", "2=20 stored", "1=10 pending");
  }

  @Test
  void anExhaustedListingChecksTheWholeRangeWithEverySnapshotKeyItPulledEvenMaskedOnes() {
    Listed listed = list(store, STORED, CHANGES, false, Integer.MAX_VALUE);
    assertThat(listed.checks()).containsExactly("whole range: [2, 4, 6, 8]");
    assertThat(listed.cursor()).isEqualTo(9L);
  }

  @Test
  void aLimitedListingChecksOnlyThroughTheLastEntryItReturned() {
    Listed forward = list(store, STORED, CHANGES, false, 3);
    assertThat(forward.entries()).containsExactly("1=10 pending", "2=20 stored", "4=41 pending");
    assertThat(forward.checks()).containsExactly("through 4: [2, 4]");
    assertThat(forward.cursor()).isEqualTo(4L);

    Listed reverse = list(store, STORED, CHANGES, true, 2);
    assertThat(reverse.entries()).containsExactly("9=90 pending", "8=81 pending");
    assertThat(reverse.checks()).containsExactly("through 8: [8]");
  }

  @Test
  void aListingWithLimitZeroReturnsAndChecksNothing() {
    Listed listed = list(store, STORED, CHANGES, false, 0);
    assertThat(listed.entries()).isEmpty();
    assertThat(listed.checks()).isEmpty();
    assertThat(listed.cursor()).isNull();
  }

  @Test
  void aListingWhoseEntriesAreAllDeletedIsEmptyButChecksTheKeysItHid() {
    Listed listed = list(store, STORED, Map.of(2, Change.delete(), 4, Change.delete(),
        6, Change.delete(), 8, Change.delete()), true, Integer.MAX_VALUE);
    assertThat(listed.entries()).isEmpty();
    assertThat(listed.checks()).containsExactly("whole range: [2, 4, 6, 8]");
  }

  @Test
  void nextAfterTheLastEntryThrows() {
    Tuple space = fill(store, Map.of(1, 10L));
    try (KvSnapshot snapshot = store.snapshot()) {
      TransactionView view = new TransactionView(store, TransactionOptions.defaults());
      MergedIterator listing = merged(view, snapshot, space, new TreeMap<>(Arrays::compareUnsigned),
          new RangeRead(TupleRange.prefix(space), false), false, Integer.MAX_VALUE);
      assertThat((Object) listing.next().key()).isEqualTo(space.add(1));
      assertThat(listing.hasNext()).isFalse();
      assertThatThrownBy(listing::next).isInstanceOf(NoSuchElementException.class);
    }
  }

  @Test
  void aListingOfAnEndedTransactionThrows() {
    Tuple space = fill(store, STORED);
    try (KvSnapshot snapshot = store.snapshot()) {
      TransactionView view = new TransactionView(store, TransactionOptions.defaults());
      MergedIterator listing = merged(view, snapshot, space, new TreeMap<>(Arrays::compareUnsigned),
          new RangeRead(TupleRange.prefix(space), false), false, Integer.MAX_VALUE);
      view.end();
      assertThatThrownBy(listing::hasNext).isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void everySnapshotEntryPulledCountsAsAKeyRead() {
    Tuple space = fill(store, STORED);
    try (KvSnapshot snapshot = store.snapshot()) {
      TransactionView view = new TransactionView(store, TransactionOptions.defaults().withMaxKeysRead(3));
      MergedIterator listing = merged(view, snapshot, space, new TreeMap<>(Arrays::compareUnsigned),
          new RangeRead(TupleRange.prefix(space), false), false, Integer.MAX_VALUE);
      for (int i = 0; i < 3; i++) {
        listing.next();
      }
      assertThatThrownBy(listing::hasNext)
          .isInstanceOf(TransactionTooLargeException.class)
          .satisfies(e -> assertThat(((TransactionTooLargeException) e).amount()).isEqualTo(4));
    }
  }

  // ---------------------------------------------------------------- against a model

  @BeforeContainer
  static void openShared() throws IOException {
    sharedDirectory = Files.createTempDirectory("tessera-merged");
    shared = open(sharedDirectory);
  }

  @AfterContainer
  static void closeShared() throws IOException {
    shared.close();
    try (Stream<Path> paths = Files.walk(sharedDirectory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  @Provide
  Arbitrary<Map<Integer, Long>> stored() {
    return Arbitraries.maps(Arbitraries.integers().between(0, 30), Arbitraries.longs().between(0, 999))
        .ofMaxSize(20);
  }

  @Provide
  Arbitrary<Map<Integer, Change>> changes() {
    Arbitrary<Change> change = Combinators.combine(
        Arbitraries.of(Kind.class), Arbitraries.longs().between(0, 999)).as(Change::new);
    return Arbitraries.maps(Arbitraries.integers().between(0, 30), change).ofMaxSize(20);
  }

  @Property(tries = 300, seed = "20261125")
  void aListingEqualsTheModel(
      @ForAll("stored") Map<Integer, Long> stored, @ForAll("changes") Map<Integer, Change> changes,
      @ForAll boolean reverse, @ForAll @IntRange(min = 0, max = 35) int limit) {
    assertThat(list(shared, stored, changes, reverse, limit))
        .isEqualTo(expected(stored, changes, reverse, limit));
  }

  /** The listing the model predicts. */
  private static Listed expected(
      Map<Integer, Long> stored, Map<Integer, Change> changes, boolean reverse, int limit) {
    TreeSet<Integer> ids = new TreeSet<>(stored.keySet());
    ids.addAll(changes.keySet());
    List<String> entries = new ArrayList<>();
    List<Integer> returned = new ArrayList<>();
    for (int id : reverse ? ids.descendingSet() : ids) {
      Change change = changes.get(id);
      if (returned.size() == limit || change != null && change.kind() == Kind.DELETE) {
        continue;
      }
      returned.add(id);
      if (change == null) {
        entries.add(id + "=" + stored.get(id) + " stored");
      } else {
        long base = change.kind() == Kind.SUM ? stored.getOrDefault(id, 0L) : 0;
        entries.add(id + "=" + (base + change.operand()) + " pending");
      }
    }
    boolean exhausted = returned.size() < limit;
    List<String> checks = new ArrayList<>();
    if (exhausted || !returned.isEmpty()) {
      int last = exhausted ? 0 : returned.get(returned.size() - 1);
      List<Integer> seen = new TreeSet<>(stored.keySet()).stream()
          .filter(id -> exhausted || (reverse ? id >= last : id <= last))
          .toList();
      checks.add((exhausted ? "whole range" : "through " + last) + ": " + seen);
    }
    Long cursor = returned.isEmpty() ? null : (long) returned.get(returned.size() - 1);
    return new Listed(entries, cursor, checks);
  }

  // ---------------------------------------------------------------- running a listing

  /**
   * Stores {@code stored} in a fresh key space, then lists that space through a merged iterator over
   * one snapshot and the writes {@code changes}, to its end.
   */
  private static Listed list(KvStore store, Map<Integer, Long> stored, Map<Integer, Change> changes,
      boolean reverse, int limit) {
    Tuple space = fill(store, stored);
    TupleRange range = TupleRange.prefix(space);
    NavigableMap<byte[], TransactionView.Write> writes = new TreeMap<>(Arrays::compareUnsigned);
    changes.forEach((id, change) -> writes.put(space.add(id).pack(), change.write(space.add(id))));
    RangeRead record = new RangeRead(range, reverse);
    List<String> entries = new ArrayList<>();
    Long cursor;
    try (KvSnapshot snapshot = store.snapshot()) {
      TransactionView view = new TransactionView(store, TransactionOptions.defaults());
      MergedIterator listing = merged(view, snapshot, space, writes, record, reverse, limit);
      while (listing.hasNext()) {
        KvEntry entry = listing.next();
        boolean pending = TransactionView.PENDING.equals(entry.versionstamp());
        entries.add(entry.key().get(2) + "=" + Counter.decode(entry.key(), entry.value())
            + (pending ? " pending" : " stored"));
      }
      cursor = listing.cursor() == null ? null
          : (Long) Tuple.unpack(ListCursor.decode(listing.cursor(), range, Integer.MAX_VALUE)).get(2);
    }
    RecordingOperation op = new RecordingOperation(store.atomic());
    record.addTo(op);
    assertThat(op.commit().ok()).as("the recorded checks hold on an unchanged store").isTrue();
    List<String> checks = op.checks().stream().map(check -> describe(check, range, reverse)).toList();
    return new Listed(entries, cursor, checks);
  }

  private static MergedIterator merged(TransactionView view, KvSnapshot snapshot, Tuple space,
      NavigableMap<byte[], TransactionView.Write> writes, RangeRead record, boolean reverse, int limit) {
    TupleRange range = TupleRange.prefix(space);
    return new MergedIterator(view, snapshot.list(ListSelector.of(range).reverse(reverse).batchSize(3)),
        reverse ? writes.descendingMap() : writes, record, reverse, limit);
  }

  /** A check as the model writes it: "whole range" or "through" the id it ends at, and the ids seen. */
  private static String describe(RangeCheck check, TupleRange range, boolean reverse) {
    List<Object> seen = check.seen().stream().map(e -> e.key().get(2)).toList();
    if (check.range().equals(range)) {
      return "whole range: " + seen;
    }
    byte[] bound = reverse ? check.range().begin() : check.range().end();
    Tuple last = Tuple.unpack(reverse ? bound : Arrays.copyOf(bound, bound.length - 1));
    TupleRange expected = reverse
        ? TupleRange.ofPacked(last.pack(), range.end())
        : TupleRange.ofPacked(range.begin(), KeyOrder.justAfter(last.pack()));
    assertThat(check.range()).isEqualTo(expected);
    return "through " + last.get(2) + ": " + seen;
  }

  /** Writes {@code stored} as counters under a key space no other listing uses; returns the space. */
  private static Tuple fill(KvStore store, Map<Integer, Long> stored) {
    Tuple space = Tuple.of("space", SPACES.incrementAndGet());
    AtomicOperation op = store.atomic();
    stored.forEach((id, value) -> op.set(space.add(id), Counter.encode(value)));
    assertThat(op.commit().ok()).isTrue();
    return space;
  }

  private static KvStore open(Path directory) {
    return LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
  }
}
