package dev.tessera.catalog;

import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.catalog.SchemaCatalog;
import dev.tessera.internal.catalog.StoredShapes;
import dev.tessera.internal.mapping.ComponentValues;
import dev.tessera.internal.mapping.SchemaTranslation;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.IncompatibleSchemaException;
import dev.tessera.repository.StoredRecord;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
  private final StoredShapes shapes;
  private final RecordSchema current;
  private final Map<Long, SchemaTranslation> translations;
  private final Map<Long, String> untranslatable;

  private StoredRecordReader(String entityName, long entityId, RecordSchema latest,
      Map<Long, RecordSchema> schemas, StoredShapes shapes, Optional<RecordSchema> evolved) {
    this.entityName = entityName;
    this.entityId = entityId;
    this.latest = latest;
    this.schemas = schemas;
    this.shapes = shapes;
    this.current = evolved.orElse(latest);
    Map<Long, SchemaTranslation> plans = new HashMap<>();
    Map<Long, String> refused = new HashMap<>();
    for (RecordSchema shape : schemas.values()) {
      if (shape.id() == latest.id()) {
        continue;
      }
      String missing = evolved.isPresent() ? null : firstAdded(shape);
      if (missing != null) {
        refused.put(shape.id(), "records of '" + entityName + "' stored with shape "
            + shape.descriptor() + " do not hold field '" + missing + "', and the catalog does not"
            + " record its default or former name (the application's repository records them"
            + " when it opens the store for writing: open it once with this Tessera version)");
        continue;
      }
      try {
        plans.put(shape.id(), SchemaTranslation.between(shape, current));
      } catch (IncompatibleSchemaException e) {
        refused.put(shape.id(), e.getMessage());
      }
    }
    this.translations = Map.copyOf(plans);
    this.untranslatable = Map.copyOf(refused);
  }

  /** The first component of the newest schema that {@code shape} does not hold by name, or null. */
  private String firstAdded(RecordSchema shape) {
    for (ComponentSchema component : latest.components()) {
      if (shape.components().stream().noneMatch(c -> c.name().equals(component.name()))) {
        return component.name();
      }
    }
    return null;
  }

  /**
   * Reads the catalog's schemas of {@code entityName}.
   *
   * @param store the store whose catalog to read
   * @param entityName the entity's name
   * @return the reader
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
    return new StoredRecordReader(entityName, entityId, latest, Map.copyOf(byId),
        StoredShapes.of(entityName, entries.entries()), SchemaCatalog.withEvolution(store, latest));
  }

  /** {@return the entity name} */
  public String entityName() {
    return entityName;
  }

  /** {@return the entity's subspace id in the store: the first part of its record keys} */
  public long entityId() {
    return entityId;
  }

  /** {@return the range of every record key of the entity} */
  public TupleRange records() {
    return TupleRange.prefix(KeySpace.recordPrefix(entityId));
  }

  /** {@return the schema the entity was opened with last} */
  public RecordSchema latest() {
    return latest;
  }

  /**
   * The newest schema with what reads older shapes into it, as the application's repository
   * declared it when it last opened the store: its components' former names and defaults. Without
   * that record in the catalog, the newest schema as stored (then {@link #untranslatable} tells
   * which older shapes cannot be read into it).
   *
   * @return the newest schema, with its former names and defaults when the catalog records them
   */
  public RecordSchema current() {
    return current;
  }

  /**
   * Why records stored with {@code shape} cannot be read in the newest shape exactly as the
   * application's repository reads them, or empty if they can (always for the newest shape).
   *
   * @param shape a stored schema of the entity
   * @return the reason, or empty if records of that shape can be read
   */
  public Optional<String> untranslatable(RecordSchema shape) {
    return Optional.ofNullable(untranslatable.get(shape.id()));
  }

  /**
   * {@code record} (an unpacked stored value) in the newest shape, as the application's repository
   * reads it: a value of an older shape gets the defaults of the components added since, renamed
   * components under their new names, converted parts (see {@link #current()}); its first part is
   * the newest schema's identifier.
   *
   * @param record the unpacked stored value, its first part its schema's identifier
   * @return the record in the newest shape
   * @throws IllegalArgumentException if it names no schema or one the catalog does not hold, or
   *     does not have its schema's shape
   * @throws IllegalStateException if its shape cannot be read into the newest (see {@link
   *     #untranslatable})
   */
  public StoredRecord current(Tuple record) {
    RecordSchema schema = schemaOf(record);
    if (schema.id() == latest.id()) {
      return stored(record);
    }
    SchemaTranslation plan = translations.get(schema.id());
    if (plan == null) {
      throw new IllegalStateException(untranslatable.get(schema.id()));
    }
    return new StoredRecord(latest, plan.apply(record));
  }

  /**
   * The components of a stored value in the newest shape (see {@link #current(Tuple)}), by name in
   * that shape's order.
   *
   * @param value the stored value's bytes, a packed tuple
   * @return the component values by name, in the newest shape's order
   * @throws IllegalArgumentException if the value does not decode
   * @throws IllegalStateException if its shape cannot be read into the newest
   * @throws dev.tessera.tuple.TupleDecodingException if it is not a packed tuple
   */
  public Map<String, Object> readCurrent(byte[] value) {
    StoredRecord record = current(Tuple.unpack(value));
    return ComponentValues.read(latest, record.value());
  }

  /** {@return every stored schema of the entity, in identifier order} */
  public List<RecordSchema> schemas() {
    return schemas.values().stream()
        .sorted((a, b) -> Long.compare(a.id(), b.id()))
        .toList();
  }

  /**
   * {@return the number values written with {@code schema} start with (values written before the
   * entity was numbered start with the schema's identifier instead); 0 if the catalog has not
   * numbered it yet (the first repository that opens the entity numbers it)}
   *
   * @param schema one of the entity's schemas
   */
  public long number(RecordSchema schema) {
    return shapes.number(schema);
  }

  /**
   * {@return the key of the record whose primary key is {@code primaryKeyParts}}
   *
   * @param primaryKeyParts the record's primary key parts
   */
  public Tuple recordKey(Tuple primaryKeyParts) {
    return KeySpace.recordPrefix(entityId).addAll(primaryKeyParts);
  }

  /**
   * {@return the primary key parts of a record key of this entity (the key without the entity id)}
   *
   * @param recordKey a record key of this entity
   */
  public Tuple primaryKeyParts(Tuple recordKey) {
    return recordKey.subTuple(1, recordKey.size());
  }

  /**
   * {@return the schema {@code record} (an unpacked stored value) was written with, which its first
   * part names: the schema's number, or its identifier if it was written before the entity was
   * numbered}
   *
   * @param record an unpacked stored value of this entity
   * @throws IllegalArgumentException if it names no schema or one the catalog does not hold
   */
  public RecordSchema schemaOf(Tuple record) {
    if (record.size() == 0 || !(record.get(0) instanceof Long)) {
      throw new IllegalArgumentException("stored value of entity '" + entityName
          + "' does not start with a schema number");
    }
    long firstPart = (Long) record.get(0);
    return shapes.shapeOf(firstPart)
        .orElseThrow(() -> new IllegalArgumentException(StoredShapes.unknown(entityName, firstPart)));
  }

  /**
   * {@return {@code record} (an unpacked stored value) as a {@link StoredRecord}: with the schema
   * it was written with, its first part replaced by that schema's identifier, as {@link
   * ComponentValues#encode} and generated code write values before they are stored}
   *
   * @param record an unpacked stored value of this entity
   * @throws IllegalArgumentException if it names no schema or one the catalog does not hold
   */
  public StoredRecord stored(Tuple record) {
    RecordSchema schema = schemaOf(record);
    if ((Long) record.get(0) == schema.id()) {
      return new StoredRecord(schema, record);
    }
    return new StoredRecord(schema, Tuple.of(schema.id()).addAll(record.subTuple(1, record.size())));
  }

  /**
   * {@return the components of a stored value, by name in the order of the shape it was written
   * with}
   *
   * @param value a stored value of this entity
   * @throws IllegalArgumentException if the value does not decode with its schema
   * @throws dev.tessera.tuple.TupleDecodingException if it is not a packed tuple
   */
  public Map<String, Object> read(byte[] value) {
    Tuple record = Tuple.unpack(value);
    return ComponentValues.read(schemaOf(record), record);
  }
}
