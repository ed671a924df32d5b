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

  private final String entity;
  private final String index;
  private final String reason;

  /** Creates the exception for {@code index} of {@code entity}, saying why in {@code reason}. */
  public UnsupportedCatalogIndexException(String entity, String index, String reason) {
    super("Records of '" + entity + "' cannot be written from the catalog: its index '" + index
        + "' cannot be maintained without the application's classes: " + reason
        + "; write them through the application's repository");
    this.entity = entity;
    this.index = index;
    this.reason = reason;
  }

  /** The entity. */
  public String entity() {
    return entity;
  }

  /** The index whose values cannot be derived. */
  public String index() {
    return index;
  }

  /** Why not. */
  public String reason() {
    return reason;
  }
}
