package dev.tessera.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCount;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated store counts ranges and checks the counts at commit as the LMDB store does, so the
 * simulation reaches the path a transaction's count takes on LMDB: random counts (both directions,
 * limits), then random writes, then a commit checking each count, give the same counts, last keys
 * and commit outcomes on both stores.
 */
class SimulatedRangeCountTest {
  @TempDir Path directory;

  @Test
  void countsAndTheirChecksAgreeWithLmdb() {
    SimulatedKvStore simulated = SimulatedKvStore.create();
    assertThat(simulated.atomic().checksRangeCounts()).isTrue();
    LmdbOptions options = LmdbOptions.builder().durability(Durability.NO_SYNC).build();
    try (KvStore lmdb = LmdbKvStore.open(directory.resolve("lmdb"), options)) {
      SplittableRandom random = new SplittableRandom(35);
      List<String> failures = new ArrayList<>();
      for (int round = 0; round < 300; round++) {
        TupleRange range = TupleRange.between(Tuple.of("k", (long) random.nextInt(8)),
            Tuple.of("k", (long) random.nextInt(8) + 1));
        boolean reverse = random.nextBoolean();
        int limit = random.nextInt(4) == 0 ? random.nextInt(3) : Integer.MAX_VALUE;
        ListSelector selector = ListSelector.of(range).reverse(reverse).limit(limit);
        // a concurrent writer: add, rewrite or remove a key, or nothing
        int change = random.nextInt(4);
        long key = random.nextInt(10);
        String outcome = null;
        for (KvStore store : List.of(simulated, lmdb)) {
          String seen = countThenCommit(store, selector, change, key, round);
          if (outcome == null) {
            outcome = seen;
          } else if (!outcome.equals(seen)) {
            failures.add("round " + round + " " + selector.range() + (reverse ? " reversed" : "") + " limit "
                + limit + ", change " + change + " of " + key + ": simulated " + outcome + ", LMDB " + seen);
          }
        }
      }
      assertThat(failures).isEmpty();
    }
  }

  /** Counts, lets a writer change {@code key}, then commits a write checking the count. */
  private static String countThenCommit(KvStore store, ListSelector selector, int change, long key, int round) {
    RangeCount counted;
    try (KvSnapshot snapshot = store.snapshot()) {
      counted = snapshot.count(selector);
    }
    Tuple changed = Tuple.of("k", key);
    switch (change) {
      case 0 -> store.atomic().set(changed, new byte[] {(byte) round}).commit();
      case 1 -> store.atomic().delete(changed).commit();
      default -> { } // nothing
    }
    TupleRange checked = counted.reachedEnd() ? selector.range() : selector.isReverse()
        ? TupleRange.ofPacked(counted.lastKey(), selector.range().end())
        : TupleRange.ofPacked(selector.range().begin(), next(counted.lastKey()));
    CommitResult result = store.atomic().checkRangeCount(checked, counted.count(), counted.readVersion())
        .set(Tuple.of("other", (long) round), new byte[] {1}).commit();
    return counted.count() + (counted.reachedEnd() ? "" : " to " + Tuple.unpack(counted.lastKey()))
        + ": " + (result.ok() ? "ok" : "failed on " + result.failedKey());
  }

  /** The smallest key after {@code packed}: it with a 0 byte appended. */
  private static byte[] next(byte[] packed) {
    return java.util.Arrays.copyOf(packed, packed.length + 1);
  }
}
