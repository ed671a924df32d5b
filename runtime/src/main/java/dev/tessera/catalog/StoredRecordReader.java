package dev.tessera.catalog;

import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.catalog.SchemaCatalog;
import dev.tessera.internal.mapping.ComponentValues;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an entity's stored records without the application's classes, from the schemas the
 * store's catalog holds: each value is read with the shape it was written with (every shape the
 * entity ever had, not only the newest), into named component values. For tools such as the
 * {@code tessera} command line; obtained from {@link StoreCatalog#records(String)}.
 *
 * <pre>{@code
 * StoredRecordReader users = StoreCatalog.of(store).records("user");
 * KvEntry entry = store.get(users.recordKey(Tuple.of("alice")));
 * Map<String, Object> alice = users.read(entry.value());
 * }</pre>
 *
 * <p>Immutable and thread-safe. It knows the schemas stored when it was opened; a value written
 * with a schema added later fails with a message saying so.
 */
public final class StoredRecordReader {
  private final String entityName;
  private final long entityId;
  private final RecordSchema latest;
  private final Map<Long, RecordSchema> schemas;

  private StoredRecordReader(
      String entityName, long entityId, RecordSchema latest, Map<Long, RecordSchema> schemas) {
    this.entityName = entityName;
    this.entityId = entityId;
    this.latest = latest;
    this.schemas = schemas;
  }

  /**
   * Reads the catalog's schemas of {@code entityName}.
   *
   * @throws UnknownEntityException if the catalog holds none
   * @throws dev.tessera.repository.KeyLayoutMigrationRequiredException if the entity is stored in
   *     the name key layout of an older version
   */
  public static StoredRecordReader open(KvStore store, String entityName) {
    SchemaCatalog.Entries entries = SchemaCatalog.read(store, entityName);
    if (entries.schemas().isEmpty() || !entries.latest().exists()) {
      throw new UnknownEntityException(entityName, SchemaCatalog.entityNames(store));
    }
    entries.requireCompactKeys(entityName, store);
    long entityId = KeySpace.read(store, entityName, List.of()).entityId();
    long latestId = Tuple.unpack(entries.latest().value()).getLong(0);
    Map<Long, RecordSchema> byId = new LinkedHashMap<>();
    for (RecordSchema schema : entries.schemas()) {
      byId.put(schema.id(), schema);
    }
    RecordSchema latest = byId.get(latestId);
    if (latest == null) {
      throw new IllegalStateException(String.format(
          "catalog of entity '%s' names %016x as its last schema but does not hold it",
          entityName, latestId));
    }
    return new StoredRecordReader(entityName, entityId, latest, Map.copyOf(byId));
  }

  /** The entity name. */
  public String entityName() {
    return entityName;
  }

  /** The entity's subspace id in the store: the first part of its record keys. */
  public long entityId() {
    return entityId;
  }

  /** The range of every record key of the entity. */
  public TupleRange records() {
    return TupleRange.prefix(KeySpace.recordPrefix(entityId));
  }

  /** The schema the entity was opened with last. */
  public RecordSchema latest() {
    return latest;
  }

  /** Every stored schema of the entity, in identifier order. */
  public List<RecordSchema> schemas() {
    return schemas.values().stream()
        .sorted((a, b) -> Long.compare(a.id(), b.id()))
        .toList();
  }

  /** The key of the record whose primary key is {@code primaryKeyParts}. */
  public Tuple recordKey(Tuple primaryKeyParts) {
    return KeySpace.recordPrefix(entityId).addAll(primaryKeyParts);
  }

  /** The primary key parts of a record key of this entity (the key without the entity id). */
  public Tuple primaryKeyParts(Tuple recordKey) {
    return recordKey.subTuple(1, recordKey.size());
  }

  /**
   * The schema {@code record} (an unpacked stored value) was written with.
   *
   * @throws IllegalArgumentException if it names no schema or one the catalog does not hold
   */
  public RecordSchema schemaOf(Tuple record) {
    if (record.size() == 0 || !(record.get(0) instanceof Long)) {
      throw new IllegalArgumentException("stored value of entity '" + entityName
          + "' does not start with a schema identifier");
    }
    RecordSchema schema = schemas.get((Long) record.get(0));
    if (schema == null) {
      throw new IllegalArgumentException(String.format(
          "stored value of entity '%s' has schema %016x, which the catalog does not hold",
          entityName, (Long) record.get(0)));
    }
    return schema;
  }

  /**
   * The components of a stored value, by name in the order of the shape it was written with.
   *
   * @throws IllegalArgumentException if the value does not decode with its schema
   * @throws dev.tessera.tuple.TupleDecodingException if it is not a packed tuple
   */
  public Map<String, Object> read(byte[] value) {
    Tuple record = Tuple.unpack(value);
    return ComponentValues.read(schemaOf(record), record);
  }
}
