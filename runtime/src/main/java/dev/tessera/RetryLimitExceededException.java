package dev.tessera;


/**
 * A write kept losing races with concurrent writers of the same keys and gave up after a bounded
 * number of attempts. Nothing was written by the failed call; it is safe to try again. Immutable and
 * thread-safe.
 */
public final class RetryLimitExceededException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final String entity;
  private final String operation;
  private final transient Object key;
  private final int attempts;
  private final String lastLoss;

  /** Creates the exception for {@code operation} on {@code entity}/{@code key}. */
  public RetryLimitExceededException(String entity, String operation, Object key, int attempts) {
    this(entity, operation, key, attempts, null);
  }

  /**
   * Creates the exception for {@code operation} on {@code entity}/{@code key}, naming what the last
   * attempt lost on.
   *
   * @param lastLoss why the last attempt lost (e.g. {@code "the record changed (key ...)"}), or
   *     {@code null} if unknown
   */
  public RetryLimitExceededException(
      String entity, String operation, Object key, int attempts, String lastLoss) {
    super(
        operation
            + " of "
            + entity
            + (key == null ? "" : " with primary key " + key)
            + " gave up after "
            + attempts
            + " attempts lost to concurrent writers"
            + (lastLoss == null ? "" : "; the last lost because " + lastLoss));
    this.entity = entity;
    this.operation = operation;
    this.key = key;
    this.attempts = attempts;
    this.lastLoss = lastLoss;
  }

  /** The entity name. */
  public String entity() {
    return entity;
  }

  /** The operation that gave up ({@code "insert"}, {@code "update"}, ...). */
  public String operation() {
    return operation;
  }

  /** The primary key concerned, or {@code null} for a batch. */
  public Object key() {
    return key;
  }

  /** How many commits were attempted. */
  public int attempts() {
    return attempts;
  }

  /** Why the last attempt lost, or {@code null} if unknown. */
  public String lastLoss() {
    return lastLoss;
  }
}
