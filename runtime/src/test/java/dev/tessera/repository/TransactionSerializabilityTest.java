package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A serializability check of transaction histories: 8 threads run random transactions (point
 * reads, range scans with and without a limit, sets, deletes, inserts of new keys) on a few hot
 * keys; every committed transaction records what it read and wrote and its commit versionstamp.
 * Replaying the writing transactions in versionstamp order on a model must reproduce every read
 * each of them made, and each read-only transaction must match the model at the newest
 * versionstamp it saw. A lost range check (a phantom) or a lost point check shows as a read the
 * replay does not reproduce.
 */
class TransactionSerializabilityTest {
  private static final TupleRange ALL = TupleRange.prefix(Tuple.of("k"));

  @TempDir Path dir;

  /** A point read (stamp null: absent) or a range scan of {@code [begin, through]}. */
  private record Read(Tuple key, Versionstamp stamp, List<KvEntry> scanned, boolean whole) {}

  private record Write(Tuple key, boolean delete) {}

  private record Committed(Versionstamp stamp, List<Read> reads, List<Write> writes) {}

  @ParameterizedTest
  @EnumSource(Durability.class)
  void everyCommittedHistoryReplaysSeriallyInVersionstampOrder(Durability durability) throws Exception {
    List<Committed> history = Collections.synchronizedList(new ArrayList<>());
    try (LmdbKvStore store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(durability).build())) {
      int perThread = durability == Durability.DURABLE ? 12 : 80;
      ExecutorService pool = Executors.newFixedThreadPool(8);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        futures.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < perThread; i++) {
            List<Read> reads = new ArrayList<>();
            List<Write> writes = new ArrayList<>();
            TransactionResult<Void> result = Transactions.runWithResult(store, tx -> {
              reads.clear();
              writes.clear();
              randomTransaction(tx.store(), reads, writes);
              return null;
            });
            history.add(new Committed(result.versionstamp(), List.copyOf(reads), List.copyOf(writes)));
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> f : futures) {
        f.get(5, TimeUnit.MINUTES);
      }
      pool.shutdown();
    }
    check(history);
  }

  private static void randomTransaction(KvStore view, List<Read> reads, List<Write> writes) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int r = random.nextInt(1, 4); r > 0; r--) {
      if (random.nextInt(3) == 0) {
        int limit = random.nextBoolean() ? Integer.MAX_VALUE : random.nextInt(1, 4);
        List<KvEntry> scanned = new ArrayList<>();
        boolean whole;
        try (KvIterator it = view.list(ListSelector.of(ALL).limit(limit))) {
          while (it.hasNext()) {
            scanned.add(it.next());
          }
          whole = scanned.size() < limit;
        }
        reads.add(new Read(null, null, scanned, whole));
      } else {
        Tuple key = Tuple.of("k", random.nextInt(6));
        reads.add(new Read(key, view.get(key).versionstamp(), null, false));
      }
    }
    if (random.nextInt(4) == 0) {
      return; // read-only
    }
    for (int w = random.nextInt(1, 3); w > 0; w--) {
      Tuple key = Tuple.of("k", random.nextInt(8));
      boolean delete = random.nextInt(4) == 0;
      if (delete) {
        view.atomic().delete(key).commit();
      } else {
        view.atomic().set(key, new byte[] {(byte) random.nextInt()}).commit();
      }
      writes.add(new Write(key, delete));
    }
  }

  private static void check(List<Committed> history) {
    List<Committed> writers = new ArrayList<>();
    List<Committed> readers = new ArrayList<>();
    for (Committed c : history) {
      (c.stamp() == null ? readers : writers).add(c);
    }
    writers.sort(Comparator.comparing(Committed::stamp));
    assertThat(writers).hasSizeGreaterThan(20);
    TreeMap<Tuple, Versionstamp> model = new TreeMap<>();
    List<TreeMap<Tuple, Versionstamp>> states = new ArrayList<>();
    for (Committed c : writers) {
      for (Read read : c.reads()) {
        assertThat(reproduces(model, read))
            .as("transaction %s read %s; the serial replay has %s", c.stamp(), read, model)
            .isTrue();
      }
      for (Write write : c.writes()) {
        if (write.delete()) {
          model.remove(write.key());
        } else {
          model.put(write.key(), c.stamp());
        }
      }
      states.add(new TreeMap<>(model));
    }
    // A read-only transaction read one snapshot: some state of the serial replay, no older than
    // the newest versionstamp it saw (deletes leave no versionstamp, so it may be a later one).
    for (Committed c : readers) {
      Versionstamp newest = null;
      for (Read read : c.reads()) {
        for (Versionstamp seen : seenStamps(read)) {
          newest = newest == null || seen.compareTo(newest) > 0 ? seen : newest;
        }
      }
      boolean found = newest == null && c.reads().stream().allMatch(r -> reproduces(new TreeMap<>(), r));
      for (int i = 0; i < writers.size() && !found; i++) {
        if (newest == null || writers.get(i).stamp().compareTo(newest) >= 0) {
          TreeMap<Tuple, Versionstamp> state = states.get(i);
          found = c.reads().stream().allMatch(r -> reproduces(state, r));
        }
      }
      assertThat(found).as("a read-only transaction's reads %s match no state of the serial replay",
          c.reads()).isTrue();
    }
  }

  private static List<Versionstamp> seenStamps(Read read) {
    List<Versionstamp> stamps = new ArrayList<>();
    if (read.scanned() == null) {
      if (read.stamp() != null) {
        stamps.add(read.stamp());
      }
    } else {
      read.scanned().forEach(e -> stamps.add(e.versionstamp()));
    }
    return stamps;
  }

  private static boolean reproduces(TreeMap<Tuple, Versionstamp> model, Read read) {
    if (read.scanned() == null) {
      return Objects.equals(model.get(read.key()), read.stamp());
    }
    List<Map.Entry<Tuple, Versionstamp>> expected = new ArrayList<>(model.entrySet());
    if (!read.whole()) {
      Tuple last = read.scanned().get(read.scanned().size() - 1).key();
      expected = new ArrayList<>(model.headMap(last, true).entrySet());
    }
    if (expected.size() != read.scanned().size()) {
      return false;
    }
    for (int i = 0; i < expected.size(); i++) {
      KvEntry seen = read.scanned().get(i);
      if (!expected.get(i).getKey().equals(seen.key())
          || !expected.get(i).getValue().equals(seen.versionstamp())) {
        return false;
      }
    }
    return true;
  }
}
