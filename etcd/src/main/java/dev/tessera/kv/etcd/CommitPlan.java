package dev.tessera.kv.etcd;

import dev.tessera.internal.kv.Counter;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CounterValueException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.RangeCheckTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.PutOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The checks and writes of one atomic operation, shaped for one etcd transaction. etcd refuses two
 * writes of one key in a transaction, so each key's writes are merged here, in the order they were
 * added: a set or delete replaces what came before it, and counter steps after it are applied to its
 * value. Counter steps on the stored value become a guarded read-modify-write: the stored value is
 * read, the result computed here, and the transaction compares the key's mod revision with the one
 * read (a concurrent change makes the commit retry with a fresh read).
 *
 * <p>Not thread-safe.
 */
final class CommitPlan {
  /** A check: the key must have {@code expected} (null = absent). */
  record Check(Tuple key, ByteSequence etcdKey, Versionstamp expected) {}

  /** A range check: the keys of {@code range} must be exactly {@code seen}, unchanged. */
  record RangeCheck(
      TupleRange range, ByteSequence begin, ByteSequence end, List<KvEntry> seen, long seenKeyBytes) {

    /**
     * The compares: no key in the range newer than the newest seen (so none was added or changed
     * since), and every key seen still at its revision (so none was removed).
     */
    List<Cmp> compares(KeySpace keys) {
      long newest = 0;
      List<Cmp> compares = new ArrayList<>(seen.size() + 1);
      for (KvEntry entry : seen) {
        newest = Math.max(newest, entry.versionstamp().commitVersion());
        compares.add(new Cmp(keys.key(entry.key()), Cmp.Op.EQUAL,
            CmpTarget.modRevision(revisionOf(entry.versionstamp()))));
      }
      compares.add(RangeCompares.modRevisionsBelow(begin, end, newest + 1));
      return compares;
    }

    /**
     * The first difference between {@code found} (the range's keys now, ascending) and what was
     * seen, or null if there is none.
     */
    CommitResult firstDifference(List<KvEntry> found) {
      int i = 0;
      int j = 0;
      while (i < seen.size() || j < found.size()) {
        KvEntry s = i < seen.size() ? seen.get(i) : null;
        KvEntry f = j < found.size() ? found.get(j) : null;
        int order = s == null ? 1 : f == null ? -1 : s.key().compareTo(f.key());
        if (order < 0) {
          return CommitResult.rangeCheckFailed(range, s.key(), s.versionstamp(), null);
        }
        if (order > 0) {
          return CommitResult.rangeCheckFailed(range, f.key(), null, f.versionstamp());
        }
        if (!s.versionstamp().equals(f.versionstamp())) {
          return CommitResult.rangeCheckFailed(range, s.key(), s.versionstamp(), f.versionstamp());
        }
        i++;
        j++;
      }
      return null;
    }
  }

  private record Step(Counter combine, long operand) {}

  /** All writes of one key, merged. */
  private static final class KeyWrite {
    final Tuple key;
    final ByteSequence etcdKey;
    boolean replaced;
    byte[] base; // the value set (null = deleted) when replaced
    final List<Step> steps = new ArrayList<>();

    KeyWrite(Tuple key, ByteSequence etcdKey) {
      this.key = key;
      this.etcdKey = etcdKey;
    }

    boolean readsStoredValue() {
      return !replaced && !steps.isEmpty();
    }

    int valueSize() {
      return steps.isEmpty() ? (base == null ? 0 : base.length) : 8;
    }
  }

  private static final int OP_OVERHEAD_BYTES = 24;
  /**
   * The bytes after the prefix of the outcome marker's key and value, which the store adds to every
   * commit (an upper bound).
   */
  private static final int OWN_OP_KEY_BYTES = 64;

  private final KeySpace keys;
  private final List<Check> checks = new ArrayList<>();
  private final List<RangeCheck> rangeChecks = new ArrayList<>();
  private final Map<byte[], KeyWrite> writes = new TreeMap<>(Arrays::compareUnsigned);

  CommitPlan(KeySpace keys) {
    this.keys = keys;
  }

  void check(Tuple key, Versionstamp expected) {
    checks.add(new Check(key, keys.key(key), expected));
  }

  /**
   * Adds a range check.
   *
   * @throws RangeCheckTooLargeException over {@link AtomicOperation#MAX_RANGE_CHECK_KEYS} keys
   * @throws IllegalArgumentException if {@code seen} is out of order, outside the range or absent
   */
  void checkRange(TupleRange range, List<KvEntry> seen) {
    if (seen.size() > AtomicOperation.MAX_RANGE_CHECK_KEYS) {
      throw new RangeCheckTooLargeException(range, seen.size(), AtomicOperation.MAX_RANGE_CHECK_KEYS);
    }
    byte[] previous = null;
    long seenKeyBytes = 0;
    for (KvEntry entry : seen) {
      if (!entry.exists()) {
        throw new IllegalArgumentException("A range check's seen entries must exist; "
            + entry.key() + " is absent");
      }
      byte[] packed = keys.packChecked(entry.key());
      if (!range.contains(packed)) {
        throw new IllegalArgumentException("Key " + entry.key() + " lies outside the checked range "
            + range);
      }
      if (previous != null && Arrays.compareUnsigned(previous, packed) >= 0) {
        throw new IllegalArgumentException("A range check's seen entries must be in ascending key"
            + " order without repeats; " + entry.key() + " is not");
      }
      previous = packed;
      seenKeyBytes += keys.prefixSize() + packed.length;
    }
    rangeChecks.add(new RangeCheck(range, keys.rangeStart(range.begin()), keys.rangeEnd(range.end()),
        List.copyOf(seen), seenKeyBytes));
  }

  /**
   * The mod revision a versionstamp stands for: every versionstamp on etcd has order 0, so one with
   * another order can never match (-1 is no mod revision).
   */
  static long revisionOf(Versionstamp stamp) {
    return stamp == null ? 0 : stamp.order() == 0 ? stamp.commitVersion() : -1;
  }

  List<RangeCheck> rangeChecks() {
    return rangeChecks;
  }

  void set(Tuple key, byte[] value) {
    KeyWrite write = write(key);
    write.replaced = true;
    write.base = value;
    write.steps.clear();
  }

  void delete(Tuple key) {
    set(key, null);
  }

  void counter(Tuple key, Counter combine, long operand) {
    write(key).steps.add(new Step(combine, operand));
  }

  List<Check> checks() {
    return checks;
  }

  /** The keys whose stored value a counter step needs. */
  List<Tuple> storedValuesNeeded() {
    return writes.values().stream().filter(KeyWrite::readsStoredValue).map(w -> w.key)
        .collect(Collectors.toList());
  }

  /**
   * Refuses the commit before sending when it exceeds the cluster's limits: {@code extraOps} more
   * compares and writes are added by the store itself (the outcome marker).
   *
   * @throws CommitTooLargeException naming the limit and the biggest contributors
   */
  void checkLimits(EtcdOptions options, int extraOps) {
    int writeOps = writes.size() + extraOps;
    if (writeOps > options.maxTxnOps()) {
      throw new CommitTooLargeException("--max-txn-ops", options.maxTxnOps(), writeOps,
          "writes to distinct keys (including " + extraOps + " of the store's own)", "writes",
          contributors(writes.values().stream().map(w -> w.key).collect(Collectors.toList())));
    }
    int compares = checks.size() + storedValuesNeeded().size() + extraOps;
    for (RangeCheck rangeCheck : rangeChecks) {
      compares += 1 + rangeCheck.seen().size();
    }
    if (compares > options.maxTxnOps()) {
      List<Tuple> checked = new ArrayList<>();
      checks.forEach(c -> checked.add(c.key()));
      rangeChecks.forEach(r -> r.seen().forEach(e -> checked.add(e.key())));
      checked.addAll(storedValuesNeeded());
      throw new CommitTooLargeException("--max-txn-ops", options.maxTxnOps(), compares,
          "compares (checks, keys seen by range checks, counter guards and " + extraOps
              + " of the store's own)", "checks",
          contributors(checked));
    }
    long bytes = requestBytes(extraOps, null);
    if (bytes > options.maxRequestBytes()) {
      Map<Tuple, Long> byOwner = new LinkedHashMap<>();
      requestBytes(extraOps, byOwner);
      throw new CommitTooLargeException("--max-request-bytes", options.maxRequestBytes(), bytes,
          CommitTooLargeException.BYTES, CommitTooLargeException.BYTES, byOwner);
    }
  }

  /**
   * The estimated request size, each part with {@link #OP_OVERHEAD_BYTES}: writes (key and value);
   * point checks (a compare, and a read of the key in the failure branch); range checks (a compare
   * per key seen, one over the range, and a read of the range in the failure branch); the compares
   * guarding counters' stored values; the store's own {@code extraOps} compares and writes.
   *
   * @param byOwner if not null, receives each owner's share (the store's own ops excluded)
   */
  private long requestBytes(int extraOps, Map<Tuple, Long> byOwner) {
    long total = extraOps * 2L * (keys.prefixSize() + OWN_OP_KEY_BYTES + OP_OVERHEAD_BYTES);
    for (KeyWrite write : writes.values()) {
      long bytes = write.etcdKey.size() + write.valueSize() + (long) OP_OVERHEAD_BYTES;
      if (write.readsStoredValue()) {
        bytes += write.etcdKey.size() + OP_OVERHEAD_BYTES;
      }
      total += share(byOwner, write.key, bytes);
    }
    for (Check check : checks) {
      total += share(byOwner, check.key(), 2L * (check.etcdKey().size() + OP_OVERHEAD_BYTES));
    }
    for (RangeCheck rangeCheck : rangeChecks) {
      long bytes = 2L * (rangeCheck.begin().size() + rangeCheck.end().size() + OP_OVERHEAD_BYTES)
          + rangeCheck.seenKeyBytes() + (long) rangeCheck.seen().size() * OP_OVERHEAD_BYTES;
      if (byOwner != null) {
        byOwner.merge(owner(rangeCheck), bytes, Long::sum);
      }
      total += bytes;
    }
    return total;
  }

  private static long share(Map<Tuple, Long> byOwner, Tuple key, long bytes) {
    if (byOwner != null) {
      byOwner.merge(owner(key), bytes, Long::sum);
    }
    return bytes;
  }

  /**
   * The exception for a commit the cluster refused as too large although {@link #checkLimits}
   * let it through (the members' limits are lower than the ones in {@link EtcdOptions}).
   *
   * @param refusal etcd's answer, naming the limit
   */
  CommitTooLargeException refusedAsTooLarge(EtcdOptions options, int extraOps, String refusal) {
    if (refusal.contains("too many operations")) {
      int ops = Math.max(writes.size(), checks.size() + storedValuesNeeded().size()) + extraOps;
      return new CommitTooLargeException("--max-txn-ops", options.maxTxnOps(), ops,
          "operations, which the cluster refused (" + refusal + "; its members' --max-txn-ops is lower"
              + " than EtcdOptions.maxTxnOps)", "writes",
          contributors(writes.values().stream().map(w -> w.key).collect(Collectors.toList())));
    }
    Map<Tuple, Long> byOwner = new LinkedHashMap<>();
    long bytes = requestBytes(extraOps, byOwner);
    return new CommitTooLargeException("--max-request-bytes", options.maxRequestBytes(), bytes,
        "bytes (estimated), which the cluster refused (" + refusal + "; its members'"
            + " --max-request-bytes is lower than EtcdOptions.maxRequestBytes)",
        CommitTooLargeException.BYTES, byOwner);
  }

  /**
   * The compares that guard the stored values read for counters, and the transaction's writes,
   * computed from those values.
   *
   * @param stored the stored entries of {@link #storedValuesNeeded()} (absent keys missing)
   * @throws CounterValueException if a counter step meets a value that is not 8 bytes
   */
  Resolved resolve(Map<Tuple, KvEntry> stored) {
    List<Cmp> guards = new ArrayList<>();
    List<Op> ops = new ArrayList<>(writes.size() + 1);
    for (KeyWrite write : writes.values()) {
      byte[] value = write.base;
      if (write.readsStoredValue()) {
        KvEntry current = stored.get(write.key);
        value = current == null ? null : current.value();
        guards.add(new Cmp(write.etcdKey, Cmp.Op.EQUAL,
            CmpTarget.modRevision(current == null ? 0 : current.versionstamp().commitVersion())));
      }
      for (Step step : write.steps) {
        value = step.combine().applyTo(write.key, value, step.operand());
      }
      ops.add(value == null
          ? Op.delete(write.etcdKey, DeleteOption.DEFAULT)
          : Op.put(write.etcdKey, ByteSequence.from(value), PutOption.DEFAULT));
    }
    return new Resolved(guards, ops);
  }

  /** Guards and writes ready to send. */
  record Resolved(List<Cmp> guards, List<Op> writes) {}

  private KeyWrite write(Tuple key) {
    byte[] packed = keys.packChecked(key);
    return writes.computeIfAbsent(packed, p -> new KeyWrite(key, keys.packed(p)));
  }

  private static Map<Tuple, Long> contributors(List<Tuple> keys) {
    Map<Tuple, Long> counts = new LinkedHashMap<>();
    for (Tuple key : keys) {
      counts.merge(owner(key), 1L, Long::sum);
    }
    return counts;
  }

  /**
   * The first part of a key, usually the entity or index it belongs to, as a tuple; the store's
   * reserved keys (whose first part is a NUL-led prefix) by their first two parts.
   */
  private static Tuple owner(Tuple key) {
    int parts = key.get(0) instanceof String s && s.startsWith("\u0000") ? 2 : 1;
    return key.subTuple(0, Math.min(parts, key.size()));
  }

  /** The owner of a range check's keys: that of the keys seen, or of the range's start. */
  private static Tuple owner(RangeCheck rangeCheck) {
    if (!rangeCheck.seen().isEmpty()) {
      return owner(rangeCheck.seen().get(0).key());
    }
    try {
      return owner(Tuple.unpack(rangeCheck.range().begin()));
    } catch (RuntimeException e) {
      return Tuple.of("a range check");
    }
  }
}
