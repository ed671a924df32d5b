package dev.tessera.repository;

import dev.tessera.TesseraException;

/**
 * A record without a primary key was written to an entity whose key is not generated (or was
 * updated, which needs a key). Immutable and thread-safe.
 */
public final class MissingPrimaryKeyException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity's name. */
  private final String entity;
  /** The primary key component's name. */
  private final String component;

  /**
   * Creates the exception for {@code entity} whose key component {@code component} is null.
   *
   * @param entity the entity's name
   * @param component the primary key component's name
   * @param operation the operation refused
   */
  public MissingPrimaryKeyException(String entity, String component, String operation) {
    super(
        "cannot "
            + operation
            + " "
            + entity
            + ": primary key component '"
            + component
            + "' is null and the key is not generated; set it, or declare key generation on the"
            + " @PrimaryKey");
    this.entity = entity;
    this.component = component;
  }

  /** {@return the entity name} */
  public String entity() {
    return entity;
  }

  /** {@return the primary key component that is null} */
  public String component() {
    return component;
  }
}
