package dev.tessera.internal.catalog;

import dev.tessera.mapping.RecordSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which of an entity's shapes a stored value was written with, read from the value's first part:
 * the number the catalog gave the shape ({@link SchemaCatalog}), or, for a value written before its
 * entity was numbered, the shape's schema identifier. The catalog never gives a shape a number that
 * equals the identifier of a shape whose values may start with it, so a first part names at most
 * one shape; a catalog in which it would name two is refused.
 *
 * <p>Immutable and thread-safe.
 */
public final class StoredShapes {
  private final String entityName;
  private final Map<Long, RecordSchema> byFirstPart;
  private final Map<Long, Long> numbers;

  private StoredShapes(
      String entityName, Map<Long, RecordSchema> byFirstPart, Map<Long, Long> numbers) {
    this.entityName = entityName;
    this.byFirstPart = Map.copyOf(byFirstPart);
    this.numbers = Map.copyOf(numbers);
  }

  /**
   * The shapes of {@code entityName} in {@code entries}.
   *
   * @throws IllegalStateException if one first part would name two shapes: the catalog is damaged
   */
  public static StoredShapes of(String entityName, List<SchemaCatalog.SchemaEntry> entries) {
    Map<Long, RecordSchema> byFirstPart = new HashMap<>();
    Map<Long, Long> numbers = new HashMap<>();
    for (SchemaCatalog.SchemaEntry entry : entries) {
      if (entry.number() != 0) {
        numbers.put(entry.schema().id(), entry.number());
        put(entityName, byFirstPart, entry.number(), entry.schema());
      }
      if (entry.identifierValues()) {
        put(entityName, byFirstPart, entry.schema().id(), entry.schema());
      }
    }
    return new StoredShapes(entityName, byFirstPart, numbers);
  }

  private static void put(
      String entityName, Map<Long, RecordSchema> byFirstPart, long firstPart, RecordSchema schema) {
    RecordSchema other = byFirstPart.put(firstPart, schema);
    if (other != null && other.id() != schema.id()) {
      throw new IllegalStateException(String.format(
          "the catalog of entity '%s' is damaged: stored values starting with %d could be of"
              + " schema %s or of schema %s", entityName, firstPart, other, schema));
    }
  }

  /** The shape whose values start with {@code firstPart}, if the entity has one. */
  public Optional<RecordSchema> shapeOf(long firstPart) {
    return Optional.ofNullable(byFirstPart.get(firstPart));
  }

  /** The number of {@code schema}, which values written with it now start with; 0 if it has none. */
  public long number(RecordSchema schema) {
    return numbers.getOrDefault(schema.id(), 0L);
  }

  /** Every first part that names a shape, with the shape. */
  Map<Long, RecordSchema> byFirstPart() {
    return byFirstPart;
  }

  /**
   * The message for a stored value whose first part names none of the entity's shapes.
   *
   * @param firstPart the value's first part
   */
  public static String unknown(String entityName, long firstPart) {
    return String.format("stored value of entity '%s' starts with schema number %d (identifier"
        + " %016x), which names none of the entity's schemas in the catalog", entityName,
        firstPart, firstPart);
  }

  /** The entity name. */
  public String entityName() {
    return entityName;
  }
}
