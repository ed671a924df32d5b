package dev.tessera.catalog;

import dev.tessera.TesseraException;
import java.util.List;

/**
 * Thrown when a store's catalog holds no schema for the entity asked for: no repository of that
 * entity was ever opened on the store. Immutable and thread-safe.
 */
public final class UnknownEntityException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity the catalog does not hold. */
  private final String entityName;
  /** The entities the catalog does hold. */
  private final List<String> knownEntities;

  /**
   * Creates the exception, listing the entities the catalog does hold.
   *
   * @param entityName the entity the catalog does not hold
   * @param knownEntities the entities the catalog does hold
   */
  public UnknownEntityException(String entityName, List<String> knownEntities) {
    super("The store has no entity '" + entityName + "'; its entities are "
        + (knownEntities.isEmpty() ? "none" : String.join(", ", knownEntities)));
    this.entityName = entityName;
    this.knownEntities = List.copyOf(knownEntities);
  }

  /** {@return the entity asked for} */
  public String entityName() {
    return entityName;
  }

  /** {@return the entities the catalog holds} */
  public List<String> knownEntities() {
    return knownEntities;
  }
}
