package dev.tessera.testkit;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CounterValueException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.RangeCheckTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/** Checks and mutations of a simulated store, evaluated by the storage at commit. Not thread-safe. */
final class SimulatedAtomicOperation implements AtomicOperation {
  private enum Kind { SET, DELETE, SUM, MIN, MAX }

  private record Check(Tuple key, Versionstamp expected) {}

  private record RangeCheck(TupleRange range, List<KvEntry> seen) {}

  private record Mutation(Kind kind, Tuple key, byte[] value, long operand) {}

  private final SimulatedKvStore connection;
  private final List<Check> checks = new ArrayList<>();
  private final List<RangeCheck> rangeChecks = new ArrayList<>();
  private final List<Mutation> mutations = new ArrayList<>();
  private boolean committed;

  SimulatedAtomicOperation(SimulatedKvStore connection) {
    this.connection = connection;
  }

  @Override
  public AtomicOperation check(Tuple key, Versionstamp expected) {
    SimulatedStorage.checkKeySize(key);
    checks.add(new Check(key, expected));
    return this;
  }

  @Override
  public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
    if (seen.size() > MAX_RANGE_CHECK_KEYS) {
      throw new RangeCheckTooLargeException(range, seen.size(), MAX_RANGE_CHECK_KEYS);
    }
    byte[] previous = null;
    for (KvEntry entry : seen) {
      byte[] key = entry.key().pack();
      if (!range.contains(key)) {
        throw new IllegalArgumentException("range check: " + entry.key() + " is outside " + range);
      }
      if (previous != null && Arrays.compareUnsigned(previous, key) >= 0) {
        throw new IllegalArgumentException("range check: seen keys out of order at " + entry.key());
      }
      if (!entry.exists()) {
        throw new IllegalArgumentException("range check: seen entry " + entry.key() + " is absent");
      }
      previous = key;
    }
    rangeChecks.add(new RangeCheck(range, List.copyOf(seen)));
    return this;
  }

  @Override
  public AtomicOperation set(Tuple key, byte[] value) {
    return add(Kind.SET, key, value.clone(), 0);
  }

  @Override
  public AtomicOperation delete(Tuple key) {
    return add(Kind.DELETE, key, null, 0);
  }

  @Override
  public AtomicOperation sum(Tuple key, long operand) {
    return add(Kind.SUM, key, null, operand);
  }

  @Override
  public AtomicOperation min(Tuple key, long operand) {
    return add(Kind.MIN, key, null, operand);
  }

  @Override
  public AtomicOperation max(Tuple key, long operand) {
    return add(Kind.MAX, key, null, operand);
  }

  private AtomicOperation add(Kind kind, Tuple key, byte[] value, long operand) {
    SimulatedStorage.checkKeySize(key);
    mutations.add(new Mutation(kind, key, value, operand));
    return this;
  }

  @Override
  public CommitResult commit() {
    if (committed) {
      throw new IllegalStateException("this atomic operation was already committed");
    }
    committed = true;
    connection.before("commit " + size());
    return connection.storage().commit(connection, this);
  }

  /** Checks (point, and each key a range check covers) plus distinct keys written. */
  int size() {
    Set<Tuple> written = new HashSet<>();
    for (Mutation m : mutations) {
      written.add(m.key());
    }
    int size = checks.size() + written.size();
    for (RangeCheck r : rangeChecks) {
      size += 1 + r.seen().size();
    }
    return size;
  }

  /** The keys this operation's checks cover in {@code state}: where a competing write would hit. */
  List<byte[]> checkedKeys(NavigableMap<byte[], KvEntry> state) {
    TreeSet<byte[]> keys = new TreeSet<>(Arrays::compareUnsigned);
    for (Check c : checks) {
      keys.add(c.key().pack());
    }
    for (RangeCheck r : rangeChecks) {
      keys.addAll(state.subMap(r.range().begin(), true, r.range().end(), false).keySet());
    }
    return new ArrayList<>(keys);
  }

  /** The first failed check in {@code state}, or {@code null} if all hold. */
  CommitResult evaluateChecks(NavigableMap<byte[], KvEntry> state) {
    for (Check c : checks) {
      KvEntry found = state.get(c.key().pack());
      Versionstamp actual = found == null ? null : found.versionstamp();
      if (!Objects.equals(actual, c.expected())) {
        return CommitResult.checkFailed(c.key(), c.expected(), actual);
      }
    }
    for (RangeCheck r : rangeChecks) {
      CommitResult failed = evaluate(r, state);
      if (failed != null) {
        return failed;
      }
    }
    return null;
  }

  private static CommitResult evaluate(RangeCheck r, NavigableMap<byte[], KvEntry> state) {
    Iterator<KvEntry> now = state.subMap(r.range().begin(), true, r.range().end(), false)
        .values().iterator();
    Iterator<KvEntry> seen = r.seen().iterator();
    KvEntry a = now.hasNext() ? now.next() : null;
    KvEntry b = seen.hasNext() ? seen.next() : null;
    while (a != null || b != null) {
      int order = a == null ? 1 : b == null ? -1
          : Arrays.compareUnsigned(a.key().pack(), b.key().pack());
      if (order < 0) {
        return CommitResult.rangeCheckFailed(r.range(), a.key(), null, a.versionstamp());
      }
      if (order > 0) {
        return CommitResult.rangeCheckFailed(r.range(), b.key(), b.versionstamp(), null);
      }
      if (!a.versionstamp().equals(b.versionstamp())) {
        return CommitResult.rangeCheckFailed(r.range(), a.key(), b.versionstamp(), a.versionstamp());
      }
      a = now.hasNext() ? now.next() : null;
      b = seen.hasNext() ? seen.next() : null;
    }
    return null;
  }

  /**
   * Applies every mutation to {@code state} (a writable copy, dropped if this throws) with {@code
   * stamp}.
   *
   * @throws CounterValueException if a counter operation meets a value that is not 8 bytes
   */
  void applyTo(NavigableMap<byte[], KvEntry> state, Versionstamp stamp) {
    for (Mutation m : mutations) {
      byte[] key = m.key().pack();
      switch (m.kind()) {
        case SET -> state.put(key, new KvEntry(m.key(), m.value(), stamp));
        case DELETE -> state.remove(key);
        default -> {
          Long old = counterIn(state, m.key());
          long next = switch (m.kind()) {
            case SUM -> (old == null ? 0 : old) + m.operand();
            case MIN -> old == null ? m.operand()
                : Long.compareUnsigned(old, m.operand()) <= 0 ? old : m.operand();
            default -> old == null ? m.operand()
                : Long.compareUnsigned(old, m.operand()) >= 0 ? old : m.operand();
          };
          state.put(key, new KvEntry(m.key(), ByteBuffer.allocate(8).putLong(next).array(), stamp));
        }
      }
    }
  }

  /** The counter at {@code key} in {@code state}, {@code null} if absent. */
  private static Long counterIn(Map<byte[], KvEntry> state, Tuple key) {
    KvEntry entry = state.get(key.pack());
    if (entry == null) {
      return null;
    }
    if (entry.value().length != 8) {
      throw new CounterValueException(key, entry.value().length);
    }
    return ByteBuffer.wrap(entry.value()).getLong();
  }
}
