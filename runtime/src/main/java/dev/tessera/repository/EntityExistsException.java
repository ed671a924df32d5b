package dev.tessera.repository;

/**
 * An insert found a record with the same primary key already stored. Nothing was written.
 * Immutable and thread-safe.
 */
public final class EntityExistsException extends EntityKeyException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception for {@code entity} and the primary key {@code key}, which is taken.
   *
   * @param entity the entity's name
   * @param key the primary key that is taken
   */
  public EntityExistsException(String entity, Object key) {
    super(entity, key, "already exists");
  }
}
