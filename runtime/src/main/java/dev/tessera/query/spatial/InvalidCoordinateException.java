package dev.tessera.query.spatial;

import dev.tessera.TesseraException;

/**
 * A coordinate that has no place on a spatial index's curve: NaN, which is neither below nor above
 * any number. Thrown when a record holding it is written (nothing is written) or when a query box
 * uses it.
 */
public final class InvalidCoordinateException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity's name. */
  private final String entityName;
  /** The spatial index's name. */
  private final String indexName;
  /** The component whose value is invalid. */
  private final String field;

  /**
   * An exception naming the entity, the spatial index and the field whose value is invalid.
   *
   * @param entityName the entity's name
   * @param indexName the spatial index's name
   * @param field the component whose value is invalid
   * @param problem what is wrong with the value
   */
  public InvalidCoordinateException(
      String entityName, String indexName, String field, String problem) {
    super(
        String.format(
            "field '%s' of entity %s %s, which spatial index '%s' cannot place: use a number"
                + " (infinities are allowed)",
            field, entityName, problem, indexName));
    this.entityName = entityName;
    this.indexName = indexName;
    this.field = field;
  }

  /** {@return the entity whose record or query holds the value} */
  public String entityName() {
    return entityName;
  }

  /** {@return the spatial index} */
  public String indexName() {
    return indexName;
  }

  /** {@return the record component holding the value} */
  public String field() {
    return field;
  }
}
