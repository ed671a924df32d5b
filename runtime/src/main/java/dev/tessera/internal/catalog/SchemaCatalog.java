package dev.tessera.internal.catalog;

import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.KeyLayoutMigrationRequiredException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The schema part of the store's catalog: every record shape an entity was ever opened with, so
 * that values stored with any of them can be read later.
 *
 * <pre>
 * ("\u0000tessera", "schema", entity, schemaId) -> (2, primaryKeyName, ((name, type)...))  one per shape
 * ("\u0000tessera", "schema", entity)           -> (schemaId)                             the last one added
 * </pre>
 *
 * <p>The first value part is the format: 2 for an entity whose keys start with the subspace ids
 * the catalog assigned ({@link KeySpace}), 1 for an entity still stored with the name keys of
 * older Tessera versions (which refuse format 2, so they cannot misread a migrated entity).
 *
 * <p>The schema identifier is the fingerprint of the entity name and the components, so an entry
 * is checked against its key when read. Entries are only ever added, each in a commit checked on
 * the "last added" entry, so concurrent openers of different shapes are serialised: each sees every
 * shape added before it (see {@link RecordTranslator#open}).
 *
 * <p>Stateless and thread-safe.
 */
public final class SchemaCatalog {
  private static final String RESERVED = ReservedKeys.PREFIX;
  private static final String SCHEMA = "schema";
  /**
   * The format of entries written now: an entity whose schema entries have it stores its keys in
   * the compact layout ({@code (entityId, pk...)}, see {@link KeySpace}).
   */
  static final long FORMAT = 2;
  /**
   * The format of entries written by older Tessera versions, whose keys start with the entity and
   * index names; such an entity must be migrated ({@code tessera migrate}) before it is opened.
   */
  static final long NAME_KEYS_FORMAT = 1;

  private SchemaCatalog() {}

  /** The catalog key of schema {@code schemaId} of {@code entityName}. */
  public static Tuple schemaKey(String entityName, long schemaId) {
    return Tuple.of(RESERVED, SCHEMA, entityName, schemaId);
  }

  /** The catalog key holding the identifier of the schema of {@code entityName} added last. */
  public static Tuple latestKey(String entityName) {
    return Tuple.of(RESERVED, SCHEMA, entityName);
  }

  /**
   * The catalog entries of {@code entityName}, read in one snapshot: the "last added" entry (absent
   * if none) and every stored schema in identifier order.
   *
   * @throws IllegalStateException naming the key of an entry that does not decode
   */
  public static Entries read(KvStore store, String entityName) {
    try (KvSnapshot snapshot = store.snapshot()) {
      KvEntry latest = snapshot.get(latestKey(entityName));
      List<RecordSchema> schemas = new ArrayList<>();
      List<KvEntry> nameKeyEntries = new ArrayList<>();
      try (KvIterator all =
          snapshot.list(ListSelector.of(TupleRange.prefix(latestKey(entityName))))) {
        while (all.hasNext()) {
          KvEntry entry = all.next();
          schemas.add(decode(entry));
          if (format(entry) == NAME_KEYS_FORMAT) {
            nameKeyEntries.add(entry);
          }
        }
      }
      return new Entries(latest, schemas, nameKeyEntries);
    }
  }

  /**
   * The names of every entity the catalog holds a schema for, in key order (one snapshot).
   *
   * @throws IllegalStateException naming the key of an entry that does not decode
   */
  public static List<String> entityNames(KvStore store) {
    List<String> names = new ArrayList<>();
    try (KvIterator all =
        store.list(ListSelector.of(TupleRange.prefix(Tuple.of(RESERVED, SCHEMA))))) {
      while (all.hasNext()) {
        Tuple key = all.next().key();
        if (key.size() == 3) {
          if (!(key.get(2) instanceof String)) {
            throw new IllegalStateException("catalog entry " + key + " names no entity");
          }
          names.add(key.getString(2));
        }
      }
    }
    return names;
  }

  /** Schema {@code schemaId} of {@code entityName}, if the catalog holds it. */
  public static Optional<RecordSchema> find(KvStore store, String entityName, long schemaId) {
    KvEntry entry = store.get(schemaKey(entityName, schemaId));
    return entry.exists() ? Optional.of(decode(entry)) : Optional.empty();
  }

  /**
   * Adds {@code schema} in one commit that checks the "last added" entry is still {@code latest}
   * (as {@link #read} returned it) and sets it to this schema.
   *
   * @return false if another schema was added meanwhile: nothing was written; read again
   */
  public static boolean add(KvStore store, RecordSchema schema, KvEntry latest) {
    return store
        .atomic()
        .check(latest)
        .set(schemaKey(schema.entityName(), schema.id()), encode(schema))
        .set(latestKey(schema.entityName()), Tuple.of(schema.id()).pack())
        .commit()
        .ok();
  }

  /** The stored form of {@code schema}: its primary key name and component names and types. */
  static byte[] encode(RecordSchema schema) {
    List<Object> components = new ArrayList<>();
    for (ComponentSchema component : schema.components()) {
      components.add(Tuple.of(component.name(), component.type()));
    }
    return Tuple.of(FORMAT, schema.primaryKeyName(), Tuple.fromList(components)).pack();
  }

  /**
   * The entry {@code nameKeyEntry} (of format 1) in the current format, for the commit that marks
   * its entity migrated to the compact key layout.
   */
  public static byte[] migrated(KvEntry nameKeyEntry) {
    return encode(decode(nameKeyEntry));
  }

  /** The format of a schema entry (1 or 2), read before it is decoded. */
  private static long format(KvEntry entry) {
    return Tuple.unpack(entry.value()).getLong(0);
  }

  /** Reads a schema entry of either format, checking it against its key. */
  static RecordSchema decode(KvEntry entry) {
    Tuple key = entry.key();
    try {
      String entityName = key.getString(2);
      long id = key.getLong(3);
      Tuple value = Tuple.unpack(entry.value());
      if (value.size() != 3
          || !(value.get(0) instanceof Long format)
          || (format != FORMAT && format != NAME_KEYS_FORMAT)) {
        throw new IllegalArgumentException("not a format-" + NAME_KEYS_FORMAT + " or format-"
            + FORMAT + " schema entry: " + value);
      }
      List<ComponentSchema> components = new ArrayList<>();
      for (Object part : value.getNestedTuple(2)) {
        Tuple component = (Tuple) part;
        components.add(ComponentSchema.of(component.getString(0), component.getString(1)));
      }
      RecordSchema schema = new RecordSchema(entityName, value.getString(1), components);
      if (schema.id() != id) {
        throw new IllegalArgumentException(
            String.format("its components hash to %016x, not to its key's %016x", schema.id(), id));
      }
      return schema;
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "catalog entry " + key + " is not a schema of its entity: " + e.getMessage(), e);
    }
  }

  /**
   * An entity's catalog entries, read in one snapshot.
   *
   * @param latest the "last added" entry; absent when no schema was added yet
   * @param schemas every stored schema, in identifier order
   * @param nameKeyEntries the stored schema entries of format 1: the entity's keys are still in
   *     the name layout of older versions while there is one
   */
  public record Entries(KvEntry latest, List<RecordSchema> schemas, List<KvEntry> nameKeyEntries) {
    /** Copies the lists. */
    public Entries {
      schemas = List.copyOf(schemas);
      nameKeyEntries = List.copyOf(nameKeyEntries);
    }

    /** True if the entity is stored in the name key layout of older versions. */
    public boolean nameKeys() {
      return !nameKeyEntries.isEmpty();
    }

    /**
     * Refuses an entity stored in the name key layout.
     *
     * @throws KeyLayoutMigrationRequiredException naming the entity and {@code store}
     */
    public void requireCompactKeys(String entityName, KvStore store) {
      if (nameKeys()) {
        String remedy = store instanceof LmdbKvStore lmdb
            ? "run 'tessera migrate " + lmdb.directory() + "'"
            : "call dev.tessera.catalog.KeyLayoutMigration.migrate on the store, with the"
                + " applications using it stopped,";
        throw new KeyLayoutMigrationRequiredException(entityName, String.valueOf(store), remedy);
      }
    }

    /** The stored schema with identifier {@code id}, if any. */
    public Optional<RecordSchema> schema(long id) {
      return schemas.stream().filter(s -> s.id() == id).findFirst();
    }
  }
}
