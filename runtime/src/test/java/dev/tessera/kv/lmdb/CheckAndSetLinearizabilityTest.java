package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.lmdb.RegisterHistory.Op;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Single-key check-and-set ({@code atomic().check(key, stamp).set(key, value)}) is linearizable:
 * short concurrent histories of reads and check-and-sets, recorded with their real-time bounds,
 * each have an order that replays on a sequential register ({@link RegisterHistory}). The checker
 * itself is shown to reject histories that no register could produce.
 */
class CheckAndSetLinearizabilityTest {
  private static final int THREADS = 4;
  private static final int OPS_PER_THREAD = 8;
  private static final int HISTORIES = 40;

  @TempDir Path dir;

  @Test
  void concurrentCheckAndSetHistoriesAreLinearizable() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      for (int h = 0; h < HISTORIES; h++) {
        List<Op> history = record(store, pool, Tuple.of("register", h), new Random(h));
        assertThat(RegisterHistory.isLinearizable(history))
            .as("history %d is linearizable:%s", h, RegisterHistory.describe(history)).isTrue();
        assertThat(history.stream().filter(op -> !op.read() && op.ok()).count())
            .as("history %d has successful check-and-sets", h).isPositive();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** Four threads start together on a fresh key; each reads or check-and-sets eight times. */
  private static List<Op> record(LmdbKvStore store, ExecutorService pool, Tuple key, Random seeds)
      throws Exception {
    CyclicBarrier start = new CyclicBarrier(THREADS);
    List<Future<List<Op>>> futures = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      long seed = seeds.nextLong();
      int thread = t;
      futures.add(pool.submit(() -> {
        Random random = new Random(seed);
        List<Op> ops = new ArrayList<>();
        Versionstamp lastSeen = null;
        start.await(30, TimeUnit.SECONDS);
        for (int i = 0; i < OPS_PER_THREAD; i++) {
          if (random.nextInt(3) == 0) {
            long invoked = System.nanoTime();
            KvEntry entry = store.get(key);
            long completed = System.nanoTime();
            Long value = entry.exists() ? ByteBuffer.wrap(entry.value()).getLong() : null;
            ops.add(Op.read(invoked, completed, value, entry.versionstamp()));
            lastSeen = entry.versionstamp();
          } else {
            // Mostly the last versionstamp seen (a real check-and-set), sometimes absent.
            Versionstamp expected = random.nextInt(4) == 0 ? null : lastSeen;
            long value = thread * 1000L + i;
            long invoked = System.nanoTime();
            CommitResult result = store.atomic().check(key, expected)
                .set(key, ByteBuffer.allocate(Long.BYTES).putLong(value).array()).commit();
            long completed = System.nanoTime();
            if (result.ok()) {
              ops.add(Op.casOk(invoked, completed, expected, value, result.versionstamp()));
              lastSeen = result.versionstamp();
            } else {
              ops.add(Op.casFailed(invoked, completed, expected, value, result.actual()));
              lastSeen = result.actual();
            }
          }
        }
        return ops;
      }));
    }
    List<Op> all = new ArrayList<>();
    for (Future<List<Op>> future : futures) {
      all.addAll(future.get(60, TimeUnit.SECONDS));
    }
    return Collections.unmodifiableList(all);
  }

  // ---------------------------------------------------------------- the checker itself

  private static final Versionstamp V1 = Versionstamp.of(1, 0);
  private static final Versionstamp V2 = Versionstamp.of(2, 0);

  @Test
  void checkerAcceptsOverlappingOperationsInAnOrderOtherThanTheirInvocations() {
    List<Op> history = List.of(
        Op.read(0, 100, 7L, V1), // invoked first, but takes effect after the write it overlaps
        Op.casOk(10, 20, null, 7L, V1),
        Op.casFailed(30, 40, null, 8L, V1));

    assertThat(RegisterHistory.isLinearizable(history)).isTrue();
  }

  @Test
  void checkerRejectsTwoSuccessfulCheckAndSetsOnTheSameVersionstamp() {
    assertRejected(Op.casOk(0, 10, null, 1L, V1), Op.casOk(20, 30, null, 2L, V2));
  }

  @Test
  void checkerRejectsAStaleReadAfterACompletedWrite() {
    assertRejected(Op.casOk(0, 10, null, 1L, V1), Op.read(20, 30, null, null));
  }

  @Test
  void checkerRejectsAFailureWhoseCheckHeld() {
    assertRejected(Op.casOk(0, 10, null, 1L, V1), Op.casFailed(20, 30, V1, 2L, V1));
  }

  @Test
  void checkerRejectsAFailureReportingAVersionstampTheKeyNeverHad() {
    assertRejected(Op.casOk(0, 10, null, 1L, V1), Op.casFailed(20, 30, null, 2L, V2));
  }

  @Test
  void checkerRejectsVersionstampsThatGoBackwards() {
    assertRejected(Op.casOk(0, 10, null, 1L, V2), Op.casOk(20, 30, V2, 2L, V1));
  }

  private static void assertRejected(Op... history) {
    assertThat(RegisterHistory.isLinearizable(List.of(history)))
        .as("not linearizable:%s", RegisterHistory.describe(List.of(history))).isFalse();
  }
}
