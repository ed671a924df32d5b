package dev.tessera.repository;

import dev.tessera.TesseraException;

/**
 * An insert found a record with the same primary key already stored. Nothing was written.
 * Immutable and thread-safe.
 */
public final class EntityExistsException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final String entity;
  private final transient Object key;

  /** Creates the exception for {@code entity} and the primary key {@code key}. */
  public EntityExistsException(String entity, Object key) {
    super(entity + " with primary key " + key + " already exists");
    this.entity = entity;
    this.key = key;
  }

  /** The entity name. */
  public String entity() {
    return entity;
  }

  /** The primary key that is taken. */
  public Object key() {
    return key;
  }
}
