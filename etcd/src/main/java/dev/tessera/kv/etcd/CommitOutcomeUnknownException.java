package dev.tessera.kv.etcd;

import dev.tessera.TesseraException;
import dev.tessera.kv.TransientFailure;

/**
 * Thrown by a commit whose outcome could not be settled: the commit was sent, the cluster did not
 * confirm it, and no majority answered to settle it within {@link EtcdOptions#outcomeTimeout()}. The
 * commit either applied all of its writes or none; it is never half-applied. Once the cluster is
 * reachable again, {@link EtcdKvStore#resolveOutcome(String)} with {@link #commitId()} says which
 * (and makes sure a commit still in flight can no longer apply). Do not retry blindly: a retried
 * insert of a commit that did land fails with "already exists". Immutable and thread-safe.
 */
public final class CommitOutcomeUnknownException extends TesseraException implements TransientFailure {
  private static final long serialVersionUID = 1L;

  /** The commit's identity, for {@link EtcdKvStore#resolveOutcome(String)}. */
  private final String commitId;

  /**
   * Creates the exception.
   *
   * @param commitId the commit's identity for {@link EtcdKvStore#resolveOutcome(String)}
   * @param retentionSeconds how long the cluster keeps the evidence
   * @param cause the last failure seen
   */
  public CommitOutcomeUnknownException(String commitId, long retentionSeconds, Throwable cause) {
    super("The outcome of commit " + commitId + " is unknown: etcd did not confirm it and no"
        + " majority answered to settle it. It applied all of its writes or none. Call"
        + " EtcdKvStore.resolveOutcome(\"" + commitId + "\") once the cluster is reachable, within "
        + retentionSeconds + " s (the outcome retention), to learn which; do not retry it blindly",
        cause);
    this.commitId = commitId;
  }

  /** {@return the commit's identity, for {@link EtcdKvStore#resolveOutcome(String)}} */
  public String commitId() {
    return commitId;
  }
}
