package dev.tessera.testkit;

import dev.tessera.internal.kv.Counter;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.RangeCheckTooLargeException;
import dev.tessera.kv.etcd.CommitOutcomeUnknownException;
import dev.tessera.kv.etcd.CommitTooLargeException;
import dev.tessera.testkit.StoredState.Stored;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An {@link AtomicOperation} of a {@link SimulatedKvStore}. As the LMDB store's: keys and values are
 * validated when added, values are copied, {@link #commit()} may be called once and evaluates the
 * point checks in order, then the range checks, then the range count checks in order, then applies the mutations (a later
 * mutation of a key wins) with one new versionstamp; a counter on a value that is not 8 bytes fails
 * the commit with nothing written. Faults of the store's {@link FaultPlan} are drawn in the commit.
 * Not thread-safe.
 */
final class SimulatedAtomicOperation implements AtomicOperation {
  private record Check(Tuple key, byte[] packedKey, Versionstamp expected) {}

  private record RangeCheck(TupleRange range, List<KvEntry> seen, List<byte[]> packedSeen) {}

  private record CountCheck(TupleRange range, long count, Versionstamp readVersion) {}

  private sealed interface Mutation {
    byte[] packedKey();
  }

  private record Set(Tuple key, byte[] packedKey, byte[] value) implements Mutation {}

  private record Delete(byte[] packedKey) implements Mutation {}

  private record CounterUpdate(Tuple key, byte[] packedKey, Counter kind, long operand)
      implements Mutation {}

  /** How long etcd keeps the evidence of a commit's outcome, as the messages say it. */
  private static final long OUTCOME_RETENTION_SECONDS = 3600;

  private final SimulatedKvStore store;
  private final int born;
  private final List<Check> checks = new ArrayList<>();
  private final List<RangeCheck> rangeChecks = new ArrayList<>();
  private final List<CountCheck> countChecks = new ArrayList<>();
  private final List<Mutation> mutations = new ArrayList<>();
  private boolean committed;

  SimulatedAtomicOperation(SimulatedKvStore store, int born) {
    this.store = store;
    this.born = born;
  }

  @Override
  public AtomicOperation check(Tuple key, Versionstamp expected) {
    ensureNotCommitted();
    checks.add(new Check(key, SimulatedKvStore.packKey(key), expected));
    return this;
  }

  @Override
  public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
    ensureNotCommitted();
    Objects.requireNonNull(range, "range");
    if (seen.size() > MAX_RANGE_CHECK_KEYS) {
      throw new RangeCheckTooLargeException(range, seen.size(), MAX_RANGE_CHECK_KEYS);
    }
    List<byte[]> packed = new ArrayList<>(seen.size());
    for (KvEntry entry : seen) {
      if (!entry.exists()) {
        throw new IllegalArgumentException("A range check lists key " + entry.key()
            + " as seen but absent: list only the entries a scan returned");
      }
      byte[] key = SimulatedKvStore.packKey(entry.key());
      if (!range.contains(key)) {
        throw new IllegalArgumentException(
            "A range check lists key " + entry.key() + ", which lies outside its range " + range);
      }
      if (!packed.isEmpty() && Arrays.compareUnsigned(packed.get(packed.size() - 1), key) >= 0) {
        throw new IllegalArgumentException("A range check's seen keys must be in ascending key"
            + " order without repeats: " + entry.key() + " is not");
      }
      packed.add(key);
    }
    rangeChecks.add(new RangeCheck(range, List.copyOf(seen), packed));
    return this;
  }

  /**
   * {@inheritDoc}
   *
   * <p>As the LMDB store validates it: at commit, every key of the range must carry a versionstamp
   * no newer than {@code readVersion}, and there must be {@code count} of them.
   */
  @Override
  public AtomicOperation checkRangeCount(TupleRange range, long count, Versionstamp readVersion) {
    ensureNotCommitted();
    Objects.requireNonNull(range, "range");
    Objects.requireNonNull(readVersion, "readVersion");
    if (count < 0) {
      throw new IllegalArgumentException("A range count check needs a count of at least 0, not " + count);
    }
    countChecks.add(new CountCheck(range, count, readVersion));
    return this;
  }

  @Override
  public boolean checksRangeCounts() {
    return true;
  }

  @Override
  public AtomicOperation set(Tuple key, byte[] value) {
    ensureNotCommitted();
    Objects.requireNonNull(value, "value");
    byte[] packed = SimulatedKvStore.packKey(key);
    SimulatedKvStore.checkValue(key, value);
    mutations.add(new Set(key, packed, value.clone()));
    return this;
  }

  @Override
  public AtomicOperation delete(Tuple key) {
    ensureNotCommitted();
    mutations.add(new Delete(SimulatedKvStore.packKey(key)));
    return this;
  }

  @Override
  public AtomicOperation sum(Tuple key, long operand) {
    return counter(key, Counter.SUM, operand);
  }

  @Override
  public AtomicOperation min(Tuple key, long operand) {
    return counter(key, Counter.MIN, operand);
  }

  @Override
  public AtomicOperation max(Tuple key, long operand) {
    return counter(key, Counter.MAX, operand);
  }

  private AtomicOperation counter(Tuple key, Counter kind, long operand) {
    ensureNotCommitted();
    mutations.add(new CounterUpdate(key, SimulatedKvStore.packKey(key), kind, operand));
    return this;
  }

  /**
   * Commits, injecting the faults the plan draws, in this order: a crash before anything is
   * applied, a delay, a commit over a limit, a conflict, an unknown outcome, and a crash after the
   * commit was applied.
   *
   * @throws CommitTooLargeException (etcd's) when {@link Fault#COMMIT_TOO_LARGE} is drawn
   * @throws CommitOutcomeUnknownException when {@link Fault#UNKNOWN_OUTCOME_APPLIED} or {@link
   *     Fault#UNKNOWN_OUTCOME_NOT_APPLIED} is drawn
   * @throws SimulatedCrash when {@link Fault#CRASH} is drawn, or a crash happened since this
   *     operation was started
   */
  @Override
  public CommitResult commit() {
    ensureNotCommitted();
    committed = true;
    store.enter(StoreCall.COMMIT, "commit");
    store.ensureAlive(born, "commit");
    FaultPlan plan = store.plan();
    int operations = checks.size() + rangeChecks.size() + countChecks.size() + mutations.size();
    if (operations >= 2 && store.draw(plan.commitTooLarge())) {
      long limit = 1 + store.nextLong(operations - 1);
      store.observer().faultInjected(Fault.COMMIT_TOO_LARGE, operations + " operations > " + limit);
      throw new CommitTooLargeException("--max-txn-ops", limit, operations, "operations",
          "(simulated: " + mutations.size() + " mutations, " + (checks.size() + rangeChecks.size() + countChecks.size())
          + " checks)");
    }
    if (store.draw(plan.conflict())) {
      touchACheckedKey();
    }
    Fault unknown = null;
    if (store.draw(plan.unknownOutcome())) {
      unknown = store.nextLong(2) == 0 ? Fault.UNKNOWN_OUTCOME_APPLIED : Fault.UNKNOWN_OUTCOME_NOT_APPLIED;
    }
    if (unknown == Fault.UNKNOWN_OUTCOME_NOT_APPLIED) {
      throw unknownOutcome(unknown);
    }
    CommitResult result = apply();
    if (unknown == Fault.UNKNOWN_OUTCOME_APPLIED) {
      throw unknownOutcome(unknown);
    }
    if (store.draw(plan.crash())) {
      throw store.crashNow("COMMIT after it was applied");
    }
    return result;
  }

  private CommitOutcomeUnknownException unknownOutcome(Fault fault) {
    String commitId = "sim-" + store.nextCommitId();
    store.observer().faultInjected(fault, "commit " + commitId);
    return new CommitOutcomeUnknownException(commitId, OUTCOME_RETENTION_SECONDS, null);
  }

  /** Evaluates the checks and, if all hold, publishes the state with the mutations applied. */
  private CommitResult apply() {
    store.commitLock().lock();
    try {
      StoredState current = store.state();
      CommitResult failed = failedCheck(current);
      if (failed != null) {
        return failed;
      }
      long version = current.version() + 1;
      Versionstamp stamp = Versionstamp.of(version, 0);
      TreeMap<byte[], Stored> next = current.mutableCopy();
      for (Mutation mutation : mutations) {
        applyTo(next, mutation, stamp);
      }
      store.publish(StoredState.of(next, version));
      return CommitResult.success(SimulatedKvStore.copy(stamp));
    } finally {
      store.commitLock().unlock();
    }
  }

  private static void applyTo(TreeMap<byte[], Stored> entries, Mutation mutation, Versionstamp stamp) {
    if (mutation instanceof Set set) {
      entries.put(set.packedKey(), new Stored(set.key(), set.value(), stamp));
    } else if (mutation instanceof Delete delete) {
      entries.remove(delete.packedKey());
    } else {
      CounterUpdate update = (CounterUpdate) mutation;
      Stored stored = entries.get(update.packedKey());
      byte[] value = update.kind().applyTo(
          update.key(), stored == null ? null : stored.value(), update.operand());
      entries.put(update.packedKey(), new Stored(update.key(), value, stamp));
    }
  }

  /** The first check that fails against {@code state}, or {@code null} if every check holds. */
  private CommitResult failedCheck(StoredState state) {
    for (Check check : checks) {
      Stored stored = state.get(check.packedKey());
      Versionstamp actual = stored == null ? null : stored.stamp();
      if (!Objects.equals(check.expected(), actual)) {
        return CommitResult.checkFailed(check.key(), check.expected(), SimulatedKvStore.copy(actual));
      }
    }
    for (RangeCheck rangeCheck : rangeChecks) {
      CommitResult failed = failedRangeCheck(state, rangeCheck);
      if (failed != null) {
        return failed;
      }
    }
    for (CountCheck countCheck : countChecks) {
      CommitResult failed = failedCountCheck(state, countCheck);
      if (failed != null) {
        return failed;
      }
    }
    return null;
  }

  /** A key written after the count's read version, or another number of keys: the count changed. */
  private static CommitResult failedCountCheck(StoredState state, CountCheck check) {
    byte[] begin = check.range().begin();
    byte[] end = check.range().end();
    long found = 0;
    if (Arrays.compareUnsigned(begin, end) < 0) {
      for (Stored stored : state.entries().subMap(begin, true, end, false).values()) {
        if (stored.stamp().compareTo(check.readVersion()) > 0) {
          return CommitResult.rangeCheckFailed(check.range(), stored.key(), null, SimulatedKvStore.copy(stored.stamp()));
        }
        found++;
      }
    }
    return found == check.count() ? null : CommitResult.rangeCheckFailed(check.range(), null, null, null);
  }

  private static CommitResult failedRangeCheck(StoredState state, RangeCheck check) {
    byte[] begin = check.range().begin();
    byte[] end = check.range().end();
    if (Arrays.compareUnsigned(begin, end) >= 0) {
      return null;
    }
    Iterator<Map.Entry<byte[], Stored>> found =
        state.entries().subMap(begin, true, end, false).entrySet().iterator();
    List<KvEntry> seen = check.seen();
    for (int i = 0; ; i++) {
      if (!found.hasNext()) {
        return i < seen.size() ? removed(check, i) : null;
      }
      Map.Entry<byte[], Stored> entry = found.next();
      int order = i < seen.size()
          ? Arrays.compareUnsigned(entry.getKey(), check.packedSeen().get(i)) : -1;
      if (order < 0) {
        Stored added = entry.getValue();
        return CommitResult.rangeCheckFailed(check.range(), added.key(), null, SimulatedKvStore.copy(added.stamp()));
      }
      if (order > 0) {
        return removed(check, i);
      }
      Versionstamp actual = entry.getValue().stamp();
      if (actual.compareTo(seen.get(i).versionstamp()) != 0) {
        return CommitResult.rangeCheckFailed(
            check.range(), seen.get(i).key(), seen.get(i).versionstamp(), SimulatedKvStore.copy(actual));
      }
    }
  }

  private static CommitResult removed(RangeCheck check, int i) {
    KvEntry seen = check.seen().get(i);
    return CommitResult.rangeCheckFailed(check.range(), seen.key(), seen.versionstamp(), null);
  }

  /**
   * {@link Fault#CONFLICT}: another writer commits first, rewriting with its value a present key
   * that this commit checks (a point check expecting it present, else a key a range check saw, else
   * the first key of a counted range), so the check fails as it would against a real concurrent
   * writer. Nothing happens when no check names a present key: a real writer could not make such a
   * commit fail without changing data.
   */
  private void touchACheckedKey() {
    store.commitLock().lock();
    try {
      StoredState current = store.state();
      byte[] target = null;
      for (Check check : checks) {
        if (check.expected() != null && current.get(check.packedKey()) != null) {
          target = check.packedKey();
          break;
        }
      }
      for (int r = 0; target == null && r < rangeChecks.size(); r++) {
        for (byte[] key : rangeChecks.get(r).packedSeen()) {
          if (current.get(key) != null) {
            target = key;
            break;
          }
        }
      }
      for (int c = 0; target == null && c < countChecks.size(); c++) {
        TupleRange range = countChecks.get(c).range();
        if (Arrays.compareUnsigned(range.begin(), range.end()) < 0) {
          target = current.entries().subMap(range.begin(), true, range.end(), false).keySet().stream()
              .findFirst().orElse(null);
        }
      }
      if (target == null) {
        return;
      }
      Stored stored = current.get(target);
      long version = current.version() + 1;
      TreeMap<byte[], Stored> next = current.mutableCopy();
      next.put(target, new Stored(stored.key(), stored.value(), Versionstamp.of(version, 0)));
      store.publish(StoredState.of(next, version));
      store.observer().faultInjected(Fault.CONFLICT, "another writer rewrote " + stored.key());
    } finally {
      store.commitLock().unlock();
    }
  }

  private void ensureNotCommitted() {
    if (committed) {
      throw new IllegalStateException("This atomic operation was already committed; start a new one");
    }
  }
}
