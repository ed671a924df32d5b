package dev.tessera.internal.write;

import dev.tessera.internal.catalog.CatalogMapping;
import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.catalog.RecordTranslator;
import dev.tessera.internal.catalog.SchemaCatalog;
import dev.tessera.internal.index.IndexEntry;
import dev.tessera.internal.index.IndexInputs;
import dev.tessera.internal.query.RecordQueries;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleReader;
import java.util.ArrayList;
import java.util.List;

/**
 * How the records of one entity lie in the key space, for the repository's write path ({@link
 * RecordWriter}) and reads ({@link RecordQueries}) alike: a record's key, its index entries, and the
 * decoding of stored bytes (translated from older shapes, checked for a primary key).
 *
 * <p>Immutable and thread-safe. Once open it holds no store, so a repository and every view of it
 * bound to a transaction share one.
 *
 * @param <T> the record type
 * @param <ID> the primary key type
 */
public final class RecordLayout<T, ID> {
  private final EntityMapping<T, ID> mapping;
  private final String entityName;
  private final KeySpace keys;
  private final Tuple entityPrefix;
  private final List<IndexDefinition<T>> indexes;
  private final long[] indexIds;
  private final RecordTranslator translator;
  private final IndexInputs indexInputs;
  private final long schemaNumber;

  private RecordLayout(
      EntityMapping<T, ID> mapping,
      List<IndexDefinition<T>> indexes,
      KeySpace keys,
      RecordTranslator translator) {
    this.mapping = mapping;
    this.entityName = mapping.entityName();
    this.keys = keys;
    this.entityPrefix = keys.recordPrefix();
    this.indexes = indexes;
    this.indexIds = new long[indexes.size()];
    for (int i = 0; i < indexIds.length; i++) {
      indexIds[i] = keys.indexId(indexes.get(i));
    }
    this.translator = translator;
    this.indexInputs = IndexInputs.of(mapping.schema(), indexes);
    this.schemaNumber = translator.currentNumber();
  }

  /**
   * The layout of {@code mapping}'s records: refuses an entity stored in the name key layout of an
   * older version, obtains the subspace ids of the entity and its indexes from {@code store}'s
   * catalog (assigning the missing ones, see {@link KeySpace}), then records the entity's current
   * schema (see {@link RecordTranslator#open}). The ids are assigned before the schema, so a schema
   * entry of the current format implies the entity has its ids.
   *
   * @throws dev.tessera.repository.KeyLayoutMigrationRequiredException if the entity is stored in
   *     the name key layout; nothing was written
   */
  public static <T, ID> RecordLayout<T, ID> open(KvStore store, EntityMapping<T, ID> mapping) {
    List<IndexDefinition<T>> indexes = List.copyOf(mapping.indexes());
    SchemaCatalog.read(store, mapping.entityName()).requireCompactKeys(mapping.entityName(), store);
    List<String> subspaces = new ArrayList<>(indexes.size());
    for (IndexDefinition<T> index : indexes) {
      subspaces.add(index.subspace());
    }
    KeySpace keys = KeySpace.assign(store, mapping.entityName(), subspaces);
    RecordTranslator translator = RecordTranslator.open(store, mapping.schema());
    if (!(mapping instanceof CatalogMapping)) {
      // The application's schema declares its former names and defaults; a catalog-built one only
      // repeats what the catalog holds, so it never records them.
      SchemaCatalog.recordEvolution(store, mapping.schema());
    }
    return new RecordLayout<>(mapping, indexes, keys, translator);
  }

 public EntityMapping<T, ID> mapping() {
    return mapping;
  }

 public String entityName() {
    return entityName;
  }

  /** The subspace ids of the entity and its indexes in the store. */
  public KeySpace keys() {
    return keys;
  }

  /** The id of the subspace of {@code index} (see {@link KeySpace#indexId}). */
  public long indexId(IndexDefinition<?> index) {
    return keys.indexId(index);
  }

  /** The key of the record with primary key parts {@code pkParts}. */
 public Tuple recordKeyOfParts(Tuple pkParts) {
    return entityPrefix.addAll(pkParts);
  }

  /** The key of the record with primary key {@code id}, which must not be null. */
 public Tuple recordKey(ID id) {
    if (id == null) {
      throw new NullPointerException("primary key '" + mapping.primaryKeyName() + "' of " + entityName);
    }
    return mapping.appendKeyParts(entityPrefix, id);
  }

  /**
   * {@link #recordKey(Object)} for a repository bound to a transaction: the key {@code memory}
   * noted for an equal primary key, else a new one, noted (see {@link BindingMemory}).
   */
  public Tuple recordKey(ID id, BindingMemory memory) {
    Tuple key = memory.keyOf(id);
    if (key == null) {
      key = recordKey(id);
      memory.addKey(id, key);
    }
    return key;
  }

  /**
   * The value to store for {@code record}: its encoding, starting with the number the store's
   * catalog gave its current schema.
   */
  public byte[] encode(T record) {
    return mapping.encode(record, schemaNumber);
  }

  /** True if {@code key} is in the entity's record subspace. */
  boolean isRecordKey(Tuple key) {
    return key.startsWith(entityPrefix);
  }

  /**
   * True if the record value {@code written}, replacing {@code stored} under the same key, is
   * certain to leave every index entry as it is: both hold the same bytes in the schema, primary
   * key and indexed parts (see {@link IndexInputs}). Allocates nothing.
   */
  boolean keepsIndexEntries(byte[] stored, byte[] written) {
    return indexInputs.unchanged(stored, written);
  }

  /** The index entries of {@code record}, whose primary key parts are {@code pkParts}. */
  List<IndexEntry<T>> entriesOf(T record, Tuple pkParts) {
    if (indexes.isEmpty()) {
      return List.of();
    }
    List<IndexEntry<T>> entries = new ArrayList<>(indexes.size());
    byte[] pkPacked = null;
    for (int i = 0; i < indexes.size(); i++) {
      IndexDefinition<T> index = indexes.get(i);
      // none for a null component of a unique index, one per distinct element of a multi-value one
      for (Tuple values : index.entryValues(record)) {
        if (index.unique() && pkPacked == null) {
          pkPacked = pkParts.pack();
        }
        entries.add(IndexEntry.of(index, indexIds[i], values, pkParts, pkPacked));
      }
    }
    return entries;
  }

  /**
   * Decodes a stored record, which must hold a primary key: a record decoding to a null one was not
   * written by a repository (every write requires the key), so it is reported, never returned.
   * A value of the current shape is read part by part ({@link EntityMapping#read}); any other
   * value, and any value that reading fails on, is unpacked, translated and decoded as a tuple,
   * which builds the record or reports the damage.
   */
  public T decode(KvEntry entry) {
    T record = readCurrent(entry.value());
    if (record == null) {
      try {
        record = mapping.decode(translator.toCurrent(Tuple.unpack(entry.value())));
      } catch (RuntimeException e) {
        throw new CorruptRecordException(entry.key(), e);
      }
    }
    if (mapping.idOf(record) == null) {
      throw new CorruptRecordException(entry.key(), new IllegalArgumentException(
          "the record of entity '" + entityName + "' holds no primary key '"
              + mapping.primaryKeyName() + "'"));
    }
    return record;
  }

  /**
   * The record of a value of the current shape, read straight from its bytes; null if the value
   * has another shape or anything about it is unusual (damaged, a part of another type, parts left
   * over), or if the mapping does not read part by part: {@link #decode} then takes the tuple path,
   * which reports a damaged value as it always has.
   */
  private T readCurrent(byte[] value) {
    try (TupleReader parts = TupleReader.open(value)) {
      if (!translator.isCurrent(parts.nextLong())) {
        return null;
      }
      T record = mapping.read(parts);
      if (record != null) {
        parts.requireEnd();
      }
      return record;
    } catch (RuntimeException unusual) {
      return null;
    }
  }

  /**
   * {@link #decode} of an entry read in a transaction, noting in {@code decoded} that it decodes
   * (see {@link BindingMemory}).
   */
  public T decode(KvEntry entry, BindingMemory decoded) {
    T record = decode(entry);
    decoded.add(entry);
    return record;
  }

  /**
   * Checks that {@code entry} decodes, as {@link #decode} does, unless {@code decoded} noted it
   * (the same entry decoded before).
   *
   * @throws CorruptRecordException if it does not decode or holds no primary key
   */
  void requireDecodes(KvEntry entry, BindingMemory decoded) {
    if (!decoded.contains(entry)) {
      decode(entry, decoded);
    }
  }

  /**
   * Decodes a record about to be rewritten, deleted or indexed, which must hold the primary key it
   * is stored under: else its index entries would be computed for another key, and an update would
   * never commit. (Plain reads skip this check, which costs two tuple encodings per record.)
   */
  public T decodeStored(KvEntry entry) {
    T record = decode(entry);
    ID storedId;
    boolean matches;
    try {
      storedId = mapping.idOf(record);
      matches = storedId != null && entry.key().equals(mapping.appendKeyParts(entityPrefix, storedId));
    } catch (RuntimeException e) {
      throw new CorruptRecordException(entry.key(), e);
    }
    if (!matches) {
      throw new CorruptRecordException(entry.key(), new IllegalArgumentException(
          "the record holds primary key " + storedId + ", not " + idOfKey(entry.key())
              + " of the key it is stored under"));
    }
    return record;
  }

  private Object idOfKey(Tuple recordKey) {
    try {
      return mapping.idFromKeyParts(recordKey.subTuple(1, recordKey.size()));
    } catch (RuntimeException notAKey) {
      return recordKey;
    }
  }
}
