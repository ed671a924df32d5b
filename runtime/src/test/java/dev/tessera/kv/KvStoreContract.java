package dev.tessera.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link KvStore} contract, run against every backend: a subclass says how to open an empty
 * store ({@link #openStore()}) and adds what only its backend promises. Each test gets a fresh,
 * empty store.
 */
public abstract class KvStoreContract {
  /** The store under test, opened empty before each test and closed after it. */
  protected KvStore store;

  /** Opens an empty store of the backend under test. */
  protected abstract KvStore openStore();

  @BeforeEach
  void openTheStore() {
    store = openStore();
  }

  @AfterEach
  void closeTheStore() {
    store.close();
  }

  protected static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void absentKeyGivesAnAbsentEntry() {
    KvEntry entry = store.get(Tuple.of("users", 1));
    assertThat(entry.exists()).isFalse();
    assertThat(entry.value()).isNull();
    assertThat(entry.versionstamp()).isNull();
    assertThat((Object) entry.key()).isEqualTo(Tuple.of("users", 1));
  }

  @Test
  void setThenGetReturnsValueAndCommitVersionstamp() {
    CommitResult result = store.atomic().set(Tuple.of("users", 1), bytes("alice")).commit();
    KvEntry entry = store.get(Tuple.of("users", 1));
    assertThat(entry.value()).isEqualTo(bytes("alice"));
    assertThat(entry.versionstamp()).isEqualTo(result.versionstamp());
    assertThat(result.versionstamp().toBytes()).hasSize(10);
  }

  @Test
  void oneVersionstampIsSharedByAllMutationsOfACommit() {
    CommitResult result = store.atomic()
        .set(Tuple.of("a"), bytes("1")).set(Tuple.of("b"), bytes("2")).sum(Tuple.of("c"), 5)
        .commit();
    assertThat(store.getMany(List.of(Tuple.of("a"), Tuple.of("b"), Tuple.of("c"))))
        .extracting(KvEntry::versionstamp)
        .containsOnly(result.versionstamp());
    assertThat(result.versionstamp().order()).isZero();
  }

  @Test
  void deleteRemovesAndLaterMutationOfTheSameKeyWins() {
    store.atomic().set(Tuple.of("a"), bytes("1")).commit();
    store.atomic().delete(Tuple.of("a")).set(Tuple.of("b"), bytes("1")).set(Tuple.of("b"),
        bytes("2")).commit();
    assertThat(store.get(Tuple.of("a")).exists()).isFalse();
    assertThat(store.get(Tuple.of("b")).value()).isEqualTo(bytes("2"));
    store.atomic().set(Tuple.of("c"), bytes("1")).delete(Tuple.of("c")).commit();
    assertThat(store.get(Tuple.of("c")).exists()).isFalse();
    assertThat(store.atomic().delete(Tuple.of("never")).commit().ok()).isTrue();
  }

  @Test
  void eachKeysWritesApplyInTheOrderAddedWhateverKeysAreWrittenBetween() {
    // Writes are applied in key order (LMDB fills its pages better): a key's own writes must still
    // apply in the order they were added, here interleaved with smaller and larger keys.
    store.atomic().set(Tuple.of("m", "counter"), new byte[8]).commit();
    store.atomic()
        .set(Tuple.of("z"), bytes("z1"))
        .set(Tuple.of("m"), bytes("first"))
        .set(Tuple.of("a"), bytes("a1"))
        .delete(Tuple.of("m"))
        .sum(Tuple.of("m", "counter"), 5)
        .set(Tuple.of("b"), bytes("b1"))
        .set(Tuple.of("m"), bytes("last"))
        .max(Tuple.of("m", "counter"), 3)
        .delete(Tuple.of("z"))
        .sum(Tuple.of("m", "counter"), 10)
        .set(Tuple.of("a"), bytes("a2"))
        .commit();
    assertThat(store.get(Tuple.of("m")).value()).isEqualTo(bytes("last"));
    assertThat(store.get(Tuple.of("a")).value()).isEqualTo(bytes("a2"));
    assertThat(store.get(Tuple.of("b")).value()).isEqualTo(bytes("b1"));
    assertThat(store.get(Tuple.of("z")).exists()).isFalse();
    assertThat(store.get(Tuple.of("m", "counter")).value())
        .isEqualTo(new byte[] {0, 0, 0, 0, 0, 0, 0, 15});
  }

  @Test
  void checksThatHoldLetTheCommitThrough() {
    KvEntry absent = store.get(Tuple.of("u", 1));
    CommitResult first = store.atomic().check(absent).set(Tuple.of("u", 1), bytes("a")).commit();
    assertThat(first.ok()).isTrue();
    CommitResult second = store.atomic().check(Tuple.of("u", 1), first.versionstamp())
        .set(Tuple.of("u", 1), bytes("b")).commit();
    assertThat(second.ok()).isTrue();
    assertThat(store.get(Tuple.of("u", 1)).value()).isEqualTo(bytes("b"));
  }

  @Test
  void failedCheckWritesNothingAndNamesTheCheck() {
    Versionstamp stamp = store.atomic().set(Tuple.of("u", 1), bytes("a"))
        .set(Tuple.of("counter"), StoreContents.u64(7)).commit().versionstamp();
    Map<String, String> before = StoreContents.dump(store);

    CommitResult failed = store.atomic()
        .set(Tuple.of("u", 2), bytes("new"))
        .check(Tuple.of("u", 9), null)
        .check(Tuple.of("u", 1), null)
        .delete(Tuple.of("u", 1))
        .sum(Tuple.of("counter"), 1)
        .commit();

    assertThat(failed.ok()).isFalse();
    assertThat(failed.versionstamp()).isNull();
    assertThat((Object) failed.failedKey()).isEqualTo(Tuple.of("u", 1));
    assertThat(failed.expected()).isNull();
    assertThat(failed.actual()).isEqualTo(stamp);
    assertThat(StoreContents.dump(store)).isEqualTo(before);
    // The failed commit did not consume a version either.
    Versionstamp next = store.atomic().set(Tuple.of("x"), bytes("1")).commit().versionstamp();
    assertThat(next.commitVersion()).isEqualTo(stamp.commitVersion() + 1);
  }

  @Test
  void staleVersionstampCheckFails() {
    Versionstamp first = store.atomic().set(Tuple.of("u"), bytes("a")).commit().versionstamp();
    Versionstamp second = store.atomic().set(Tuple.of("u"), bytes("b")).commit().versionstamp();
    CommitResult result = store.atomic().check(Tuple.of("u"), first).set(Tuple.of("u"),
        bytes("c")).commit();
    assertThat(result.ok()).isFalse();
    assertThat(result.expected()).isEqualTo(first);
    assertThat(result.actual()).isEqualTo(second);
    assertThat(store.get(Tuple.of("u")).value()).isEqualTo(bytes("b"));
  }

  @Test
  void sumWrapsModulo2To64AndTreatsAbsentAsZero() {
    store.atomic().sum(Tuple.of("n"), 5).commit();
    assertThat(StoreContents.u64(store.get(Tuple.of("n")).value())).isEqualTo(5);
    store.atomic().sum(Tuple.of("n"), -1L).commit(); // 2^64 - 1 added: wraps to 4
    assertThat(StoreContents.u64(store.get(Tuple.of("n")).value())).isEqualTo(4);
    store.atomic().set(Tuple.of("m"), StoreContents.u64(-1L)).sum(Tuple.of("m"), 2).commit();
    assertThat(StoreContents.u64(store.get(Tuple.of("m")).value())).isEqualTo(1);
  }

  @Test
  void minAndMaxAreUnsignedAndStoreTheOperandWhenAbsent() {
    store.atomic().min(Tuple.of("lo"), 10).max(Tuple.of("hi"), 10).commit();
    assertThat(StoreContents.u64(store.get(Tuple.of("lo")).value())).isEqualTo(10);
    assertThat(StoreContents.u64(store.get(Tuple.of("hi")).value())).isEqualTo(10);
    // -1 is 2^64-1 unsigned: the largest value.
    store.atomic().min(Tuple.of("lo"), -1L).max(Tuple.of("hi"), -1L).commit();
    assertThat(StoreContents.u64(store.get(Tuple.of("lo")).value())).isEqualTo(10);
    assertThat(StoreContents.u64(store.get(Tuple.of("hi")).value())).isEqualTo(-1L);
    store.atomic().min(Tuple.of("lo"), 3).max(Tuple.of("hi"), 3).commit();
    assertThat(StoreContents.u64(store.get(Tuple.of("lo")).value())).isEqualTo(3);
    assertThat(StoreContents.u64(store.get(Tuple.of("hi")).value())).isEqualTo(-1L);
  }

  @Test
  void counterOnANonCounterValueFailsTheCommitAndWritesNothing() {
    store.atomic().set(Tuple.of("name"), bytes("alice")).commit();
    Map<String, String> before = StoreContents.dump(store);
    assertThatThrownBy(() -> store.atomic().set(Tuple.of("other"), bytes("x"))
        .sum(Tuple.of("name"), 1).commit())
        .isInstanceOfSatisfying(CounterValueException.class, e -> {
          assertThat((Object) e.key()).isEqualTo(Tuple.of("name"));
          assertThat(e.actualLength()).isEqualTo(5);
          assertThat(e).hasMessageContaining("\"name\"");
        });
    assertThat(StoreContents.dump(store)).isEqualTo(before);
  }

  @Test
  void keyOverTheLimitFailsBeforeAnythingIsWritten() {
    String longPart = "x".repeat(600);
    AtomicOperation op = store.atomic().set(Tuple.of("ok"), bytes("1"));
    assertThatThrownBy(() -> op.set(Tuple.of("users", longPart), bytes("v")))
        .isInstanceOfSatisfying(KeyTooLargeException.class, e -> {
          assertThat(e.limit()).isEqualTo(511);
          assertThat(e.size()).isGreaterThan(511);
          assertThat(e.getMessage()).contains("(\"users\", \"xxx");
          assertThat(e.getMessage().length()).isLessThan(300);
        });
    assertThatThrownBy(() -> store.get(Tuple.of(longPart)))
        .isInstanceOf(KeyTooLargeException.class);
    assertThat(StoreContents.dump(store)).isEmpty();
  }

  @Test
  void keyOfExactly511BytesIsAccepted() {
    // String part: 1 type byte + bytes + 1 terminator.
    Tuple key = Tuple.of("y".repeat(509));
    assertThat(key.pack()).hasSize(511);
    store.atomic().set(key, bytes("v")).commit();
    assertThat(store.get(key).value()).isEqualTo(bytes("v"));
  }

  @Test
  void setCopiesTheValueArray() {
    byte[] value = bytes("abc");
    AtomicOperation op = store.atomic().set(Tuple.of("k"), value);
    value[0] = 'z';
    op.commit();
    assertThat(store.get(Tuple.of("k")).value()).isEqualTo(bytes("abc"));
  }

  @Test
  void anOperationCommitsOnlyOnce() {
    AtomicOperation op = store.atomic().set(Tuple.of("k"), bytes("1"));
    op.commit();
    assertThatThrownBy(op::commit).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void snapshotDoesNotSeeLaterCommits() {
    store.atomic().set(Tuple.of("a"), bytes("1")).set(Tuple.of("b"), bytes("1")).commit();
    try (KvSnapshot snapshot = store.snapshot()) {
      store.atomic().set(Tuple.of("a"), bytes("2")).delete(Tuple.of("b")).commit();
      assertThat(snapshot.get(Tuple.of("a")).value()).isEqualTo(bytes("1"));
      assertThat(snapshot.getMany(List.of(Tuple.of("a"), Tuple.of("b"))))
          .extracting(KvEntry::value).containsExactly(bytes("1"), bytes("1"));
    }
    assertThat(store.get(Tuple.of("a")).value()).isEqualTo(bytes("2"));
  }

  @Test
  void closedSnapshotRefusesReads() {
    KvSnapshot snapshot = store.snapshot();
    snapshot.close();
    snapshot.close();
    assertThatThrownBy(() -> snapshot.get(Tuple.of("a")))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
  }

  /** Key parts a pointer may hold, edge values among them (none, an empty string, a 0x00 byte). */
  private static final List<Tuple> POINTED_PARTS = List.of(
      Tuple.of(), Tuple.of(""), Tuple.of("u1"), Tuple.of("a\u0000b"), Tuple.of("é", 7),
      Tuple.of(-1L), Tuple.of(Long.MAX_VALUE), Tuple.of(Long.MIN_VALUE), Tuple.of((Object) null),
      Tuple.of(new byte[] {0, (byte) 0xFF}), Tuple.of(Tuple.of("nested", 1)), Tuple.of(1.5, true),
      Tuple.of(java.util.UUID.fromString("00000000-0000-0001-0000-000000000002")));

  @Test
  void getPointedReadsTheEntryItsPointerNamesAsReadingBothKeysWould() {
    java.util.Random random = new java.util.Random(25);
    Tuple prefix = Tuple.of("rec", 3);
    AtomicOperation targets = store.atomic();
    for (Tuple parts : POINTED_PARTS) {
      if (random.nextInt(3) > 0) {
        byte[] value = new byte[random.nextInt(4)]; // an empty value too
        random.nextBytes(value);
        targets.set(prefix.addAll(parts), value);
      }
    }
    targets.commit();
    AtomicOperation pointers = store.atomic();
    for (int i = 0; i < 40; i++) {
      if (random.nextInt(5) > 0) {
        pointers.set(Tuple.of("ptr", i), POINTED_PARTS.get(random.nextInt(POINTED_PARTS.size())).pack());
      }
    }
    pointers.commit();

    for (int i = 0; i < 40; i++) {
      Tuple pointerKey = Tuple.of("ptr", i);
      KvEntry pointer = store.get(pointerKey);
      KvEntry read = store.getPointed(pointerKey, prefix);
      if (!pointer.exists()) {
        assertThat(read).as("pointer %s", pointerKey).isNull();
        continue;
      }
      KvEntry expected = store.get(prefix.addAll(Tuple.unpack(pointer.value())));
      assertThat((Object) read.key()).as("pointer %s", pointerKey).isEqualTo(expected.key());
      assertThat(read.packedKey()).isEqualTo(expected.packedKey());
      assertThat(read.exists()).isEqualTo(expected.exists());
      assertThat(read.value()).isEqualTo(expected.value());
      assertThat(read.versionstamp()).isEqualTo(expected.versionstamp());
    }
  }

  @Test
  void getPointedOfAPointerThatIsNoPackedTupleNamesThePointer() {
    store.atomic().set(Tuple.of("ptr"), new byte[] {0x02, 'a'}).commit(); // an unterminated string
    assertThatThrownBy(() -> store.getPointed(Tuple.of("ptr"), Tuple.of("rec")))
        .isInstanceOfSatisfying(CorruptRecordException.class,
            e -> assertThat((Object) e.key()).isEqualTo(Tuple.of("ptr")));
  }

  @Test
  void getPointedOfAKeyOverTheLimitFailsAsItsGetWould() {
    Tuple parts = Tuple.of("z".repeat(507)); // 509 bytes: fits alone, not after the prefix
    store.atomic().set(Tuple.of("ptr"), parts.pack()).commit();
    assertThatThrownBy(() -> store.get(Tuple.of("rec").addAll(parts)))
        .isInstanceOf(KeyTooLargeException.class);
    assertThatThrownBy(() -> store.getPointed(Tuple.of("ptr"), Tuple.of("rec")))
        .isInstanceOfSatisfying(KeyTooLargeException.class,
            e -> assertThat(e.size()).isEqualTo(Tuple.of("rec").addAll(parts).pack().length));
  }

  @Test
  void getManyKeepsTheOrderOfTheKeys() {
    store.atomic().set(Tuple.of("a"), bytes("A")).set(Tuple.of("c"), bytes("C")).commit();
    assertThat(store.getMany(List.of(Tuple.of("c"), Tuple.of("b"), Tuple.of("a"))))
        .extracting(KvEntry::exists).containsExactly(true, false, true);
  }


  @Test
  void listsPagesInOrderAndReverseAndResumesAfterACursor() {
    AtomicOperation op = store.atomic();
    for (int i = 0; i < 25; i++) {
      op.set(Tuple.of("users", i), new byte[] {(byte) i});
    }
    op.set(Tuple.of("user"), bytes("x")).set(Tuple.of("v"), bytes("y")).commit();
    ListSelector users = ListSelector.of(TupleRange.prefix(Tuple.of("users"))).batchSize(4);
    assertThat(ids(store.list(users))).isEqualTo(range(0, 25, false));
    assertThat(ids(store.list(users.reverse(true)))).isEqualTo(range(0, 25, true));
    String cursor;
    try (KvIterator first = store.list(users.limit(10))) {
      assertThat(first.stream().count()).isEqualTo(10);
      cursor = first.cursor();
    }
    assertThat(ids(store.list(users.after(cursor)))).isEqualTo(range(10, 25, false));
    String reverseCursor;
    try (KvIterator first = store.list(users.reverse(true).limit(3))) {
      first.forEachRemaining(e -> { });
      reverseCursor = first.cursor();
    }
    assertThat(ids(store.list(users.reverse(true).after(reverseCursor))))
        .isEqualTo(range(0, 22, true));
  }

  /**
   * A listing reads batch by batch (each batch one snapshot, so a forgotten iterator holds nothing
   * between batches): a commit between batches may show in later batches, but no key is returned
   * twice or out of order, and a key present throughout is returned. A backend may give more (one
   * snapshot for the whole listing); {@link KvStore#snapshot()} is the way to ask for that.
   */
  @Test
  void aListingReturnsEveryKeyPresentThroughoutOnceAndInOrderAcrossItsBatches() {
    AtomicOperation op = store.atomic();
    for (int i = 0; i < 10; i++) {
      op.set(Tuple.of("k", i), bytes("old"));
    }
    op.commit();
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(Tuple.of("k"))).batchSize(2))) {
      List<Tuple> keys = new ArrayList<>();
      keys.add(it.next().key());
      AtomicOperation change = store.atomic().delete(Tuple.of("k", 9)).set(Tuple.of("k", 10), bytes("new"));
      for (int i = 0; i < 9; i++) {
        change.set(Tuple.of("k", i), bytes("new"));
      }
      change.commit();
      it.forEachRemaining(e -> keys.add(e.key()));
      List<Tuple> throughout = new ArrayList<>();
      for (int i = 0; i < 9; i++) {
        throughout.add(Tuple.of("k", i));
      }
      assertThat(keys).doesNotHaveDuplicates().isSorted().containsAll(throughout);
      assertThat(keys).isSubsetOf(concat(throughout, Tuple.of("k", 9), Tuple.of("k", 10)));
    }
  }

  /** A snapshot's listing is one snapshot across its batches. */
  @Test
  void aSnapshotsListingIsOneSnapshotAcrossItsBatches() {
    AtomicOperation op = store.atomic();
    for (int i = 0; i < 10; i++) {
      op.set(Tuple.of("k", i), bytes("old"));
    }
    op.commit();
    try (KvSnapshot snapshot = store.snapshot();
        KvIterator it = snapshot.list(ListSelector.of(TupleRange.prefix(Tuple.of("k"))).batchSize(2))) {
      List<String> values = new ArrayList<>();
      values.add(new String(it.next().value(), StandardCharsets.UTF_8));
      AtomicOperation change = store.atomic().delete(Tuple.of("k", 9)).set(Tuple.of("k", 10), bytes("new"));
      for (int i = 0; i < 9; i++) {
        change.set(Tuple.of("k", i), bytes("new"));
      }
      change.commit();
      it.forEachRemaining(e -> values.add(new String(e.value(), StandardCharsets.UTF_8)));
      assertThat(values).hasSize(10).containsOnly("old");
    }
  }

  private static List<Tuple> concat(List<Tuple> tuples, Tuple... more) {
    List<Tuple> all = new ArrayList<>(tuples);
    all.addAll(List.of(more));
    return all;
  }

  @Test
  void rangeCheckFailsWhenAKeyIsAddedRemovedOrChangedAndNamesIt() {
    store.atomic().set(Tuple.of("r", 1), bytes("a")).set(Tuple.of("r", 3), bytes("b")).commit();
    TupleRange range = TupleRange.prefix(Tuple.of("r"));
    List<KvEntry> seen = scan(range);
    assertThat(store.atomic().checkRange(range, seen).set(Tuple.of("out"), bytes("1")).commit().ok())
        .isTrue();

    store.atomic().set(Tuple.of("r", 2), bytes("new")).commit();
    CommitResult added = store.atomic().checkRange(range, seen).set(Tuple.of("out"), bytes("2"))
        .commit();
    assertThat(added.ok()).isFalse();
    assertThat(added.failedRange()).isEqualTo(range);
    assertThat((Object) added.failedKey()).isEqualTo(Tuple.of("r", 2));
    assertThat(added.expected()).isNull();

    seen = scan(range);
    store.atomic().delete(Tuple.of("r", 3)).commit();
    CommitResult removed = store.atomic().checkRange(range, seen).commit();
    assertThat((Object) removed.failedKey()).isEqualTo(Tuple.of("r", 3));
    assertThat(removed.actual()).isNull();

    seen = scan(range);
    Versionstamp changedAt = store.atomic().set(Tuple.of("r", 1), bytes("c")).commit().versionstamp();
    CommitResult changed = store.atomic().checkRange(range, seen).commit();
    assertThat((Object) changed.failedKey()).isEqualTo(Tuple.of("r", 1));
    assertThat(changed.actual()).isEqualTo(changedAt);
    assertThat(store.get(Tuple.of("out")).value()).isEqualTo(bytes("1"));

    // A write outside the range does not disturb it.
    seen = scan(range);
    store.atomic().set(Tuple.of("s", 1), bytes("x")).set(Tuple.of("q"), bytes("x")).commit();
    assertThat(store.atomic().checkRange(range, seen).commit().ok()).isTrue();
  }

  @Test
  void rangeCheckOnAnEmptyRangeFailsOnceAKeyAppears() {
    TupleRange range = TupleRange.prefix(Tuple.of("empty"));
    assertThat(store.atomic().checkRange(range, List.of()).commit().ok()).isTrue();
    store.atomic().set(Tuple.of("empty", "x"), bytes("1")).commit();
    CommitResult result = store.atomic().checkRange(range, List.of()).commit();
    assertThat(result.ok()).isFalse();
    assertThat((Object) result.failedKey()).isEqualTo(Tuple.of("empty", "x"));
  }

  private List<KvEntry> scan(TupleRange range) {
    try (KvIterator it = store.list(ListSelector.of(range))) {
      List<KvEntry> entries = new ArrayList<>();
      it.forEachRemaining(entries::add);
      return entries;
    }
  }

  private static List<Object> ids(KvIterator it) {
    List<Object> ids = new ArrayList<>();
    try (it) {
      it.forEachRemaining(e -> ids.add(e.key().get(1)));
    }
    return ids;
  }

  private static List<Object> range(int from, int to, boolean reverse) {
    List<Object> ids = new ArrayList<>();
    for (long i = from; i < to; i++) {
      ids.add(i);
    }
    if (reverse) {
      java.util.Collections.reverse(ids);
    }
    return ids;
  }
}
