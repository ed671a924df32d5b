package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CounterValueException;
import dev.tessera.kv.KeyTooLargeException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ValueTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LmdbKvStoreTest {
  @TempDir Path dir;
  LmdbKvStore store;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir.resolve("store"));
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void worksWithoutAnyAddOpensFlag() {
    List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
    assertThat(jvmArgs).noneMatch(arg -> arg.contains("--add-opens"));
    CommitResult result = store.atomic().set(Tuple.of("a"), bytes("x")).commit();
    assertThat(result.ok()).isTrue();
    assertThat(store.get(Tuple.of("a")).value()).isEqualTo(bytes("x"));
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
  void versionstampsIncreaseStrictlyAcrossCommitsAndReopen() {
    Versionstamp previous = null;
    for (int i = 0; i < 5; i++) {
      Versionstamp vs = store.atomic().set(Tuple.of("k", i), bytes("v")).commit().versionstamp();
      if (previous != null) {
        assertThat(vs).isGreaterThan(previous);
      }
      previous = vs;
    }
    store.close();
    store = LmdbKvStore.open(dir.resolve("store"));
    assertThat(store.get(Tuple.of("k", 4)).versionstamp()).isEqualTo(previous);
    Versionstamp afterReopen = store.atomic().set(Tuple.of("k", 9), bytes("v")).commit()
        .versionstamp();
    assertThat(afterReopen).isGreaterThan(previous);
    assertThat(afterReopen.commitVersion()).isEqualTo(previous.commitVersion() + 1);
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
        .set(Tuple.of("counter"), KeySpace.u64(7)).commit().versionstamp();
    Map<String, String> before = KeySpace.dump(store);

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
    assertThat(KeySpace.dump(store)).isEqualTo(before);
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
    assertThat(KeySpace.u64(store.get(Tuple.of("n")).value())).isEqualTo(5);
    store.atomic().sum(Tuple.of("n"), -1L).commit(); // 2^64 - 1 added: wraps to 4
    assertThat(KeySpace.u64(store.get(Tuple.of("n")).value())).isEqualTo(4);
    store.atomic().set(Tuple.of("m"), KeySpace.u64(-1L)).sum(Tuple.of("m"), 2).commit();
    assertThat(KeySpace.u64(store.get(Tuple.of("m")).value())).isEqualTo(1);
  }

  @Test
  void minAndMaxAreUnsignedAndStoreTheOperandWhenAbsent() {
    store.atomic().min(Tuple.of("lo"), 10).max(Tuple.of("hi"), 10).commit();
    assertThat(KeySpace.u64(store.get(Tuple.of("lo")).value())).isEqualTo(10);
    assertThat(KeySpace.u64(store.get(Tuple.of("hi")).value())).isEqualTo(10);
    // -1 is 2^64-1 unsigned: the largest value.
    store.atomic().min(Tuple.of("lo"), -1L).max(Tuple.of("hi"), -1L).commit();
    assertThat(KeySpace.u64(store.get(Tuple.of("lo")).value())).isEqualTo(10);
    assertThat(KeySpace.u64(store.get(Tuple.of("hi")).value())).isEqualTo(-1L);
    store.atomic().min(Tuple.of("lo"), 3).max(Tuple.of("hi"), 3).commit();
    assertThat(KeySpace.u64(store.get(Tuple.of("lo")).value())).isEqualTo(3);
    assertThat(KeySpace.u64(store.get(Tuple.of("hi")).value())).isEqualTo(-1L);
  }

  @Test
  void counterOnANonCounterValueFailsTheCommitAndWritesNothing() {
    store.atomic().set(Tuple.of("name"), bytes("alice")).commit();
    Map<String, String> before = KeySpace.dump(store);
    assertThatThrownBy(() -> store.atomic().set(Tuple.of("other"), bytes("x"))
        .sum(Tuple.of("name"), 1).commit())
        .isInstanceOfSatisfying(CounterValueException.class, e -> {
          assertThat((Object) e.key()).isEqualTo(Tuple.of("name"));
          assertThat(e.actualLength()).isEqualTo(5);
          assertThat(e).hasMessageContaining("\"name\"");
        });
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void keyOverTheLimitFailsBeforeAnythingIsWritten() {
    String longPart = "x".repeat(600);
    var op = store.atomic().set(Tuple.of("ok"), bytes("1"));
    assertThatThrownBy(() -> op.set(Tuple.of("users", longPart), bytes("v")))
        .isInstanceOfSatisfying(KeyTooLargeException.class, e -> {
          assertThat(e.limit()).isEqualTo(511);
          assertThat(e.size()).isGreaterThan(511);
          assertThat(e.getMessage()).contains("(\"users\", \"xxx");
          assertThat(e.getMessage().length()).isLessThan(300);
        });
    assertThatThrownBy(() -> store.get(Tuple.of(longPart)))
        .isInstanceOf(KeyTooLargeException.class);
    assertThat(KeySpace.dump(store)).isEmpty();
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
  void valueOverTheLimitFailsBeforeAnythingIsWritten() {
    byte[] huge = new byte[StoredEntry.MAX_VALUE_SIZE + 1];
    assertThatThrownBy(() -> store.atomic().set(Tuple.of("big"), huge))
        .isInstanceOfSatisfying(ValueTooLargeException.class, e -> {
          assertThat(e.size()).isEqualTo(huge.length);
          assertThat(e.limit()).isEqualTo(64L << 20);
        });
    assertThat(KeySpace.dump(store)).isEmpty();
  }

  @Test
  void setCopiesTheValueArray() {
    byte[] value = bytes("abc");
    var op = store.atomic().set(Tuple.of("k"), value);
    value[0] = 'z';
    op.commit();
    assertThat(store.get(Tuple.of("k")).value()).isEqualTo(bytes("abc"));
  }

  @Test
  void anOperationCommitsOnlyOnce() {
    var op = store.atomic().set(Tuple.of("k"), bytes("1"));
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
    assertThat(store.openTransactions()).isZero();
  }

  @Test
  void closedSnapshotRefusesReads() {
    KvSnapshot snapshot = store.snapshot();
    snapshot.close();
    snapshot.close();
    assertThatThrownBy(() -> snapshot.get(Tuple.of("a")))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
  }

  @Test
  void getManyKeepsTheOrderOfTheKeys() {
    store.atomic().set(Tuple.of("a"), bytes("A")).set(Tuple.of("c"), bytes("C")).commit();
    assertThat(store.getMany(List.of(Tuple.of("c"), Tuple.of("b"), Tuple.of("a"))))
        .extracting(KvEntry::exists).containsExactly(true, false, true);
  }

  @Test
  void noSyncDurabilityCommitsAndSurvivesReopen() {
    Path other = dir.resolve("nosync");
    try (LmdbKvStore fast = LmdbKvStore.open(other,
        LmdbOptions.builder().durability(Durability.NO_SYNC).build())) {
      fast.atomic().set(Tuple.of("k"), bytes("v")).commit();
    }
    try (LmdbKvStore reopened = LmdbKvStore.open(other)) {
      assertThat(reopened.get(Tuple.of("k")).value()).isEqualTo(bytes("v"));
    }
  }
}
