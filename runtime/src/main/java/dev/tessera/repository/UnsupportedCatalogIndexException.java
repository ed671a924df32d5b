package dev.tessera.repository;

import dev.tessera.TesseraException;

/**
 * An index whose values cannot be derived from the store's catalog (for example a spatial index, an
 * enum index in declaration order, one folded under other text rules, one being built), so records
 * cannot be written without the application's classes: writing them would leave that index
 * inconsistent. Immutable.
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
