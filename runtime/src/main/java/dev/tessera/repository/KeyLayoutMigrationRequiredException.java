package dev.tessera.repository;

import dev.tessera.TesseraException;

/**
 * An entity's records and index entries are stored in the key layout of an older Tessera, whose
 * keys start with the entity and index names, not with the integer ids the store's catalog
 * assigns them now. Thrown when a repository (or a catalog tool) opens the entity, before anything
 * is written; the message names the entity, the store and how to move it to the current layout:
 * {@code tessera migrate <directory>} for an LMDB store (see {@code docs/operations.md}), {@link
 * dev.tessera.catalog.KeyLayoutMigration#migrate} from code for any store.
 *
 * <p>Immutable and thread-safe.
 */
public final class KeyLayoutMigrationRequiredException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity's name. */
  private final String entityName;
  /** The store, as messages name it. */
  private final String store;

  /**
   * Creates the exception.
   *
   * @param entityName the entity stored in the old layout
   * @param store the store, as it describes itself (an LMDB store: its directory)
   * @param remedy what moves it to the current layout, e.g. {@code run 'tessera migrate /data'}
   */
  public KeyLayoutMigrationRequiredException(String entityName, String store, String remedy) {
    super(String.format(
        "entity '%s' in store %s is stored in the key layout of an older Tessera (entity and index"
            + " names in every key); %s to move it to the current layout. The store was not changed",
        entityName, store, remedy));
    this.entityName = entityName;
    this.store = store;
  }

  /** {@return the entity stored in the old layout} */
  public String entityName() {
    return entityName;
  }

  /** {@return the store, as it describes itself} */
  public String store() {
    return store;
  }
}
