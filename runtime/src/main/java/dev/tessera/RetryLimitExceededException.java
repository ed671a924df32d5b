package dev.tessera;


/**
 * A write kept losing races with concurrent writers of the same keys and gave up after a bounded
 * number of attempts. Nothing was written by the failed call; it is safe to try again. Immutable and
 * thread-safe.
 */
public final class RetryLimitExceededException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity whose operation gave up. */
  private final String entity;
  /** The operation that gave up. */
  private final String operation;
  private final transient Object key;
  /** How many attempts were made. */
  private final int attempts;
  /** Why the last attempt lost, or {@code null} if unknown. */
  private final String lastLoss;

  /**
   * Creates the exception for {@code operation} on {@code entity}/{@code key}.
   *
   * @param entity the entity's name
   * @param operation the operation that gave up, e.g. {@code "delete"}
   * @param key the primary key the operation was on
   * @param attempts how many attempts were made
   */
  public RetryLimitExceededException(String entity, String operation, Object key, int attempts) {
    this(entity, operation, key, attempts, null);
  }

  /**
   * Creates the exception for {@code operation} on {@code entity}/{@code key}, naming what the last
   * attempt lost on.
   *
   * @param lastLoss why the last attempt lost (e.g. {@code "the record changed (key ...)"}), or
   *     {@code null} if unknown
   * @param entity the entity's name
   * @param operation the operation that gave up, e.g. {@code "delete"}
   * @param key the primary key the operation was on
   * @param attempts how many attempts were made
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

  /** {@return the entity name} */
  public String entity() {
    return entity;
  }

  /** {@return the operation that gave up ({@code "insert"}, {@code "update"}, ...)} */
  public String operation() {
    return operation;
  }

  /** {@return the primary key concerned, or {@code null} for a batch} */
  public Object key() {
    return key;
  }

  /** {@return how many commits were attempted} */
  public int attempts() {
    return attempts;
  }

  /**
   * Why the last attempt lost, or {@code null} if unknown.
   *
   * @return why the last attempt lost, or {@code null} if unknown
   */
  public String lastLoss() {
    return lastLoss;
  }
}
