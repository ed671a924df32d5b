package dev.tessera.internal.catalog;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.repository.CatalogRepository;
import dev.tessera.repository.StoredRecord;
import dev.tessera.tuple.Tuple;
import java.util.List;
import java.util.Objects;

/**
 * An {@link EntityMapping} of stored records from the store's catalog alone: the entity name, its
 * newest schema, the primary key as key parts (one part, or one per component of a record key, as
 * generated code writes them), records encoded as their stored values, and the index definitions it
 * is given (derived from the catalog, see {@link CatalogRepository}). Keys are never generated.
 *
 * <p>Immutable and thread-safe.
 */
public final class CatalogMapping implements EntityMapping<StoredRecord, Tuple> {
  private final StoredRecordReader reader;
  private final List<IndexDefinition<StoredRecord>> indexes;
  private final int keyComponent;
  private final boolean compositeKey;

  public CatalogMapping(StoredRecordReader reader, List<IndexDefinition<StoredRecord>> indexes) {
    this.reader = reader;
    this.indexes = List.copyOf(indexes);
    List<ComponentSchema> components = reader.latest().components();
    int key = -1;
    for (int i = 0; i < components.size(); i++) {
      if (components.get(i).name().equals(reader.latest().primaryKeyName())) {
        key = i;
      }
    }
    this.keyComponent = key;
    this.compositeKey = key >= 0
        && components.get(key).descriptor().kind() == TypeDescriptor.Kind.RECORD;
  }

  @Override
  public String entityName() {
    return reader.entityName();
  }

  @Override
  public Tuple idFromKeyParts(Tuple parts) {
    return Objects.requireNonNull(parts, "parts");
  }

  @Override
  public Tuple keyParts(Tuple id) {
    return Objects.requireNonNull(id, "id");
  }

  @Override
  public String primaryKeyName() {
    return reader.latest().primaryKeyName();
  }

  /** The newest schema, with the former names and defaults the catalog records for it. */
  @Override
  public RecordSchema schema() {
    return reader.current();
  }

  @Override
  public Class<StoredRecord> entityType() {
    return StoredRecord.class;
  }

  @Override
  public KeyGeneration keyGeneration() {
    return KeyGeneration.NONE;
  }

  /** The primary key's parts, from the newest schema's key component; null if it is null. */
  @Override
  public Tuple idOf(StoredRecord entity) {
    if (keyComponent < 0 || !entity.schema().isCurrent(entity.value())) {
      throw new IllegalArgumentException("a record of " + reader.entityName()
          + " not in its newest schema " + reader.latest() + " has no primary key here");
    }
    Object part = entity.value().get(keyComponent + 1);
    if (part == null) {
      return null;
    }
    return compositeKey ? (Tuple) part : Tuple.of(part);
  }

  @Override
  public StoredRecord withId(StoredRecord entity, Tuple id) {
    throw new UnsupportedOperationException(
        "keys of " + reader.entityName() + " are not generated from the catalog");
  }

  @Override
  public byte[] encode(StoredRecord entity) {
    return entity.value().pack();
  }

  @Override
  public byte[] encode(StoredRecord entity, long schemaNumber) {
    Tuple value = entity.value();
    return Tuple.of(schemaNumber).addAll(value.subTuple(1, value.size())).pack();
  }

  /**
   * The record of {@code record}, a value in the newest schema's layout whose first part is that
   * schema's number or identifier: its value starts with the identifier, as {@link #encode} expects.
   */
  @Override
  public StoredRecord decode(Tuple record) {
    RecordSchema latest = reader.latest();
    Tuple value = record.get(0) instanceof Long first && first == latest.id()
        ? record
        : Tuple.of(latest.id()).addAll(record.subTuple(1, record.size()));
    return new StoredRecord(latest, value);
  }

  @Override
  public List<IndexDefinition<StoredRecord>> indexes() {
    return indexes;
  }
}
