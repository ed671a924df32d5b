package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.EMAIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.internal.store.RecordCount;
import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.CounterValueException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Verify, repair, delete and reads on damaged data: undecodable records and pointers, a garbage
 * record count, a value shorter than its versionstamp, a record stored under another record's key.
 * The damage is written with raw {@code KvStore} writes or, where the store could never write it,
 * straight into LMDB.
 */
class DamagedDataVerifyRepairTest {
  static final byte[] GARBAGE = {0x42, 0x13};
  /** The record key of u3. */
  private Tuple u3() {
    return StoredKeys.key(store, "user", "u3");
  }

  @TempDir Path dir;
  LmdbKvStore store;
  IndexedUserRepository users;
  final UserMapping mapping = new UserMapping(dev.tessera.annotations.KeyGeneration.NONE);

  @BeforeEach
  void open() {
    openStore();
    for (int i = 0; i < 40; i++) {
      users.insert(user(i));
    }
  }

  void openStore() {
    store = LmdbKvStore.open(dir);
    users = new IndexedUserRepository(
        store, List.of(EMAIL, COLOR), RepositoryOptions.defaults().withBatchSize(7));
  }

  @AfterEach
  void close() {
    store.close();
  }

  static User user(int i) {
    return new User("u" + i, "N", "user" + i + "@example.com", "c" + (i % 4));
  }

  void raw(Tuple key, byte[] value) {
    assertThat(store.atomic().set(key, value).commit().ok()).isTrue();
  }

  /** Every index entry (unique pointer or non-unique key) that names {@code id}. */
  List<Tuple> entriesNaming(String id) {
    byte[] pointer = Tuple.of(id).pack();
    return KeySpace.all(store).stream()
        .filter(e -> e.key().get(0).equals(StoredKeys.key(store, "user_by_email").get(0)) && java.util.Arrays.equals(e.value(), pointer)
            || e.key().get(0).equals(StoredKeys.key(store, "user_by_favoriteColor").get(0)) && e.key().get(2).equals(id))
        .map(KvEntry::key)
        .toList();
  }

  @Test
  void verifyReportsAnUndecodableRecordNamingItsKeyInsteadOfThrowing() {
    raw(u3(), GARBAGE);
    List<String> before = KeySpace.dump(store);

    IndexVerification found = users.indexAdmin().verifyIndexes();

    assertThat(KeySpace.dump(store)).isEqualTo(before);
    assertThat(found.clean()).isFalse();
    RecordReport records = found.records();
    assertThat(records.undecodable()).isEqualTo(1);
    assertThat(records.quarantined()).isZero();
    assertThat(records.countMatches()).isTrue();
    assertThat(records.samples())
        .extracting(IndexProblem::kind, IndexProblem::key, IndexProblem::primaryKey)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(IndexProblem.Kind.UNDECODABLE, u3(), "u3"));
    assertThat(records.samples().get(0).detail()).contains("Invalid packed tuple");
    // the record's entries cannot be judged without its values: not reported as dangling
    assertThat(found.index("email").clean()).isTrue();
    assertThat(found.index("favoriteColor").clean()).isTrue();
  }

  @Test
  void anUndecodableUniquePointerIsReportedByVerifyAndReplacedByRepair() {
    Tuple pointer = StoredKeys.key(store, "user_by_email", "user4@example.com");
    raw(pointer, GARBAGE);

    IndexReport email = users.indexAdmin().verifyIndexes().index("email");

    assertThat(email.undecodable()).isEqualTo(1);
    assertThat(email.missing()).isEqualTo(1); // u4 is not in the index: its entry is garbage
    assertThat(email.uniqueViolations()).isZero();
    assertThat(email.samples())
        .extracting(IndexProblem::kind, IndexProblem::key)
        .contains(org.assertj.core.groups.Tuple.tuple(IndexProblem.Kind.UNDECODABLE, pointer));

    IndexReport repaired = users.indexAdmin().repairIndexes().index("email");

    assertThat(repaired.repaired()).isEqualTo(2); // the garbage deleted, the entry written
    assertThat(store.get(pointer).value()).isEqualTo(Tuple.of("u4").pack());
    assertThat(users.findByUniqueIndex(EMAIL, "user4@example.com")).contains(user(4));
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void repairMovesAnUndecodableRecordToTheQuarantineWithItsBytesAndDeletesItsEntries() {
    raw(u3(), GARBAGE);

    IndexVerification repaired = users.indexAdmin().repairIndexes();

    assertThat(repaired.records().undecodable()).isEqualTo(1);
    assertThat(repaired.records().quarantined()).isEqualTo(1);
    assertThat(repaired.records().records()).isEqualTo(39);
    assertThat(repaired.records().countRebuilt()).isTrue(); // 40 counted, 39 left
    assertThat(repaired.index("email").dangling()).isEqualTo(1);
    assertThat(repaired.index("favoriteColor").dangling()).isEqualTo(1);
    assertThat(store.get(u3()).exists()).isFalse();
    assertThat(entriesNaming("u3")).isEmpty();
    assertThat(users.count()).isEqualTo(39);
    List<QuarantinedRecord> quarantined = users.indexAdmin().quarantined();
    assertThat(quarantined).hasSize(1);
    assertThat((Object) quarantined.get(0).recordKey()).isEqualTo(u3());
    assertThat(quarantined.get(0).bytes()).isEqualTo(GARBAGE);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
    try (Stream<User> all = users.findAll()) {
      assertThat(all.count()).isEqualTo(39);
    }
    users.insert(user(3)); // its key and e-mail are free again
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();

    assertThat(users.indexAdmin().discardQuarantined(u3())).isTrue();
    assertThat(users.indexAdmin().quarantined()).isEmpty();
    assertThat(users.indexAdmin().discardQuarantined(u3())).isFalse();
  }

  @Test
  void deleteRemovesAnUndecodableRecordAndEveryEntryPointingToIt() {
    raw(u3(), GARBAGE);
    assertThat(entriesNaming("u3")).hasSize(2);

    assertThat(users.delete("u3")).isTrue();

    assertThat(store.get(u3()).exists()).isFalse();
    assertThat(entriesNaming("u3")).isEmpty();
    assertThat(users.count()).isEqualTo(39);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
    users.insert(user(3));
    assertThat(users.findByUniqueIndex(EMAIL, "user3@example.com")).contains(user(3));
  }

  @Test
  void readsOfAnUndecodableRecordThrowCorruptRecordNamingTheEntityTheKeyAndHowToRemoveIt() {
    raw(u3(), GARBAGE);
    List<String> before = KeySpace.dump(store);
    String named = "entity 'user': stored value under key (id: \"u3\") does not decode";

    assertThatThrownBy(() -> users.findById("u3"))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith(named)
        .hasMessageContaining("repairIndexes()")
        .hasMessageContaining("delete(id)");
    assertThatThrownBy(() -> users.findVersionedById("u3")).hasMessageStartingWith(named);
    assertThatThrownBy(() -> users.findAllById(List.of("u2", "u3"))).hasMessageStartingWith(named);
    assertThatThrownBy(() -> {
      try (Stream<User> all = users.findAll()) {
        all.count();
      }
    }).isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith(named)
        .satisfies(e -> assertThat((Object) ((CorruptRecordException) e).key()).isEqualTo(u3()));
    assertThatThrownBy(() -> users.findByIndex(COLOR, "c3"))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith(named);
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void readsOfAnUndecodableUniquePointerNameTheIndexAndItsField() {
    Tuple pointer = StoredKeys.key(store, "user_by_email", "user4@example.com");
    raw(pointer, GARBAGE);
    List<String> before = KeySpace.dump(store);

    assertThatThrownBy(() -> users.findByUniqueIndex(EMAIL, "user4@example.com"))
        .isInstanceOfSatisfying(CorruptRecordException.class,
            e -> assertThat((Object) e.key()).isEqualTo(pointer))
        .hasMessageStartingWith("unique index 'email' of entity 'user': stored value under key"
            + " (email: \"user4@example.com\") does not decode")
        .hasMessageNotContaining(pointer.toString());
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void aGarbageRecordCountIsReportedAndRebuiltSoWritesWorkAgain() {
    Tuple countKey = RecordCount.shardKey("user", 0);
    raw(countKey, new byte[] {1, 2, 3});
    assertThatThrownBy(() -> users.insert(user(40))).isInstanceOf(CounterValueException.class);
    assertThatThrownBy(users::count).isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith("Tessera's catalog: stored value under key (\"count\", \"user\", 0)"
            + " does not decode");
    assertThatThrownBy(() -> users.delete("u1")).isInstanceOf(CounterValueException.class);

    RecordReport found = users.indexAdmin().verifyIndexes().records();

    assertThat(found.countMatches()).isFalse();
    assertThat(found.storedCount()).isEmpty();
    assertThat(found.records()).isEqualTo(40);
    assertThat(found.samples())
        .extracting(IndexProblem::kind, IndexProblem::key)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(
            IndexProblem.Kind.COUNT_MISMATCH, RecordCount.key("user")));
    assertThat(found.samples().get(0).detail()).contains("not an 8-byte counter").contains("40 records");

    RecordReport repaired = users.indexAdmin().repairIndexes().records();

    assertThat(repaired.countRebuilt()).isTrue();
    assertThat(users.count()).isEqualTo(40);
    users.insert(user(40));
    assertThat(users.delete("u1")).isTrue();
    assertThat(users.count()).isEqualTo(40);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void theCountCheckIsExactWhileAnotherThreadInsertsAndDeletes() throws Exception {
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicInteger writes = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicReference<Throwable> writerFailure =
        new java.util.concurrent.atomic.AtomicReference<>();
    java.util.concurrent.CountDownLatch firstWrite = new java.util.concurrent.CountDownLatch(1);
    Thread writer = new Thread(() -> {
      try {
        for (int i = 100; !stop.get(); i++) {
          users.insert(user(i));
          if (i % 2 == 0) {
            users.delete("u" + (i - 1));
          }
          writes.incrementAndGet();
          firstWrite.countDown();
        }
      } catch (Throwable e) {
        writerFailure.set(e);
        firstWrite.countDown();
      }
    });
    writer.start();
    int runs = 0;
    try {
      // The verifier must overlap the writer: start once it has written, and keep verifying until
      // it has written again at least 20 times (a fast machine finishes six runs in a millisecond).
      assertThat(firstWrite.await(30, java.util.concurrent.TimeUnit.SECONDS)).as("writer started").isTrue();
      int writesAtStart = writes.get();
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
      while (runs < 6 || writes.get() - writesAtStart < 20) {
        assertThat(writerFailure.get()).as("writer failed").isNull();
        assertThat(System.nanoTime() - deadline)
            .as("verifier ran %d times while the writer wrote %d times", runs, writes.get() - writesAtStart)
            .isNegative();
        IndexVerification found =
            runs % 2 == 0 ? users.indexAdmin().verifyIndexes() : users.indexAdmin().repairIndexes();
        assertThat(found.records().countMatches()).as("run %d: %s", runs, found.records()).isTrue();
        assertThat(found.records().countRebuilt()).isFalse();
        assertThat(found.clean()).as("run %d: %s", runs, found).isTrue();
        runs++;
      }
    } finally {
      stop.set(true);
      writer.join();
    }
    assertThat(writerFailure.get()).as("writer failed").isNull();
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aWrongRecordCountValueIsReportedWithBothNumbersAndRebuilt() {
    Tuple countKey = RecordCount.shardKey("user", 0);
    assertThat(store.atomic().delete(countKey).sum(countKey, 7).commit().ok()).isTrue();

    RecordReport found = users.indexAdmin().verifyIndexes().records();

    assertThat(found.storedCount()).isEqualTo(OptionalLong.of(7));
    assertThat(found.records()).isEqualTo(40);
    assertThat(found.samples().get(0).detail()).contains("is 7").contains("40 records");
    assertThat(users.indexAdmin().repairIndexes().records().countRebuilt()).isTrue();
    assertThat(users.count()).isEqualTo(40);
    assertThat(users.indexAdmin().verifyIndexes().records().countRebuilt()).isFalse();
  }

  @Test
  void aValueShorterThanItsVersionstampIsACorruptEntryNamingTheKeyAndRepairMovesItAside() {
    Tuple u3 = u3();
    store.close();
    RawLmdb.put(dir, u3.pack(), new byte[] {1, 2, 3});
    openStore();

    assertThatThrownBy(() -> store.get(u3()))
        .isInstanceOf(CorruptEntryException.class)
        .hasMessageContaining(u3().toString())
        .hasMessageContaining("3 bytes");
    assertThatThrownBy(() -> users.findById("u3")).isInstanceOf(CorruptEntryException.class)
        .satisfies(e -> assertThat((Object) ((CorruptEntryException) e).key()).isEqualTo(u3()))
        .hasMessageStartingWith("entity 'user': Corrupt entry under key (id: \"u3\"): its value has 3 bytes");

    RecordReport found = users.indexAdmin().verifyIndexes().records();
    assertThat(found.undecodable()).isEqualTo(1);
    assertThat(found.samples()).extracting(IndexProblem::key).containsExactly(u3());
    assertThat(found.records()).isEqualTo(40);

    IndexVerification repaired = users.indexAdmin().repairIndexes();
    assertThat(repaired.records().quarantined()).isEqualTo(1);
    assertThat(store.get(u3()).exists()).isFalse();
    assertThat(users.indexAdmin().quarantined()).extracting(QuarantinedRecord::recordKey).containsExactly(u3());
    assertThat(entriesNaming("u3")).isEmpty();
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aRecordWhoseKeyBytesAreNotATupleIsQuarantinedUnderThemAndReadsAndCountsWorkAgain() {
    Tuple u3 = u3();
    byte[] value = store.get(u3).value();
    store.close();
    // u3's key with a flipped byte: its string part loses its terminator, so no tuple decodes.
    byte[] flipped = u3.pack();
    flipped[flipped.length - 1] = (byte) 0xFF;
    byte[] stored = new byte[10 + value.length];
    stored[7] = 1; // a versionstamp
    System.arraycopy(value, 0, stored, 10, value.length);
    RawLmdb.delete(dir, u3.pack());
    RawLmdb.put(dir, flipped, stored);
    openStore();
    assertThatThrownBy(() -> {
      try (Stream<User> all = users.findAll()) {
        all.toList();
      }
    }).isInstanceOf(CorruptEntryException.class);

    RecordReport found = users.indexAdmin().verifyIndexes().records();
    assertThat(found.undecodable()).isEqualTo(1);
    assertThat(found.samples().get(0).toString())
        .startsWith("UNDECODABLE: Corrupt entry under key 0x").contains("not a packed tuple");

    IndexVerification repaired = users.indexAdmin().repairIndexes();
    assertThat(repaired.records().quarantined()).isEqualTo(1);
    assertThat(repaired.records().countRebuilt()).isTrue();
    assertThat(repaired.indexes()).allSatisfy(index -> {
      assertThat(index.dangling()).isEqualTo(1); // u3's entries: its record is gone
      assertThat(index.repaired()).isEqualTo(1);
    });
    try (Stream<User> all = users.findAll()) {
      assertThat(all.toList()).hasSize(39);
    }
    assertThat(users.count()).isEqualTo(39);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
    List<QuarantinedRecord> quarantined = users.indexAdmin().quarantined();
    assertThat(quarantined).singleElement().satisfies(q -> {
      assertThat(q.keyDecodes()).isFalse();
      assertThat(q.packedKey()).isEqualTo(flipped);
      assertThat(q.bytes()).isEqualTo(stored);
    });
    assertThat(users.indexAdmin().discardQuarantined(quarantined.get(0))).isTrue();
    assertThat(users.indexAdmin().quarantined()).isEmpty();
  }

  @Test
  void deleteRemovesARecordWhoseValueIsShorterThanItsVersionstamp() {
    Tuple u3 = u3();
    store.close();
    RawLmdb.put(dir, u3.pack(), new byte[0]);
    openStore();

    assertThat(users.delete("u3")).isTrue();

    assertThat(store.get(u3()).exists()).isFalse();
    assertThat(entriesNaming("u3")).isEmpty();
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aRecordStoredUnderAnotherRecordsKeyIsCorruptNotARetriedConflict() {
    raw(u3(), StoredKeys.value(store, mapping, user(5)));

    assertThatThrownBy(() -> users.update(new User("u3", "New", "user3@example.com", "c3")))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith("entity 'user': stored value under key (id: \"u3\") does not decode")
        .hasMessageContaining("holds primary key u5, not u3");

    RecordReport found = users.indexAdmin().verifyIndexes().records();
    assertThat(found.undecodable()).isEqualTo(1);
    assertThat(found.samples().get(0).detail()).contains("holds primary key u5, not u3");
    assertThat(users.delete("u3")).isTrue();
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  // ---------------------------------------------------------------- damage met while a query iterates

  /** Writes {@code value} under {@code key} in the closed store, reopens it; the bytes stored then. */
  List<String> damage(Tuple key, byte[] value) {
    store.close();
    RawLmdb.put(dir, key.pack(), value);
    List<String> damaged = RawLmdb.dump(dir);
    openStore();
    return damaged;
  }

  /** The bytes stored now (closes the store and opens it again). */
  List<String> stored() {
    store.close();
    List<String> now = RawLmdb.dump(dir);
    openStore();
    return now;
  }

  static ThrowingCallable drained(Stream<?> stream) {
    return () -> {
      try (stream) {
        stream.forEach(any -> { });
      }
    };
  }

  @Test
  void aDamagedIndexEntryListedByAQueryNamesTheIndexAndItsFields() {
    List<String> before =
        damage(StoredKeys.key(store, "user_by_favoriteColor", "c3", "u3"), new byte[] {1, 2, 3});
    String named = "index 'favoriteColor' of entity 'user': Corrupt entry under key"
        + " (favoriteColor: \"c3\", id: \"u3\"): its value has 3 bytes";

    assertThatThrownBy(() -> users.query(COLOR, Tuple.of("c3")).list())
        .isInstanceOf(CorruptEntryException.class).hasMessageStartingWith(named);
    assertThatThrownBy(drained(users.query(COLOR, Tuple.of("c3")).stream()))
        .isInstanceOf(CorruptEntryException.class).hasMessageStartingWith(named);
    assertThatThrownBy(() -> users.query(COLOR, Tuple.of("c3")).page(20))
        .isInstanceOf(CorruptEntryException.class).hasMessageStartingWith(named);
    assertThatThrownBy(() -> users.query(COLOR, Tuple.of("c3")).count())
        .isInstanceOf(CorruptEntryException.class).hasMessageStartingWith(named);
    assertThat(stored()).isEqualTo(before);
  }

  @Test
  void aDamagedRecordMetByAQuerysMultiGetNamesTheEntityAndItsKey() {
    List<String> before = damage(StoredKeys.key(store, "user", "u3"), new byte[] {1, 2, 3});
    String named = "entity 'user': Corrupt entry under key (id: \"u3\"): its value has 3 bytes";

    assertThatThrownBy(() -> users.query(COLOR, Tuple.of("c3")).list())
        .isInstanceOf(CorruptEntryException.class).hasMessageStartingWith(named);
    assertThatThrownBy(drained(users.query(COLOR, Tuple.of("c3")).stream()))
        .isInstanceOf(CorruptEntryException.class).hasMessageStartingWith(named);
    assertThatThrownBy(() -> users.byId().list())
        .isInstanceOf(CorruptEntryException.class).hasMessageStartingWith(named);
    assertThatThrownBy(drained(users.byId().stream()))
        .isInstanceOf(CorruptEntryException.class).hasMessageStartingWith(named);
    assertThatThrownBy(drained(users.findAll()))
        .isInstanceOf(CorruptEntryException.class).hasMessageStartingWith(named);
    assertThat(stored()).isEqualTo(before);
  }
}
