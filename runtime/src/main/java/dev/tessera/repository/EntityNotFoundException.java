package dev.tessera.repository;

/** An update addressed a record that is not stored. Nothing was written. Immutable and thread-safe. */
public final class EntityNotFoundException extends EntityKeyException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception for {@code entity} and the primary key {@code key}, which was not found.
   *
   * @param entity the entity's name
   * @param key the primary key that was not found
   */
  public EntityNotFoundException(String entity, Object key) {
    super(entity, key, "does not exist");
  }
}
