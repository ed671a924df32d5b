package dev.tessera.mapping;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.tuple.TupleWriter;
import java.util.List;
import java.util.Objects;

/**
 * The base class of generated mappings: it holds the entity's constant facts (name, class, key
 * name, key generation, schema, indexes) and packs records ({@link #encode(Object, long)}), so a
 * generated mapping holds only the code that differs per entity: writing and reading the record's
 * components and its primary key.
 *
 * <p>Immutable and thread-safe; subclasses must be stateless.
 *
 * @param <T> the record type
 * @param <ID> the primary key type (a record for a composite key)
 */
public abstract class GeneratedMapping<T, ID> implements EntityMapping<T, ID> {
  private final String entityName;
  private final Class<T> entityType;
  private final String primaryKeyName;
  private final KeyGeneration keyGeneration;
  private final RecordSchema schema;
  private final List<IndexDefinition<T>> indexes;

  /**
   * A mapping of the entity {@code entityName}.
   *
   * @param entityName the entity name (the store's catalog assigns it the id record keys start with)
   * @param entityType the record class
   * @param primaryKeyName the name of the primary key component
   * @param keyGeneration how a missing primary key is generated on insert
   * @param schema the record's current stored shape
   * @param indexes the secondary indexes, in declaration order
   */
  protected GeneratedMapping(
      String entityName,
      Class<T> entityType,
      String primaryKeyName,
      KeyGeneration keyGeneration,
      RecordSchema schema,
      List<IndexDefinition<T>> indexes) {
    this.entityName = Objects.requireNonNull(entityName, "entityName");
    this.entityType = Objects.requireNonNull(entityType, "entityType");
    this.primaryKeyName = Objects.requireNonNull(primaryKeyName, "primaryKeyName");
    this.keyGeneration = Objects.requireNonNull(keyGeneration, "keyGeneration");
    this.schema = Objects.requireNonNull(schema, "schema");
    this.indexes = List.copyOf(indexes);
  }

  @Override
  public final String entityName() {
    return entityName;
  }

  @Override
  public final Class<T> entityType() {
    return entityType;
  }

  @Override
  public final String primaryKeyName() {
    return primaryKeyName;
  }

  @Override
  public final KeyGeneration keyGeneration() {
    return keyGeneration;
  }

  @Override
  public final RecordSchema schema() {
    return schema;
  }

  @Override
  public final List<IndexDefinition<T>> indexes() {
    return indexes;
  }

  /** Encodes the record starting with its schema's identifier: {@code encode(entity, schema().id())}. */
  @Override
  public final byte[] encode(T entity) {
    return encode(entity, schema.id());
  }

  /**
   * Encodes the record as the packed tuple {@code (schemaNumber, component...)}: the number, then
   * the components as {@link #write} writes them, packed straight into one array of the exact
   * length (the bytes {@code Tuple.packOf(schemaNumber, codec.encode(component)...)} gives).
   */
  @Override
  public final byte[] encode(T entity, long schemaNumber) {
    try (TupleWriter parts = TupleWriter.open()) {
      parts.addLong(schemaNumber);
      write(entity, parts);
      return parts.toByteArray();
    }
  }

  /**
   * Appends the record's components to {@code parts}, one part per component in declaration order,
   * each as its codec {@link Codec#write writes} it: the counterpart of {@link #read}.
   *
   * @param entity the record
   * @param parts the writer the components are appended to
   */
  protected abstract void write(T entity, TupleWriter parts);
}
