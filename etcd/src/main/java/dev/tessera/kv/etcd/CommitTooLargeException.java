package dev.tessera.kv.etcd;

/**
 * Thrown before anything is sent when a commit exceeds a limit of the etcd cluster: more operations
 * in one transaction than {@code --max-txn-ops} allows, or a request larger than {@code
 * --max-request-bytes}. The message names the limit, the commit's size, and its biggest
 * contributors (the first part of the keys, usually the entity or index, with their share). Nothing
 * is written. Split the work into smaller commits, or raise the limit on every member and in {@link
 * EtcdOptions}. Index builds, verify and repair catch its store-neutral parent and use smaller
 * batches. Immutable and thread-safe.
 */
public final class CommitTooLargeException extends dev.tessera.kv.CommitTooLargeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param limitName the etcd setting, e.g. {@code --max-txn-ops}
   * @param limit its value
   * @param actual what the commit needed
   * @param unit what is counted, e.g. {@code "writes"}
   * @param contributors the biggest contributors, already formatted
   */
  public CommitTooLargeException(
      String limitName, long limit, long actual, String unit, String contributors) {
    super("The commit needs " + actual + " " + unit + ", over etcd's limit " + limitName + " = "
        + limit + "; nothing was written. Biggest contributors: " + contributors
        + ". Split it into smaller commits, or raise the limit on every member and in EtcdOptions",
        limitName, limit, actual);
  }
}
