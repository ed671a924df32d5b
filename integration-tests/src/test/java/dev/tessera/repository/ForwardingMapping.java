package dev.tessera.repository;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * A mapping that forwards every method to another one except {@link EntityMapping#read}, which it
 * leaves at its default: a repository on it decodes every stored value through the tuple path
 * ({@code Tuple.unpack}, then {@link #decode(Tuple)}), as before values were read straight from
 * their bytes. Tests compare the two paths with it, or override a method to observe calls.
 *
 * <p>Thread-safe if the mapping it forwards to is.
 *
 * @param <T> the record type
 * @param <ID> the primary key type
 */
public class ForwardingMapping<T, ID> implements EntityMapping<T, ID> {
  private final EntityMapping<T, ID> mapping;

  /** Forwards to {@code mapping}. */
  public ForwardingMapping(EntityMapping<T, ID> mapping) {
    this.mapping = mapping;
  }

  @Override
  public String entityName() {
    return mapping.entityName();
  }

  @Override
  public Class<T> entityType() {
    return mapping.entityType();
  }

  @Override
  public String primaryKeyName() {
    return mapping.primaryKeyName();
  }

  @Override
  public KeyGeneration keyGeneration() {
    return mapping.keyGeneration();
  }

  @Override
  public ID idOf(T entity) {
    return mapping.idOf(entity);
  }

  @Override
  public T withId(T entity, ID id) {
    return mapping.withId(entity, id);
  }

  @Override
  public Tuple keyParts(ID id) {
    return mapping.keyParts(id);
  }

  @Override
  public ID idFromKeyParts(Tuple parts) {
    return mapping.idFromKeyParts(parts);
  }

  @Override
  public RecordSchema schema() {
    return mapping.schema();
  }

  @Override
  public byte[] encode(T entity) {
    return mapping.encode(entity);
  }

  @Override
  public byte[] encode(T entity, long schemaNumber) {
    return mapping.encode(entity, schemaNumber);
  }

  @Override
  public T decode(Tuple record) {
    return mapping.decode(record);
  }

  @Override
  public List<IndexDefinition<T>> indexes() {
    return mapping.indexes();
  }
}
