package dev.tessera.repository;

import dev.tessera.TesseraException;
import dev.tessera.mapping.RecordSchema;

/**
 * An entity's current record shape cannot read records stored with an older (or newer) shape that
 * the store's catalog holds: a component changed to a type its stored values do not convert to
 * losslessly (e.g. {@code STRING} to {@code int}), or the primary key changed its type or moved to
 * another component. Thrown when the repository is opened, before anything is written. The message
 * names the entity, the component and both types.
 *
 * <p>Immutable and thread-safe.
 */
public final class IncompatibleSchemaException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity's name. */
  private final String entityName;
  /** The component whose stored type is incompatible. */
  private final String componentName;
  /** The component's stored type. */
  private final String storedType;
  /** The component's current type. */
  private final String currentType;
  /** The identifier of the stored schema. */
  private final long storedSchemaId;

  /**
   * Creates the exception.
   *
   * @param entityName the entity
   * @param componentName the current component that cannot be read
   * @param storedType the type descriptor its values were stored with
   * @param currentType its type descriptor now
   * @param storedSchema the stored schema that cannot be read
   * @param problem what is wrong and what to do, for the message
   */
  public IncompatibleSchemaException(
      String entityName,
      String componentName,
      String storedType,
      String currentType,
      RecordSchema storedSchema,
      String problem) {
    super(
        String.format(
            "entity '%s' cannot read its records stored with schema %s: %s. The store was not"
                + " changed",
            entityName, storedSchema, problem));
    this.entityName = entityName;
    this.componentName = componentName;
    this.storedType = storedType;
    this.currentType = currentType;
    this.storedSchemaId = storedSchema.id();
  }

  /** {@return the entity} */
  public String entityName() {
    return entityName;
  }

  /** {@return the component whose stored values cannot be read} */
  public String componentName() {
    return componentName;
  }

  /** {@return the type descriptor the component's values were stored with} */
  public String storedType() {
    return storedType;
  }

  /** {@return the component's current type descriptor} */
  public String currentType() {
    return currentType;
  }

  /** {@return the identifier of the stored schema that cannot be read} */
  public long storedSchemaId() {
    return storedSchemaId;
  }
}
