package dev.tessera.repository;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.StoreCatalog;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.internal.catalog.CatalogMapping;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.internal.index.IndexEntry;
import dev.tessera.internal.mapping.ComponentValues;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleDecodingException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A repository of stored records built from the store's catalog alone, for tools that write records
 * without the application's classes (the {@code tessera load} command): records are component
 * values in the entity's newest schema, encoded as generated code encodes them, and every write
 * goes through the same algorithms as a generated repository's (checks for taken primary keys and
 * unique values, index entries, the record count, one atomic commit). Index values are derived
 * from the catalog's definitions as {@link CatalogIndexVerifier} derives them, so only an entity
 * all of whose indexes can be derived that way can be opened.
 *
 * <pre>{@code
 * CatalogRepository users = CatalogRepository.open(store, "user");
 * users.insertAll(List.of(users.record(Map.of("id", 1L, "email", "ada@example.com"))));
 * }</pre>
 *
 * <p>Thread-safe, as every repository.
 */
public final class CatalogRepository extends EntityRepository<StoredRecord, Tuple> {
  private final StoredRecordReader reader;

  private final Map<String, List<String>> enums;
  private final KvStore store;

  private CatalogRepository(KvStore store, CatalogMapping mapping, StoredRecordReader reader,
      Map<String, List<String>> enums) {
    super(store, mapping);
    this.reader = reader;
    this.enums = Map.copyOf(enums);
    this.store = store;
  }

  /**
   * Opens the repository of {@code entityName} from the catalog.
   *
   * @param store the store
   * @param entityName the entity's name
   * @return the repository
   * @throws dev.tessera.catalog.UnknownEntityException if the catalog holds no such entity
   * @throws UnsupportedCatalogIndexException naming the first index whose values cannot be derived
   *     from the catalog (nothing is written)
   */
  public static CatalogRepository open(KvStore store, String entityName) {
    StoredRecordReader reader = StoredRecordReader.open(store, entityName);
    List<IndexCatalogEntry> entries = new ArrayList<>();
    try (KvSnapshot snapshot = store.snapshot()) {
      IndexCatalog.read(snapshot, entityName).values().forEach(s -> entries.add(s.entry()));
    }
    List<IndexDefinition<StoredRecord>> indexes = new ArrayList<>();
    for (IndexCatalogEntry entry : entries) {
      String whyNot = CatalogIndexVerifier.whyNotVerifiable(entry, reader);
      if (whyNot != null) {
        throw new UnsupportedCatalogIndexException(entityName, entry.indexName(), whyNot);
      }
      indexes.add(CatalogIndexVerifier.definition(entry, entityName));
    }
    // Every catalog index has its definition here, under its stored descriptor, so opening
    // changes no index state.
    return new CatalogRepository(store, new CatalogMapping(reader, indexes), reader,
        CatalogIndexVerifier.enumConstants(entries));
  }

  /**
   * {@return the record whose components are {@code values} (the plain values {@link
   * ComponentValues} reads), in the entity's newest schema}
   *
   * @param values the component values by name
   * @throws IllegalArgumentException naming the component that is missing, unknown or mistyped, or
   *     an indexed enum component holding a name that is not one of the constants the catalog
   *     records for it
   */
  public StoredRecord record(Map<String, ?> values) {
    StoredRecord record =
        new StoredRecord(reader.latest(), ComponentValues.encode(reader.latest(), values));
    CatalogIndexVerifier.requireConstants(reader.entityName(), enums, record);
    return record;
  }

  /** {@return the entity's newest schema: the shape {@link #record} writes} */
  public RecordSchema schema() {
    return reader.latest();
  }

  /**
   * {@return the primary key parts of {@code record}, or {@code null} if its key component is null}
   *
   * @param record a record of this entity
   */
  public Tuple idOf(StoredRecord record) {
    return mapping().idOf(record);
  }

  /** {@return the entity's indexes, as derived from the catalog} */
  public List<IndexDefinition<StoredRecord>> indexes() {
    return mapping().indexes();
  }

  /**
   * A unique value a record claims: one entry of a unique index, as the write path derives it.
   *
   * @param index the unique index
   * @param values the entry's normalised, encoded values
   * @param key the entry's key, the same for every record claiming the value
   */
  public record UniqueValue(IndexDefinition<StoredRecord> index, Tuple values, Tuple key) {}

  /**
   * The unique values {@code record} would claim if inserted: the entries of its unique indexes,
   * derived exactly as an insert writes them (none for an index the record is not in, one per
   * distinct element of a multi-value index).
   *
   * @param record a record with a primary key
   * @return the values, in index order
   */
  public List<UniqueValue> uniqueValues(StoredRecord record) {
    Tuple pkParts = mapping().keyParts(Objects.requireNonNull(idOf(record), "primary key"));
    List<UniqueValue> values = new ArrayList<>();
    for (IndexDefinition<StoredRecord> index : indexes()) {
      if (index.unique()) {
        for (IndexEntry<StoredRecord> entry : IndexEntry.forRecord(index, subspaceId(index), record, pkParts)) {
          values.add(new UniqueValue(index, entry.values(), entry.key()));
        }
      }
    }
    return values;
  }

  /**
   * Inserts the quarantined record {@code quarantined} again, as the application's repository reads
   * it (in the newest shape), through the checks of every insert (its primary key absent, its
   * unique values free, its index entries and the count in the same commit), then deletes its
   * quarantined copy. Nothing is written unless the record now decodes.
   *
   * @param quarantined the quarantined record, as {@link IndexAdmin#quarantined()} lists it
   * @throws IllegalArgumentException naming the key if its key bytes are not a packed tuple, its
   *     bytes still do not decode, or the primary key they hold is not the key it was stored under
   * @throws IllegalStateException if its shape cannot be read into the newest one from the catalog
   * @throws EntityExistsException if a record holds its primary key now
   * @throws UniqueConstraintViolationException if another record holds one of its unique values
   */
  public void restore(QuarantinedRecord quarantined) {
    if (!quarantined.keyDecodes()) {
      throw new IllegalArgumentException("the quarantined entry of " + reader.entityName()
          + " under key bytes 0x" + HexFormat.of().formatHex(quarantined.packedKey())
          + " has no primary key to be restored under: its key is not a packed tuple");
    }
    Tuple pkParts = reader.primaryKeyParts(quarantined.recordKey());
    StoredRecord record;
    try {
      record = reader.current(Tuple.unpack(quarantined.bytes()));
      ComponentValues.read(record.schema(), record.value());
      CatalogIndexVerifier.requireConstants(reader.entityName(), enums, record);
    } catch (IllegalArgumentException | TupleDecodingException e) {
      throw new IllegalArgumentException("the quarantined record " + pkParts + " of "
          + reader.entityName() + " still does not decode: " + e.getMessage(), e);
    }
    if (!pkParts.equals(idOf(record))) {
      throw new IllegalArgumentException("the quarantined record " + pkParts + " of "
          + reader.entityName() + " holds the primary key " + idOf(record) + ", not its own");
    }
    insert(record);
    StoreCatalog.of(store).discardQuarantined(reader.entityName(), quarantined);
  }

  /**
   * {@return the primary key of the stored record that holds the unique value {@code value}, if
   * any}
   *
   * @param value the unique value: its index and its encoded values
   */
  public Optional<Tuple> uniqueHolder(UniqueValue value) {
    return findByUnique(value.index(), value.values()).map(this::idOf);
  }
}
