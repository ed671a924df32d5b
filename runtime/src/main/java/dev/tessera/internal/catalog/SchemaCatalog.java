package dev.tessera.internal.catalog;

import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.TransientFailure;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.KeyLayoutMigrationRequiredException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The schema part of the store's catalog: every record shape an entity was ever opened with, so
 * that values stored with any of them can be read later, and the small number each shape's stored
 * values start with.
 *
 * <pre>
 * ("\u0000tessera", "schema", entity, schemaId) -> (3, primaryKeyName, ((name, type)...), number, identifierValues)
 * ("\u0000tessera", "schema", entity)           -> (schemaId)   the last one added
 * </pre>
 *
 * <p>The first value part is the format. 3: the entry carries the shape's <em>number</em>, which
 * the values written with it start with, and whether values written before the entity was
 * numbered start with the shape's identifier instead ({@code identifierValues}). 2: an entry older
 * Tessera versions wrote for an entity in the compact key layout; its values start with the
 * identifier; the first repository that opens the entity numbers it (format 3). 1: an entity still
 * stored with the name keys of older versions. Older versions refuse every format they do not
 * know, so none of them misreads a numbered entity or writes identifier values beside numbered ones.
 *
 * <p>The schema identifier is the fingerprint of the entity name and the components, so an entry
 * is checked against its key when read. Entries are only ever added or numbered, each in a commit
 * checked on the "last added" entry (which every such commit rewrites), so concurrent openers are
 * serialised: each sees every shape and number committed before it, and no two shapes of an entity
 * ever get one number (see {@link RecordTranslator#open}).
 *
 * <p>Stateless and thread-safe.
 */
public final class SchemaCatalog {
  private static final String RESERVED = ReservedKeys.PREFIX;
  private static final String SCHEMA = "schema";
  private static final String EVOLUTION = "evolution";
  private static final long EVOLUTION_FORMAT = 1;
  /** The format of entries written now: numbered (see the class comment). */
  static final long FORMAT = 3;
  /**
   * The format of entries of an entity in the compact key layout written before shapes were
   * numbered: values start with the schema identifier.
   */
  static final long HASH_VALUES_FORMAT = 2;
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
      List<SchemaEntry> entries = new ArrayList<>();
      try (KvIterator all =
          snapshot.list(ListSelector.of(TupleRange.prefix(latestKey(entityName))))) {
        while (all.hasNext()) {
          entries.add(decode(all.next()));
        }
      }
      return new Entries(latest, entries);
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

  /**
   * Records {@code current} and numbers every shape of its entity that has no number yet, in one
   * commit that checks the "last added" entry is still {@code entries.latest()} and every entry it
   * numbers is still as read, and rewrites the "last added" entry (to {@code current}'s identifier
   * if it adds it, else unchanged), so that concurrent numberings are serialised. Numbers continue
   * from the highest one the entity has, skipping any that equals the identifier of a shape whose
   * values may start with it, so a stored value's first part always names one shape.
   *
   * @return false if the catalog changed meanwhile: nothing was written; read again
   * @throws UnsupportedOperationException naming the entity if the store was opened read-only
   */
  public static boolean record(KvStore store, RecordSchema current, Entries entries) {
    long next = entries.entries().stream().mapToLong(SchemaEntry::number).max().orElse(0) + 1;
    Set<Long> identifiers = new HashSet<>();
    for (SchemaEntry entry : entries.entries()) {
      if (entry.identifierValues()) {
        identifiers.add(entry.schema().id());
      }
    }
    AtomicOperation op = store.atomic().check(entries.latest());
    for (SchemaEntry entry : entries.entries()) {
      if (entry.number() == 0) {
        next = free(next, identifiers);
        op.check(entry.stored())
            .set(entry.stored().key(), encode(entry.schema(), next, entry.identifierValues()));
        next++;
      }
    }
    byte[] latest = entries.latest().exists() ? entries.latest().value() : null;
    if (entries.schema(current.id()).isEmpty() || latest == null) {
      latest = Tuple.of(current.id()).pack();
    }
    if (entries.schema(current.id()).isEmpty()) {
      next = free(next, identifiers);
      op.set(schemaKey(current.entityName(), current.id()), encode(current, next, false));
    }
    op.set(latestKey(current.entityName()), latest);
    try {
      return op.commit().ok();
    } catch (UnsupportedOperationException readOnly) {
      throw new UnsupportedOperationException("Cannot open entity '" + current.entityName()
          + "': the catalog must first record its current shape, or number the shapes an older"
          + " version recorded, and " + readOnly.getMessage() + ". Open the store for writing once"
          + " with this repository; read-only opens then work", readOnly);
    }
  }

  /** {@code number}, or the first one after it that is not {@code taken}. */
  static long free(long number, Set<Long> taken) {
    long free = number;
    while (taken.contains(free)) {
      free++;
    }
    return free;
  }

  /**
   * The catalog key of what reads older shapes into schema {@code schemaId} of {@code entityName}:
   * its components' former names and declared defaults ({@code @Renamed}, {@code @DefaultValue}),
   * which the schema entry itself does not hold (they do not change the shape's identifier).
   * Written by the application's repository when it opens the store ({@link #recordEvolution}),
   * read by tools that translate stored records without the application's classes.
   *
   * <pre>
   * ("\u0000tessera", "evolution", entity, schemaId) -> (1, ((name, (formerName...), hasDefault, defaultPart)...))
   * </pre>
   */
  public static Tuple evolutionKey(String entityName, long schemaId) {
    return Tuple.of(RESERVED, EVOLUTION, entityName, schemaId);
  }

  /**
   * Records the former names and defaults of {@code declared}'s components if the catalog does not
   * hold exactly them yet, in one commit checked on the entry read (a concurrent opener with the
   * same schema records the same). A store opened read-only, or failing for now ({@link
   * TransientFailure}), is left as it is: the next open records it, and tools refuse what they would
   * need the entry for until then, naming it.
   */
  public static void recordEvolution(KvStore store, RecordSchema declared) {
    Tuple key = evolutionKey(declared.entityName(), declared.id());
    byte[] value = encodeEvolution(declared);
    KvEntry stored = store.get(key);
    if (stored.exists() && Arrays.equals(stored.value(), value)) {
      return;
    }
    try {
      store.atomic().check(stored).set(key, value).commit(); // lost to a concurrent opener: it wrote it
    } catch (UnsupportedOperationException readOnly) {
      // read-only: nothing is recorded, and tools say so when they need it
    } catch (RuntimeException e) {
      if (!(e instanceof TransientFailure)) {
        throw e;
      }
      // the store failed for now: the next open records it, and tools say so until then
    }
  }

  /**
   * {@code latest} with the former names and defaults the catalog records for it, or empty if it
   * records none (the store was last opened by the application before they were recorded, or only
   * read-only).
   *
   * @throws IllegalStateException naming the key of an entry that does not decode or does not match
   *     {@code latest}'s components
   */
  public static Optional<RecordSchema> withEvolution(KvStore store, RecordSchema latest) {
    Tuple key = evolutionKey(latest.entityName(), latest.id());
    KvEntry stored = store.get(key);
    if (!stored.exists()) {
      return Optional.empty();
    }
    try {
      Tuple value = Tuple.unpack(stored.value());
      if (value.size() != 2 || !Long.valueOf(EVOLUTION_FORMAT).equals(value.get(0))) {
        throw new IllegalArgumentException("not an entry of format " + EVOLUTION_FORMAT);
      }
      Tuple components = value.getNestedTuple(1);
      if (components.size() != latest.components().size()) {
        throw new IllegalArgumentException("it describes " + components.size()
            + " components, the schema has " + latest.components().size());
      }
      List<ComponentSchema> evolved = new ArrayList<>();
      for (int i = 0; i < components.size(); i++) {
        Tuple component = components.getNestedTuple(i);
        ComponentSchema plain = latest.components().get(i);
        if (!plain.name().equals(component.getString(0))) {
          throw new IllegalArgumentException("component " + i + " is '" + component.getString(0)
              + "', the schema's is '" + plain.name() + "'");
        }
        List<String> former = new ArrayList<>();
        for (Object name : component.getNestedTuple(1)) {
          former.add((String) name);
        }
        ComponentSchema read = former.isEmpty() ? plain : plain.renamedFrom(former.toArray(String[]::new));
        evolved.add(component.getBoolean(2) ? read.withDefault(component.get(3)) : read);
      }
      return Optional.of(new RecordSchema(latest.entityName(), latest.primaryKeyName(), evolved));
    } catch (RuntimeException e) {
      throw new IllegalStateException("catalog entry " + key + " does not describe the former names"
          + " and defaults of schema " + latest.descriptor() + ": " + e.getMessage(), e);
    }
  }

  private static byte[] encodeEvolution(RecordSchema declared) {
    List<Object> components = new ArrayList<>();
    for (ComponentSchema component : declared.components()) {
      components.add(Tuple.of(component.name(), Tuple.fromList(component.formerNames()),
          component.hasDefault(), component.hasDefault() ? component.defaultPart() : null));
    }
    return Tuple.of(EVOLUTION_FORMAT, Tuple.fromList(components)).pack();
  }

  /** The stored form of {@code schema}: format 3 with its number (see the class comment). */
  static byte[] encode(RecordSchema schema, long number, boolean identifierValues) {
    return Tuple.of(FORMAT, schema.primaryKeyName(), components(schema), number, identifierValues).pack();
  }

  private static Tuple components(RecordSchema schema) {
    List<Object> components = new ArrayList<>();
    for (ComponentSchema component : schema.components()) {
      components.add(Tuple.of(component.name(), component.type()));
    }
    return Tuple.fromList(components);
  }

  /**
   * The entry {@code nameKeyEntry} (of format 1) in the format of an entity in the compact key
   * layout whose values start with the schema identifier (2), for the commit that marks its entity
   * migrated; the first repository that opens the entity numbers it.
   */
  public static byte[] migrated(KvEntry nameKeyEntry) {
    RecordSchema schema = decode(nameKeyEntry).schema();
    return Tuple.of(HASH_VALUES_FORMAT, schema.primaryKeyName(), components(schema)).pack();
  }

  /** Reads a schema entry of any known format, checking it against its key. */
  static SchemaEntry decode(KvEntry entry) {
    Tuple key = entry.key();
    try {
      String entityName = key.getString(2);
      long id = key.getLong(3);
      Tuple value = Tuple.unpack(entry.value());
      long format = value.size() > 0 && value.get(0) instanceof Long f ? f : -1;
      int size = format == FORMAT ? 5 : 3;
      if (value.size() != size
          || (format != FORMAT && format != HASH_VALUES_FORMAT && format != NAME_KEYS_FORMAT)) {
        throw new IllegalArgumentException("not a schema entry of format " + NAME_KEYS_FORMAT
            + ", " + HASH_VALUES_FORMAT + " or " + FORMAT + ": " + value);
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
      if (format != FORMAT) {
        return new SchemaEntry(entry, schema, format, 0, true);
      }
      long number = value.getLong(3);
      if (number < 1) {
        throw new IllegalArgumentException("numbers are positive, not " + number);
      }
      if (!(value.get(4) instanceof Boolean identifierValues)) {
        throw new IllegalArgumentException("no flag for values starting with the identifier");
      }
      return new SchemaEntry(entry, schema, format, number, identifierValues);
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "catalog entry " + key + " is not a schema of its entity: " + e.getMessage(), e);
    }
  }

  /**
   * One stored schema entry.
   *
   * @param stored the entry as read
   * @param schema the shape it describes
   * @param format its format (1, 2 or 3)
   * @param number the number values written with the shape start with; 0 before it is numbered
   * @param identifierValues whether values written with the shape may start with its identifier (it
   *     was recorded before its entity was numbered)
   */
  public record SchemaEntry(
      KvEntry stored, RecordSchema schema, long format, long number, boolean identifierValues) {}

  /**
   * An entity's catalog entries, read in one snapshot.
   *
   * @param latest the "last added" entry; absent when no schema was added yet
   * @param entries every stored schema entry, in identifier order
   */
  public record Entries(KvEntry latest, List<SchemaEntry> entries) {
    /** Copies the list. */
    public Entries {
      entries = List.copyOf(entries);
    }

    /** Every stored schema, in identifier order. */
    public List<RecordSchema> schemas() {
      return entries.stream().map(SchemaEntry::schema).toList();
    }

    /**
     * The stored schema entries of format 1: the entity's keys are still in the name layout of
     * older versions while there is one.
     */
    public List<KvEntry> nameKeyEntries() {
      return entries.stream()
          .filter(e -> e.format() == NAME_KEYS_FORMAT)
          .map(SchemaEntry::stored)
          .toList();
    }

    /** True if the entity is stored in the name key layout of older versions. */
    public boolean nameKeys() {
      return entries.stream().anyMatch(e -> e.format() == NAME_KEYS_FORMAT);
    }

    /**
     * True if {@code current} is recorded and every shape has its number: a repository opening
     * with {@code current} writes nothing to the catalog.
     */
    public boolean numbered(RecordSchema current) {
      return schema(current.id()).isPresent() && entries.stream().allMatch(e -> e.number() > 0);
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
      return entries.stream().map(SchemaEntry::schema).filter(s -> s.id() == id).findFirst();
    }
  }
}
