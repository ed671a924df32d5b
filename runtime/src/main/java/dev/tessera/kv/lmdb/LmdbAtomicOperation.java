package dev.tessera.kv.lmdb;

import dev.tessera.internal.kv.Counter;
import dev.tessera.internal.kv.OwnedValues;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.agrona.DirectBuffer;
import org.lmdbjava.Txn;

/**
 * An {@link AtomicOperation} on an {@link LmdbKvStore}. Keys and values are validated when added
 * (so an oversized key fails before anything is written), and the value array is copied. {@link
 * #commit()} may be called once.
 *
 * <p>Not thread-safe: build and commit it on one thread.
 */
final class LmdbAtomicOperation implements AtomicOperation, OwnedValues {
  private record Check(Tuple key, byte[] packedKey, Versionstamp expected) {}

  private final LmdbEnvironment environment;
  private final List<Check> checks = new ArrayList<>();
  private final List<RangeCheck> rangeChecks = new ArrayList<>();
  private final List<RangeCountCheck> countChecks = new ArrayList<>();
  private final List<Mutation> mutations = new ArrayList<>();
  private boolean committed;

  LmdbAtomicOperation(LmdbEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public AtomicOperation check(Tuple key, Versionstamp expected) {
    ensureNotCommitted();
    checks.add(new Check(key, StoredEntry.packKey(key), expected));
    return this;
  }

  @Override
  public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
    ensureNotCommitted();
    rangeChecks.add(RangeCheck.of(Objects.requireNonNull(range, "range"), seen));
    return this;
  }

  @Override
  public AtomicOperation checkRangeCount(TupleRange range, long count, Versionstamp readVersion) {
    ensureNotCommitted();
    countChecks.add(new RangeCountCheck(Objects.requireNonNull(range, "range"), count,
        Objects.requireNonNull(readVersion, "readVersion")));
    return this;
  }

  /** Supported: a snapshot of this store counts ({@link LmdbSnapshot#count}). */
  @Override
  public boolean checksRangeCounts() {
    return true;
  }

  @Override
  public AtomicOperation set(Tuple key, byte[] value) {
    ensureNotCommitted();
    Objects.requireNonNull(value, "value");
    return setValue(key, value.clone());
  }

  /** As {@link #set}, keeping {@code value} (the transaction view's own copy) instead of a copy. */
  @Override
  public void setOwned(Tuple key, byte[] value) {
    ensureNotCommitted();
    setValue(key, Objects.requireNonNull(value, "value"));
  }

  private AtomicOperation setValue(Tuple key, byte[] value) {
    byte[] packed = StoredEntry.packKey(key);
    StoredEntry.checkValue(key, value);
    mutations.add(new Mutation.Set(packed, value));
    return this;
  }

  @Override
  public AtomicOperation delete(Tuple key) {
    ensureNotCommitted();
    mutations.add(new Mutation.Delete(StoredEntry.packKey(key)));
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
    mutations.add(new Mutation.CounterUpdate(key, StoredEntry.packKey(key), kind, operand));
    return this;
  }

  /**
   * Commits in one LMDB write transaction: see {@link #applyIn}. A {@link
   * dev.tessera.kv.CounterValueException} aborts the operation, so nothing of it is written. In a
   * durable store the commit joins a {@link GroupCommit} batch, unless this thread holds an open
   * snapshot or iterator (then it commits alone and syncs, so a map growth it needs cannot wait on
   * itself through another thread).
   */
  @Override
  public CommitResult commit() {
    ensureNotCommitted();
    if (environment.readOnly()) {
      throw new UnsupportedOperationException("The store in " + environment.name()
          + " was opened read-only (LmdbKvStore.openReadOnly): it cannot commit");
    }
    committed = true;
    // Key order gives the same outcome as the order added (a stable sort keeps each key's own
    // writes in order, and different keys do not interact), and LMDB fills its pages better:
    // loading 1,000,000 users in batches took 17% fewer leaf pages than records-then-indexes order.
    mutations.sort(Mutation.IN_KEY_ORDER);
    GroupCommit group = environment.groupCommit();
    if (group != null && !environment.currentThreadInTransaction()) {
      return group.commit(this);
    }
    CommitResult result = environment.write("commit", bytes(), txn -> {
      CommitResult outcome = applyIn(txn);
      if (outcome.ok()) {
        txn.commit();
      }
      return outcome;
    });
    if (group != null && result.ok()) {
      environment.syncCommitted();
    }
    return result;
  }

  /** A rough size of what the operation writes, for sizing a map growth. */
  long bytes() {
    long bytes = 0;
    for (int i = 0; i < mutations.size(); i++) {
      bytes += mutations.get(i).size();
    }
    return bytes;
  }

  /**
   * Evaluates every check (point checks, then range checks and range count checks by re-scanning
   * their ranges), then (only if all hold) takes the next commit version from the
   * metadata and applies the mutations with its versionstamp (in key order, see {@link #commit()}). Writes nothing when a check
   * fails. Kept separate from the transaction's lifecycle so that a {@link GroupCommit} can apply
   * several operations in one transaction (each in a nested transaction of its own).
   */
  CommitResult applyIn(Txn<DirectBuffer> txn) {
    DataTable data = environment.data();
    // Indexed loops: no iterator per commit.
    for (int i = 0; i < checks.size(); i++) {
      Check check = checks.get(i);
      DirectBuffer stored = data.raw(txn, check.packedKey());
      if (!StoredEntry.hasStamp(check.packedKey(), stored, check.expected())) {
        Versionstamp actual = stored == null ? null : StoredEntry.stampOf(check.packedKey(), stored);
        return CommitResult.checkFailed(check.key(), check.expected(), actual);
      }
    }
    for (int i = 0; i < rangeChecks.size(); i++) {
      CommitResult failed = rangeChecks.get(i).validate(txn, data);
      if (failed != null) {
        return failed;
      }
    }
    for (int i = 0; i < countChecks.size(); i++) {
      CommitResult failed = countChecks.get(i).validate(txn, data);
      if (failed != null) {
        return failed;
      }
    }
    StoreMetadata metadata = environment.metadata();
    long version = metadata.lastCommitVersion(txn) + 1;
    metadata.writeLastCommitVersion(txn, version);
    Versionstamp versionstamp = Versionstamp.of(version, 0);
    for (int i = 0; i < mutations.size(); i++) {
      mutations.get(i).apply(txn, data, versionstamp);
    }
    return CommitResult.success(versionstamp);
  }

  private void ensureNotCommitted() {
    if (committed) {
      throw new IllegalStateException("This atomic operation was already committed; start a new one");
    }
  }
}
