package dev.tessera.kv.etcd;

import dev.tessera.OperationInterruptedException;
import dev.tessera.internal.kv.Counter;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.ValueTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * An {@link AtomicOperation} on etcd: one etcd transaction whose compares are the checks (on each
 * key's mod revision; absent = 0), the guards of counters' stored values, and "this commit's outcome
 * marker is absent"; whose writes are the merged mutations (see {@link CommitPlan}) and the marker;
 * and whose failure branch reads the checked keys to name the check that failed. The commit's
 * versionstamp is the transaction's revision with order 0; every commit writes its marker, so even a
 * commit whose own writes change nothing gets a fresh revision.
 *
 * <p>A request that fails without a definite answer (timeout, connection lost, leader change) is
 * settled through the marker before anything else happens: landed is success; not landed is retried
 * with backoff; unsettled within {@link EtcdOptions#outcomeTimeout()} throws {@link
 * CommitOutcomeUnknownException}. A counter guard that fails (a concurrent writer changed the
 * counter) re-reads and retries within the same deadline.
 *
 * <p>Not thread-safe: build and commit it on one thread. {@link #commit()} may be called once.
 */
final class EtcdAtomicOperation implements AtomicOperation {
  private static final System.Logger LOG = System.getLogger(EtcdAtomicOperation.class.getName());

  private final Connection connection;
  private final OutcomeMarkers markers;
  private final CommitPlan plan;
  private boolean committed;

  EtcdAtomicOperation(Connection connection, OutcomeMarkers markers) {
    this.connection = connection;
    this.markers = markers;
    this.plan = new CommitPlan(connection.keys());
  }

  @Override
  public AtomicOperation check(Tuple key, Versionstamp expected) {
    ensureNotCommitted();
    plan.check(key, expected);
    return this;
  }

  /**
   * {@inheritDoc}
   *
   * <p>On etcd: one compare over the range ({@code mod_revision} below the newest seen plus one)
   * and one per key seen (its {@code mod_revision} unchanged); they count against {@code
   * --max-txn-ops}.
   */
  @Override
  public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
    ensureNotCommitted();
    plan.checkRange(Objects.requireNonNull(range, "range"), seen);
    return this;
  }

  @Override
  public AtomicOperation set(Tuple key, byte[] value) {
    ensureNotCommitted();
    Objects.requireNonNull(value, "value");
    if (value.length > connection.options().maxRequestBytes()) {
      throw new ValueTooLargeException(key, value.length, connection.options().maxRequestBytes());
    }
    plan.set(key, value.clone());
    return this;
  }

  @Override
  public AtomicOperation delete(Tuple key) {
    ensureNotCommitted();
    plan.delete(key);
    return this;
  }

  @Override
  public AtomicOperation sum(Tuple key, long operand) {
    ensureNotCommitted();
    plan.counter(key, Counter.SUM, operand);
    return this;
  }

  @Override
  public AtomicOperation min(Tuple key, long operand) {
    ensureNotCommitted();
    plan.counter(key, Counter.MIN, operand);
    return this;
  }

  @Override
  public AtomicOperation max(Tuple key, long operand) {
    ensureNotCommitted();
    plan.counter(key, Counter.MAX, operand);
    return this;
  }

  /**
   * See the class documentation.
   *
   * @throws CommitTooLargeException before sending, when a limit of the cluster would be exceeded
   * @throws CommitOutcomeUnknownException when the outcome could not be settled in time
   * @throws EtcdUnavailableException when the commit certainly did not land and the cluster stayed
   *     unreachable until the outcome timeout
   */
  @Override
  public CommitResult commit() {
    ensureNotCommitted();
    committed = true;
    connection.ensureOpen("commit");
    plan.checkLimits(connection.options(), 1);
    long deadline = System.nanoTime() + connection.options().outcomeTimeout().toNanos();
    return Retry.until(deadline, Backoff.REQUESTS, "An etcd commit")
        .run(() -> tryCommit(deadline), exhausted -> {
          throw gaveUp(exhausted.lastCause());
        });
  }

  /**
   * One attempt to commit: done with the result, or lost when etcd was unreachable before anything
   * was sent, the commit certainly did not land, or a concurrent commit changed a counter.
   */
  private Attempt<CommitResult> tryCommit(long deadline) {
    Map<Tuple, KvEntry> stored;
    try {
      stored = storedCounterValues();
    } catch (EtcdUnavailableException e) {
      // Nothing was sent yet: reading again is safe, within the same deadline.
      return Attempt.failed("etcd did not answer the counter reads", e);
    }
    CommitPlan.Resolved resolved = plan.resolve(stored);
    String commitId = markers.newCommitId();
    TxnResponse response;
    try {
      response = connection.await(transaction(resolved, commitId).commit());
    } catch (OperationInterruptedException e) {
      // Sent but not answered: it may still land, and an interrupted thread cannot settle it.
      throw new CommitOutcomeUnknownException(commitId, markers.retentionSeconds(), e);
    } catch (ExecutionException | TimeoutException e) {
      return unanswered(commitId, deadline, e);
    }
    if (response.isSucceeded()) {
      return Attempt.done(CommitResult.success(Versionstamp.of(response.getHeader().getRevision(), 0)));
    }
    CommitResult failed = failedCheck(response);
    if (failed != null) {
      return Attempt.done(failed);
    }
    return Attempt.lost("a concurrent commit changed a counter it adds to"); // read it again
  }

  /**
   * After commit {@code commitId} got no answer ({@code e}): done if it settled as landed, lost if
   * it certainly did not land (or only its marker's lease was gone); throws when it was rejected or
   * stays unsettled.
   */
  private Attempt<CommitResult> unanswered(String commitId, long deadline, Exception e) {
    if (Failures.outcomeOf(e) == Failures.Outcome.REJECTED) {
      if (String.valueOf(Failures.unwrap(e).getMessage()).contains("lease not found")) {
        markers.forgetLease();
        return Attempt.failed("the outcome marker's lease was gone", e);
      }
      String tooLarge = Failures.tooLargeReason(e);
      if (tooLarge != null) {
        throw plan.refusedAsTooLarge(connection.options(), 1, tooLarge);
      }
      throw Failures.translate("commit", e, connection.keys());
    }
    OutcomeMarkers.Settlement settlement = markers.settleUnlessInterrupted(commitId, deadline);
    if (settlement instanceof OutcomeMarkers.Landed landed) {
      LOG.log(Level.INFO, "etcd commit {0}: no answer ({1}); settled: it landed at revision {2}",
          commitId, Failures.unwrap(e).getMessage(), landed.revision());
      return Attempt.done(CommitResult.success(Versionstamp.of(landed.revision(), 0)));
    }
    if (settlement instanceof OutcomeMarkers.Unsettled unsettled) {
      throw new CommitOutcomeUnknownException(commitId, markers.retentionSeconds(),
          Failures.translate("commit", unsettled.lastFailure() == null ? e
              : unsettled.lastFailure(), connection.keys()));
    }
    LOG.log(Level.INFO, "etcd commit {0}: no answer ({1}); settled: it did not land, retrying",
        commitId, Failures.unwrap(e).getMessage());
    return Attempt.failed("etcd gave no answer and the commit did not land", e);
  }

  /** What a commit throws at its deadline: the last failure, or that its counters kept changing. */
  private RuntimeException gaveUp(Throwable lastFailure) {
    if (lastFailure instanceof RuntimeException tessera && !(lastFailure instanceof
        java.util.concurrent.CompletionException)) {
      return tessera;
    }
    if (lastFailure != null) {
      return Failures.translate("commit", lastFailure, connection.keys());
    }
    return new EtcdStoreException("The commit's counters kept changing under concurrent commits for "
        + connection.options().outcomeTimeout().toSeconds() + " s; nothing was written", null);
  }

  private io.etcd.jetcd.Txn transaction(CommitPlan.Resolved resolved, String commitId) {
    List<Cmp> compares = new ArrayList<>();
    for (CommitPlan.Check check : plan.checks()) {
      compares.add(compare(check));
    }
    for (CommitPlan.RangeCheck rangeCheck : plan.rangeChecks()) {
      compares.addAll(rangeCheck.compares(connection.keys()));
    }
    compares.addAll(resolved.guards());
    compares.add(markers.absent(commitId));
    List<Op> writes = new ArrayList<>(resolved.writes());
    writes.add(markers.create(commitId));
    return connection.kv().txn()
        .If(compares.toArray(Cmp[]::new))
        .Then(writes.toArray(Op[]::new))
        .Else(checkedKeyReads().toArray(Op[]::new));
  }

  private static Cmp compare(CommitPlan.Check check) {
    return new Cmp(check.etcdKey(), Cmp.Op.EQUAL,
        CmpTarget.modRevision(CommitPlan.revisionOf(check.expected())));
  }

  /** The distinct keys of the point checks, in the order first checked. */
  private List<ByteSequence> checkedKeys() {
    Set<ByteSequence> keys = new LinkedHashSet<>();
    for (CommitPlan.Check check : plan.checks()) {
      keys.add(check.etcdKey());
    }
    return new ArrayList<>(keys);
  }

  /**
   * Reads evaluated when a compare fails (keys only): each checked key, then each checked range
   * (up to one key more than was seen, enough to find the first difference).
   */
  private List<Op> checkedKeyReads() {
    List<Op> reads = new ArrayList<>();
    GetOption keysOnly = GetOption.builder().withKeysOnly(true).build();
    for (ByteSequence key : checkedKeys()) {
      reads.add(Op.get(key, keysOnly));
    }
    for (CommitPlan.RangeCheck rangeCheck : plan.rangeChecks()) {
      reads.add(Op.get(rangeCheck.begin(), GetOption.builder().withKeysOnly(true)
          .withRange(rangeCheck.end()).withLimit(rangeCheck.seen().size() + 1L).build()));
    }
    return reads;
  }

  /** The first check that failed, from the failure branch's reads; null if every check held. */
  private CommitResult failedCheck(TxnResponse response) {
    Map<ByteSequence, Versionstamp> actual = new HashMap<>();
    List<ByteSequence> readKeys = checkedKeys();
    List<GetResponse> reads = response.getGetResponses();
    for (int i = 0; i < readKeys.size(); i++) {
      List<KeyValue> kvs = reads.get(i).getKvs();
      actual.put(readKeys.get(i), kvs.isEmpty() ? null : Versionstamp.of(kvs.get(0).getModRevision(), 0));
    }
    for (CommitPlan.Check check : plan.checks()) {
      Versionstamp found = actual.get(check.etcdKey());
      if (!Objects.equals(found, check.expected())) {
        return CommitResult.checkFailed(check.key(), check.expected(), found);
      }
    }
    int next = readKeys.size();
    for (CommitPlan.RangeCheck rangeCheck : plan.rangeChecks()) {
      List<KvEntry> found = new ArrayList<>();
      for (KeyValue kv : reads.get(next++).getKvs()) {
        found.add(new KvEntry(Tuple.unpack(connection.keys().unprefixed(kv.getKey())), null,
            Versionstamp.of(kv.getModRevision(), 0)));
      }
      CommitResult difference = rangeCheck.firstDifference(found);
      if (difference != null) {
        return difference;
      }
    }
    return null;
  }

  private Map<Tuple, KvEntry> storedCounterValues() {
    List<Tuple> needed = plan.storedValuesNeeded();
    Map<Tuple, KvEntry> stored = new HashMap<>();
    if (!needed.isEmpty()) {
      for (KvEntry entry : connection.getMany(needed, new Revision())) {
        if (entry.exists()) {
          stored.put(entry.key(), entry);
        }
      }
    }
    return stored;
  }

  private void ensureNotCommitted() {
    if (committed) {
      throw new IllegalStateException("This atomic operation was already committed; start a new one");
    }
  }
}
