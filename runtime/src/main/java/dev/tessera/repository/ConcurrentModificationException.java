package dev.tessera.repository;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Versionstamp;

/**
 * A versioned update or delete found the record at another versionstamp than the caller expected
 * (it was changed or deleted since the caller read it). Nothing was written. Immutable and
 * thread-safe.
 */
public final class ConcurrentModificationException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity's name. */
  private final String entity;
  private final transient Object key;
  private final transient Versionstamp expected;
  private final transient Versionstamp actual;

  /**
   * Creates the exception.
   *
   * @param entity the entity name
   * @param key the primary key
   * @param expected the versionstamp the caller expected
   * @param actual the versionstamp found, {@code null} if the record is gone
   */
  public ConcurrentModificationException(
      String entity, Object key, Versionstamp expected, Versionstamp actual) {
    super(
        entity
            + " with primary key "
            + key
            + " was expected at versionstamp "
            + expected
            + " but "
            + (actual == null ? "is gone" : "is at " + actual));
    this.entity = entity;
    this.key = key;
    this.expected = expected;
    this.actual = actual;
  }

  /** {@return the entity name} */
  public String entity() {
    return entity;
  }

  /** {@return the primary key} */
  public Object key() {
    return key;
  }

  /** {@return the versionstamp the caller expected} */
  public Versionstamp expected() {
    return expected;
  }

  /** {@return the versionstamp found, or {@code null} when the record no longer exists} */
  public Versionstamp actual() {
    return actual;
  }
}
