package dev.tessera.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvReader;
import dev.tessera.kv.KvSnapshot;
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
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated store without faults behaves exactly as the LMDB store: random sequences of every
 * SPI call (seeded, so a failure repeats) run on both, and every outcome must be the same: entries
 * with their values and versionstamps, commit results (which check failed, with both stamps),
 * exceptions (by type), listings in both directions with limits, batch sizes and resumed cursors,
 * snapshots held across commits, store listings that see commits between their batches.
 */
class DifferentialLmdbTest {
  private static final int SEQUENCES = 12;
  private static final int STEPS = 400;
  private static final HexFormat HEX = HexFormat.of();

  @TempDir Path directory;

  @Test
  void randomOperationSequencesGiveTheSameResultsOnBothStores() {
    for (int sequence = 0; sequence < SEQUENCES; sequence++) {
      long seed = 0x5EED_0000L + sequence;
      LmdbOptions options = LmdbOptions.builder().durability(Durability.NO_SYNC).build();
      try (KvStore lmdb = LmdbKvStore.open(directory.resolve("s" + sequence), options);
          KvStore simulated = SimulatedKvStore.create()) {
        new Sequence(seed, lmdb, simulated).run();
      }
    }
  }

  /** One seeded sequence of calls on both stores, compared call by call. */
  private static final class Sequence {
    private final long seed;
    private final SplittableRandom random;
    private final KvStore lmdb;
    private final KvStore simulated;
    private final List<Tuple> keys = keyPool();
    private final List<String> log = new ArrayList<>();
    /** Snapshots held open across commits: [lmdb, simulated]. */
    private final List<KvSnapshot[]> snapshots = new ArrayList<>();
    /** Store listings kept open across commits: [lmdb, simulated]. */
    private final List<KvIterator[]> iterators = new ArrayList<>();
    /** Versionstamps seen, so that checks use real ones as well as made-up ones. */
    private final List<Versionstamp> stamps = new ArrayList<>();

    Sequence(long seed, KvStore lmdb, KvStore simulated) {
      this.seed = seed;
      this.random = new SplittableRandom(seed);
      this.lmdb = lmdb;
      this.simulated = simulated;
    }

    void run() {
      for (int step = 0; step < STEPS; step++) {
        int choice = random.nextInt(100);
        if (choice < 35) {
          commit();
        } else if (choice < 45) {
          Tuple key = key();
          same("get " + key, s -> show(s.get(key)));
        } else if (choice < 52) {
          List<Tuple> many = new ArrayList<>();
          for (int i = random.nextInt(5); i >= 0; i--) {
            many.add(key());
          }
          same("getMany " + many, s -> showAll(s.getMany(many)));
        } else if (choice < 67) {
          ListSelector selector = selector();
          same("list " + describe(selector), s -> listAll(s, selector));
        } else if (choice < 72) {
          resumedListing();
        } else if (choice < 78) {
          openSnapshot();
        } else if (choice < 86) {
          readSnapshot();
        } else if (choice < 92) {
          openStoreListing();
        } else if (choice < 97) {
          advanceStoreListing();
        } else {
          badInput();
        }
      }
      for (KvSnapshot[] pair : snapshots) {
        pair[0].close();
        pair[1].close();
      }
      same("everything", s -> listAll(s, ListSelector.of(TupleRange.ofPacked(new byte[0], new byte[] {(byte) 0xFF}))));
    }

    private void commit() {
      List<java.util.function.BiFunction<KvStore, AtomicOperation, AtomicOperation>> parts = new ArrayList<>();
      StringBuilder what = new StringBuilder("commit");
      for (int i = random.nextInt(4); i > 0; i--) {
        Tuple key = key();
        Versionstamp expected = expected(key);
        what.append(" check ").append(key).append('@').append(expected);
        parts.add((s, op) -> op.check(key, expected));
      }
      if (random.nextInt(4) == 0) {
        ListSelector selector = selector().limit(Integer.MAX_VALUE).after(null).reverse(false);
        int drop = random.nextInt(3);
        what.append(" checkRange ").append(describe(selector)).append(" drop ").append(drop);
        parts.add((s, op) -> {
          List<KvEntry> seen = new ArrayList<>();
          try (KvIterator it = s.list(selector)) {
            it.forEachRemaining(seen::add);
          }
          // a reader that saw less, or an older stamp, must fail the same way on both
          if (drop == 1 && !seen.isEmpty()) {
            seen.remove(seen.size() / 2);
          } else if (drop == 2 && !seen.isEmpty()) {
            KvEntry first = seen.get(0);
            seen.set(0, new KvEntry(first.key(), first.value(), Versionstamp.of(1, 0)));
          }
          return op.checkRange(selector.range(), seen);
        });
      }
      int mutations = random.nextInt(6);
      List<java.util.function.UnaryOperator<AtomicOperation>> writes = new ArrayList<>();
      for (int i = 0; i < mutations; i++) {
        Tuple key = key();
        int kind = random.nextInt(10);
        if (kind < 5) {
          byte[] value = value();
          what.append(" set ").append(key).append('=').append(HEX.formatHex(value));
          writes.add(op -> op.set(key, value));
        } else if (kind < 7) {
          what.append(" delete ").append(key);
          writes.add(op -> op.delete(key));
        } else {
          long operand = edgeLong();
          String name = kind == 7 ? "sum" : kind == 8 ? "min" : "max";
          what.append(' ').append(name).append(' ').append(key).append(' ').append(operand);
          writes.add(op -> kind == 7 ? op.sum(key, operand) : kind == 8 ? op.min(key, operand) : op.max(key, operand));
        }
      }
      same(what.toString(), s -> {
        AtomicOperation op = s.atomic();
        for (var part : parts) {
          op = part.apply(s, op);
        }
        for (var write : writes) {
          op = write.apply(op);
        }
        CommitResult result = op.commit();
        if (result.ok()) {
          stamps.add(result.versionstamp());
        }
        return show(result);
      });
    }

    private void resumedListing() {
      ListSelector selector = selector();
      int first = 1 + random.nextInt(4);
      same("resume " + describe(selector) + " after " + first, s -> {
        String cursor;
        List<String> out = new ArrayList<>();
        try (KvIterator it = s.list(selector)) {
          for (int i = 0; i < first && it.hasNext(); i++) {
            out.add(show(it.next()));
          }
          cursor = it.cursor();
        }
        out.add("cursor " + cursor);
        out.add(listAll(s, selector.after(cursor)));
        return String.join("\n", out);
      });
    }

    private void openSnapshot() {
      snapshots.add(new KvSnapshot[] {lmdb.snapshot(), simulated.snapshot()});
      if (snapshots.size() > 4) {
        KvSnapshot[] oldest = snapshots.remove(0);
        Tuple key = key();
        same("closed snapshot read", s -> {
          KvSnapshot snapshot = s == lmdb ? oldest[0] : oldest[1];
          snapshot.close();
          return show(snapshot.get(key));
        });
      }
    }

    private void readSnapshot() {
      if (snapshots.isEmpty()) {
        return;
      }
      KvSnapshot[] pair = snapshots.get(random.nextInt(snapshots.size()));
      if (random.nextBoolean()) {
        Tuple key = key();
        same("snapshot get " + key, s -> show((s == lmdb ? pair[0] : pair[1]).get(key)));
      } else {
        ListSelector selector = selector();
        same("snapshot list " + describe(selector), s -> listAll(s == lmdb ? pair[0] : pair[1], selector));
      }
    }

    private void openStoreListing() {
      ListSelector selector = selector().batchSize(1 + random.nextInt(3));
      iterators.add(new KvIterator[] {lmdb.list(selector), simulated.list(selector)});
      log.add("open listing " + describe(selector));
    }

    private void advanceStoreListing() {
      if (iterators.isEmpty()) {
        return;
      }
      int index = random.nextInt(iterators.size());
      KvIterator[] pair = iterators.get(index);
      int steps = 1 + random.nextInt(3);
      same("advance listing " + index, s -> {
        KvIterator it = s == lmdb ? pair[0] : pair[1];
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < steps && it.hasNext(); i++) {
          out.append(show(it.next())).append('\n');
        }
        return out.append("cursor ").append(it.cursor()).append(" more ").append(it.hasNext()).toString();
      });
    }

    private void badInput() {
      int kind = random.nextInt(5);
      Tuple tooLarge = Tuple.of("k", "x".repeat(510));
      switch (kind) {
        case 0 -> same("get too large", s -> show(s.get(tooLarge)));
        case 1 -> same("set too large", s -> show(s.atomic().set(tooLarge, new byte[1]).commit()));
        case 2 -> same("empty key", s -> show(s.get(Tuple.of())));
        case 3 -> same("bad cursor", s -> listAll(s, selector().after("!!not base64")));
        default -> same("foreign cursor", s -> {
          String cursor = java.util.Base64.getUrlEncoder().withoutPadding()
              .encodeToString(Tuple.of("zzz-outside").pack());
          return listAll(s, ListSelector.of(TupleRange.prefix(Tuple.of("a"))).after(cursor));
        });
      }
    }

    /** Runs {@code call} on both stores and requires the same outcome, result or exception type. */
    private void same(String what, Function<KvStore, String> call) {
      log.add(what);
      String expected = outcome(() -> call.apply(lmdb));
      String actual = outcome(() -> call.apply(simulated));
      assertThat(actual)
          .as("seed %d, step %d: %s%nlast calls:%n%s", seed, log.size(), what,
              String.join("\n", log.subList(Math.max(0, log.size() - 15), log.size())))
          .isEqualTo(expected);
    }

    private static String outcome(Supplier<String> call) {
      try {
        return call.get();
      } catch (RuntimeException e) {
        return "threw " + e.getClass().getName();
      }
    }

    private Tuple key() {
      return keys.get(random.nextInt(keys.size()));
    }

    private Versionstamp expected(Tuple key) {
      int kind = random.nextInt(4);
      if (kind == 0) {
        return null;
      }
      if (kind == 1 || stamps.isEmpty()) {
        return simulated.get(key).versionstamp(); // the right one, mostly
      }
      return kind == 2 ? stamps.get(random.nextInt(stamps.size())) : Versionstamp.of(random.nextLong(1, 1000), random.nextInt(3));
    }

    private byte[] value() {
      int kind = random.nextInt(4);
      if (kind == 0) {
        byte[] counter = new byte[8];
        random.nextBytes(counter);
        return counter; // a valid counter, so sums on it work
      }
      byte[] value = new byte[kind == 1 ? 0 : random.nextInt(1, 20)];
      random.nextBytes(value);
      return value;
    }

    private long edgeLong() {
      long[] edges = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 255, 1L << 32};
      return random.nextBoolean() ? edges[random.nextInt(edges.length)] : random.nextLong();
    }

    private ListSelector selector() {
      TupleRange range = switch (random.nextInt(6)) {
        case 0 -> TupleRange.prefix(Tuple.of("a"));
        case 1 -> TupleRange.keyAndExtensions(Tuple.of("b"));
        case 2 -> {
          byte[] x = key().pack();
          byte[] y = key().pack();
          yield Arrays.compareUnsigned(x, y) <= 0 ? TupleRange.ofPacked(x, y) : TupleRange.ofPacked(y, x);
        }
        case 3 -> TupleRange.ofPacked(new byte[0], new byte[] {(byte) 0xFF});
        case 4 -> TupleRange.ofPacked(key().pack(), key().pack()); // often empty or inverted
        default -> TupleRange.startsWith(Tuple.of("b"), "x");
      };
      ListSelector selector = ListSelector.of(range).reverse(random.nextBoolean());
      if (random.nextBoolean()) {
        selector = selector.limit(random.nextInt(0, 8));
      }
      if (random.nextBoolean()) {
        selector = selector.batchSize(1 + random.nextInt(5));
      }
      return selector;
    }

    private static String describe(ListSelector s) {
      return s.range() + (s.isReverse() ? " reverse" : "") + " limit " + s.limit() + " batch " + s.batchSize()
          + (s.cursor() == null ? "" : " after " + s.cursor());
    }

    private static String listAll(KvReader reader, ListSelector selector) {
      StringBuilder out = new StringBuilder();
      try (KvIterator it = reader.list(selector)) {
        while (it.hasNext()) {
          out.append(show(it.next())).append(" | ").append(it.cursor()).append('\n');
        }
        out.append("end cursor ").append(it.cursor());
      }
      return out.toString();
    }

    private static String showAll(List<KvEntry> entries) {
      StringBuilder out = new StringBuilder();
      for (KvEntry entry : entries) {
        out.append(show(entry)).append('\n');
      }
      return out.toString();
    }

    private static String show(KvEntry entry) {
      return entry.key() + " = " + (entry.value() == null ? "absent" : HEX.formatHex(entry.value()))
          + " @ " + entry.versionstamp();
    }

    private static String show(CommitResult result) {
      return result.toString();
    }

    private static List<Tuple> keyPool() {
      List<Tuple> pool = new ArrayList<>();
      pool.add(Tuple.of("a"));
      pool.add(Tuple.of("b"));
      for (int i = -2; i < 4; i++) {
        pool.add(Tuple.of("a", i));
        pool.add(Tuple.of("b", "x" + i, i));
      }
      pool.add(Tuple.of("a", "with\u0000nul"));
      pool.add(Tuple.of("a", new byte[] {(byte) 0xFF, 0}));
      pool.add(Tuple.of("b", Tuple.of("nested", 1)));
      pool.add(Tuple.of("b", "x"));
      pool.add(Tuple.of("b", "xy", true));
      pool.add(Tuple.of("b", -0.0));
      pool.add(Tuple.of("b", Double.NaN));
      pool.add(Tuple.of((Object) null));
      pool.add(Tuple.of("k", "x".repeat(400)));
      pool.add(Tuple.of("\u0000tessera", "count", "user"));
      return pool;
    }
  }
}
