package dev.tessera.kv.etcd;

import dev.tessera.OperationInterruptedException;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.lease.LeaseGrantResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Settles commits whose outcome a failed request left open. Every commit creates its own marker
 * key, and only if that key is absent (the transaction compares it); a settlement runs a fencing
 * transaction that creates the marker if it is still absent. If the fence creates it, the commit
 * did not land and never can (its compare now fails); if the marker exists with the commit's value,
 * the commit landed, at the marker's revision. Markers are attached to an etcd lease that expires
 * after the {@link EtcdOptions#outcomeRetention() outcome retention}, so they do not accumulate.
 *
 * <p>Thread-safe.
 */
final class OutcomeMarkers {
  /** The outcome of a settlement. */
  sealed interface Settlement {}

  /** The commit landed at {@code revision}. */
  record Landed(long revision) implements Settlement {}

  /** The commit did not land, and now never will. */
  record Fenced() implements Settlement {}

  /** No majority answered in time. */
  record Unsettled(Throwable lastFailure) implements Settlement {}

  private static final ByteSequence COMMITTED = ByteSequence.from("C", StandardCharsets.US_ASCII);
  private static final ByteSequence FENCED = ByteSequence.from("F", StandardCharsets.US_ASCII);

  private final Connection connection;
  private final SecureRandom random = new SecureRandom();
  private final long retentionSeconds;
  private long leaseId;
  private long leaseGrantedNanos;

  OutcomeMarkers(Connection connection) {
    this.connection = connection;
    this.retentionSeconds = connection.options().outcomeRetention().toSeconds();
  }

  /** A fresh commit identity (128 random bits, hex). */
  String newCommitId() {
    byte[] id = new byte[16];
    random.nextBytes(id);
    return HexFormat.of().formatHex(id);
  }

  /** The compare a commit adds: its marker must be absent. */
  Cmp absent(String commitId) {
    return new Cmp(connection.keys().outcomeMarker(commitId), Cmp.Op.EQUAL, CmpTarget.modRevision(0));
  }

  /** The write a commit adds: its marker, with the value that says "committed". */
  Op create(String commitId) {
    return Op.put(connection.keys().outcomeMarker(commitId), COMMITTED, leaseOption());
  }

  /** Forgets the current lease (etcd no longer knows it), so the next marker gets a new one. */
  synchronized void forgetLease() {
    leaseId = 0;
  }

  /**
   * Settles {@code commitId}: runs the fencing transaction until a majority answers or {@code
   * deadlineNanos} passes.
   */
  Settlement settle(String commitId, long deadlineNanos) {
    ByteSequence marker = connection.keys().outcomeMarker(commitId);
    return Retry.until(deadlineNanos, Backoff.REQUESTS, "Settling an etcd commit")
        .run(() -> trySettle(marker), exhausted -> new Unsettled(exhausted.lastCause()));
  }

  /** One fencing transaction: done with the settlement, or lost when etcd gave no clear answer. */
  private Attempt<Settlement> trySettle(ByteSequence marker) {
    Attempt<Settlement> lost;
    try {
      TxnResponse response = connection.await(connection.kv().txn()
          .If(new Cmp(marker, Cmp.Op.EQUAL, CmpTarget.modRevision(0)))
          .Then(Op.put(marker, FENCED, leaseOption()))
          .Else(Op.get(marker, GetOption.DEFAULT))
          .commit());
      if (response.isSucceeded()) {
        return Attempt.done(new Fenced());
      }
      List<KeyValue> kvs = response.getGetResponses().get(0).getKvs();
      if (!kvs.isEmpty()) {
        KeyValue kv = kvs.get(0);
        // An earlier fence of ours whose answer was lost left "F": not landed either.
        return Attempt.done(kv.getValue().equals(COMMITTED) ? new Landed(kv.getModRevision()) : new Fenced());
      }
      lost = Attempt.lost("the marker was gone when read", marker);
    } catch (ExecutionException | TimeoutException e) {
      if (Failures.outcomeOf(e) == Failures.Outcome.REJECTED) {
        if (!String.valueOf(Failures.unwrap(e).getMessage()).contains("lease not found")) {
          return Attempt.done(new Unsettled(e));
        }
        forgetLease();
      }
      lost = Attempt.failed("etcd gave no answer to the fence", e);
    }
    connection.ensureOpen("settle a commit");
    return lost;
  }

  /** {@link #settle}, except that an interrupted thread leaves the outcome unsettled. */
  Settlement settleUnlessInterrupted(String commitId, long deadlineNanos) {
    try {
      return settle(commitId, deadlineNanos);
    } catch (OperationInterruptedException e) {
      return new Unsettled(e);
    }
  }

  long retentionSeconds() {
    return retentionSeconds;
  }

  private PutOption leaseOption() {
    return PutOption.builder().withLeaseId(lease()).build();
  }

  /**
   * The lease for new markers: granted for 1.25 times the retention and replaced after a quarter
   * of it, so every marker lives at least the retention.
   */
  private synchronized long lease() {
    long ageNanos = System.nanoTime() - leaseGrantedNanos;
    if (leaseId == 0 || ageNanos > retentionSeconds * 250_000_000L) {
      long ttl = retentionSeconds + retentionSeconds / 4;
      LeaseGrantResponse grant = connection.call("grant the lease of commit markers",
          () -> connection.client().getLeaseClient().grant(ttl), null);
      leaseId = grant.getID();
      leaseGrantedNanos = System.nanoTime();
    }
    return leaseId;
  }
}
