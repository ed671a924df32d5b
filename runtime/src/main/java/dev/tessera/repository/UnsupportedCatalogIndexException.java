package dev.tessera.repository;

import dev.tessera.TesseraException;

/**
 * An index whose values cannot be derived exactly from the store's catalog (for example one folded
 * under other text rules, one being built, or one over a field that records of an older shape lack
 * while the catalog does not record its default), so records cannot be written without the
 * application's classes: writing them would leave that index inconsistent. Immutable.
 */
public final class UnsupportedCatalogIndexException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity's name. */
  private final String entity;
  /** The index's name. */
  private final String index;
  /** Why the catalog alone cannot maintain it. */
  private final String reason;

  /**
   * Creates the exception for {@code index} of {@code entity}, saying why in {@code reason}.
   *
   * @param entity the entity's name
   * @param index the index's name
   * @param reason why the catalog alone cannot maintain it
   */
  public UnsupportedCatalogIndexException(String entity, String index, String reason) {
    super("Records of '" + entity + "' cannot be written from the catalog: its index '" + index
        + "' cannot be maintained without the application's classes: " + reason
        + "; write them through the application's repository");
    this.entity = entity;
    this.index = index;
    this.reason = reason;
  }

  /** {@return the entity} */
  public String entity() {
    return entity;
  }

  /** {@return the index whose values cannot be derived} */
  public String index() {
    return index;
  }

  /**
   * Why not.
   *
   * @return why not
   */
  public String reason() {
    return reason;
  }
}
