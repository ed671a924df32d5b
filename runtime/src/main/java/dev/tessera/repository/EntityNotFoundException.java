package dev.tessera.repository;

import dev.tessera.TesseraException;

/** An update addressed a record that is not stored. Nothing was written. Immutable and thread-safe. */
public final class EntityNotFoundException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final String entity;
  private final transient Object key;

  /** Creates the exception for {@code entity} and the primary key {@code key}. */
  public EntityNotFoundException(String entity, Object key) {
    super(entity + " with primary key " + key + " does not exist");
    this.entity = entity;
    this.key = key;
  }

  /** The entity name. */
  public String entity() {
    return entity;
  }

  /** The primary key that was not found. */
  public Object key() {
    return key;
  }
}
