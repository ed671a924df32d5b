package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCount;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A transaction's view of the store against an in-memory model, on real LMDB: random
 * transactions of point reads, listings (both directions, with limits), counts, atomic operations with
 * sets, deletes, counter sums, minimums and maximums, checks that hold and checks that fail, and
 * callers that change their value arrays after handing them over. Inside each transaction every
 * read must match the model with the transaction's own writes applied; after it, the store must
 * hold exactly the model (or, when the function threw, exactly what it held before).
 */
class TransactionViewModelTest {
  private static final int KEYS = 20;
  private static final int COUNTERS = 4;
  private static final TupleRange VALUES = TupleRange.prefix(Tuple.of("v"));
  private static final TupleRange COUNTS = TupleRange.prefix(Tuple.of("c"));

  @TempDir Path dir;

  /** Thrown by a transaction's function to abort it. */
  private static final class Abort extends RuntimeException {
    Abort() {
      super("aborted by the test");
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void randomTransactionsReadAndCommitWhatTheModelSays(long seed) {
    Random random = new Random(seed);
    try (KvStore store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(Durability.NO_SYNC).build())) {
      TreeMap<Tuple, byte[]> committed = new TreeMap<>();
      for (int t = 0; t < 40; t++) {
        boolean abort = random.nextInt(6) == 0;
        TreeMap<Tuple, byte[]> inside = copy(committed);
        try {
          Transactions.run(store, tx -> {
            inside.clear();
            inside.putAll(copy(committed));
            int steps = 1 + random.nextInt(30);
            for (int s = 0; s < steps; s++) {
              step(random, tx.store(), inside);
            }
            if (abort) {
              throw new Abort();
            }
            return null;
          });
          committed.clear();
          committed.putAll(inside);
        } catch (Abort expected) {
          // nothing of it may be stored
        }
        assertThat(contents(store)).as("the store after transaction %d of seed %d", t, seed)
            .isEqualTo(render(committed));
      }
    }
  }

  /** One random step of a transaction on {@code view}, checked against and applied to {@code model}. */
  private static void step(Random random, KvStore view, TreeMap<Tuple, byte[]> model) {
    switch (random.nextInt(6)) {
      case 0 -> {
        Tuple key = anyKey(random);
        KvEntry entry = view.get(key);
        assertThat(entry.exists()).as("%s exists", key).isEqualTo(model.containsKey(key));
        assertThat(entry.value()).as("the value of %s", key).isEqualTo(model.get(key));
      }
      case 1 -> {
        boolean reverse = random.nextBoolean();
        int limit = random.nextBoolean() ? 0 : 1 + random.nextInt(KEYS);
        ListSelector selector = ListSelector.of(VALUES).reverse(reverse);
        if (limit > 0) {
          selector = selector.limit(limit);
        }
        List<String> expected = new ArrayList<>();
        NavigableMap<Tuple, byte[]> values = model.subMap(Tuple.of("v"), true, Tuple.of("w"), false);
        for (Map.Entry<Tuple, byte[]> e : (reverse ? values.descendingMap() : values).entrySet()) {
          if (limit > 0 && expected.size() == limit) {
            break;
          }
          expected.add(render(e.getKey(), e.getValue()));
        }
        List<String> listed = new ArrayList<>();
        try (KvIterator it = view.list(selector)) {
          it.forEachRemaining(e -> listed.add(render(e.key(), e.value())));
        }
        assertThat(listed).as("listing reverse=%s limit=%d", reverse, limit).isEqualTo(expected);
      }
      case 2 -> {
        // A count on keys alone where the view can (else null: the caller lists), with or without a limit.
        int limit = random.nextBoolean() ? 0 : 1 + random.nextInt(KEYS);
        ListSelector selector = ListSelector.of(VALUES);
        if (limit > 0) {
          selector = selector.limit(limit);
        }
        RangeCount counted = view.snapshot().count(selector);
        int stored = model.subMap(Tuple.of("v"), true, Tuple.of("w"), false).size();
        if (counted != null) {
          assertThat(counted.count()).as("count limit=%d", limit)
              .isEqualTo(limit > 0 ? Math.min(limit, stored) : stored);
        }
      }
      default -> atomic(random, view, model);
    }
  }

  /** An atomic operation of random checks and mutations: applied to the model only if it commits. */
  private static void atomic(Random random, KvStore view, TreeMap<Tuple, byte[]> model) {
    AtomicOperation op = view.atomic();
    TreeMap<Tuple, byte[]> after = copy(model);
    boolean checksHold = true;
    List<Runnable> changesAfterHandOver = new ArrayList<>();
    int mutations = 1 + random.nextInt(5);
    if (random.nextInt(3) == 0) {
      Tuple key = valueKey(random.nextInt(KEYS));
      KvEntry seen = view.get(key);
      boolean holds = random.nextInt(4) != 0;
      if (random.nextBoolean()) { // the entry read itself, or one the key does not match
        op.check(holds ? seen
            : seen.exists() ? KvEntry.absent(key) : new KvEntry(key, new byte[0], Versionstamp.of(1, 0)));
      } else {
        op.check(key, holds ? seen.versionstamp() : (seen.exists() ? null : Versionstamp.of(1, 0)));
      }
      checksHold = holds;
    }
    for (int m = 0; m < mutations; m++) {
      switch (random.nextInt(4)) {
        case 0, 1 -> {
          Tuple key = valueKey(random.nextInt(KEYS));
          byte[] value = new byte[random.nextInt(4)];
          random.nextBytes(value);
          after.put(key, value.clone());
          op.set(key, value);
          // The caller's array is the caller's: changing it must change nothing stored.
          changesAfterHandOver.add(() -> Arrays.fill(value, (byte) 0x5A));
        }
        case 2 -> {
          Tuple key = anyKey(random);
          after.remove(key);
          op.delete(key);
        }
        default -> {
          Tuple key = counterKey(random.nextInt(COUNTERS));
          long operand = random.nextBoolean() ? random.nextInt(100) : random.nextLong();
          byte[] current = after.get(key);
          long result;
          switch (random.nextInt(3)) {
            case 0 -> {
              op.sum(key, operand);
              result = current == null ? operand : counter(current) + operand;
            }
            case 1 -> {
              op.min(key, operand);
              result = current == null || Long.compareUnsigned(operand, counter(current)) < 0
                  ? operand : counter(current);
            }
            default -> {
              op.max(key, operand);
              result = current == null || Long.compareUnsigned(operand, counter(current)) > 0
                  ? operand : counter(current);
            }
          }
          after.put(key, ByteBuffer.allocate(Long.BYTES).putLong(result).array());
        }
      }
      if (random.nextBoolean()) {
        changesAfterHandOver.forEach(Runnable::run);
      }
    }
    CommitResult result = op.commit();
    changesAfterHandOver.forEach(Runnable::run);
    assertThat(result.ok()).as("the operation's checks hold").isEqualTo(checksHold);
    if (result.ok()) {
      model.clear();
      model.putAll(after);
    }
  }

  private static Tuple anyKey(Random random) {
    return random.nextInt(4) == 0 ? counterKey(random.nextInt(COUNTERS)) : valueKey(random.nextInt(KEYS));
  }

  private static Tuple valueKey(int n) {
    return Tuple.of("v", n);
  }

  private static Tuple counterKey(int n) {
    return Tuple.of("c", n);
  }

  private static long counter(byte[] stored) {
    return ByteBuffer.wrap(stored).getLong();
  }

  private static TreeMap<Tuple, byte[]> copy(TreeMap<Tuple, byte[]> model) {
    TreeMap<Tuple, byte[]> copy = new TreeMap<>();
    model.forEach((k, v) -> copy.put(k, v.clone()));
    return copy;
  }

  private static List<String> contents(KvStore store) {
    List<String> all = new ArrayList<>();
    for (TupleRange range : List.of(COUNTS, VALUES)) {
      try (KvIterator it = store.list(ListSelector.of(range))) {
        it.forEachRemaining(e -> all.add(render(e.key(), e.value())));
      }
    }
    return all;
  }

  private static List<String> render(TreeMap<Tuple, byte[]> model) {
    List<String> all = new ArrayList<>();
    model.forEach((k, v) -> all.add(render(k, v)));
    return all;
  }

  private static String render(Tuple key, byte[] value) {
    return key + "=" + Arrays.toString(value);
  }
}
