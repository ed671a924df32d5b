package dev.tessera.catalog;

import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.index.Quarantine;
import dev.tessera.internal.catalog.SchemaCatalog;
import dev.tessera.internal.catalog.SubspaceCatalog;
import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.repository.QuarantinedRecord;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What a tool sees of a store without the application's classes: the entities its catalog holds,
 * their stored records (read with every shape they were written with) and their indexes. The
 * {@code tessera} command line reads stores through this class; writing records and verifying
 * indexes from the catalog go through {@code CatalogRepository} and {@code CatalogIndexVerifier}
 * in {@code dev.tessera.repository}.
 *
 * <pre>{@code
 * StoreCatalog catalog = StoreCatalog.of(store);
 * for (String entity : catalog.entityNames()) {
 *   StoredRecordReader records = catalog.records(entity);
 *   System.out.println(entity + ": " + records.latest().descriptor());
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe; each call reads the store as it is then.
 */
public final class StoreCatalog {
  private final KvStore store;

  private StoreCatalog(KvStore store) {
    this.store = store;
  }

  /**
   * {@return the catalog of {@code store}}
   *
   * @param store the store whose catalog to read
   */
  public static StoreCatalog of(KvStore store) {
    return new StoreCatalog(Objects.requireNonNull(store, "store"));
  }

  /** {@return the names of the entities whose shapes the catalog holds, in key order} */
  public List<String> entityNames() {
    return SchemaCatalog.entityNames(store);
  }

  /**
   * {@return a reader of {@code entityName}'s stored records, knowing every shape the catalog holds
   * now}
   *
   * @param entityName the entity's name
   * @throws UnknownEntityException if the catalog holds no shape of {@code entityName}
   */
  public StoredRecordReader records(String entityName) {
    return StoredRecordReader.open(store, entityName);
  }

  /**
   * {@return the catalog entries of {@code entityName}'s indexes as {@code snapshot} holds them, by
   * name}
   *
   * @param snapshot the snapshot to read in
   * @param entityName the entity's name
   */
  public static List<IndexCatalogEntry> indexes(KvSnapshot snapshot, String entityName) {
    List<IndexCatalogEntry> entries = new ArrayList<>();
    IndexCatalog.read(snapshot, entityName).values().forEach(stored -> entries.add(stored.entry()));
    return entries;
  }

  /**
   * {@return the text every key Tessera keeps for itself starts with (its first tuple part): the
   * catalog, the record counts, quarantined records} Application keys never start with it.
   */
  public static String reservedPrefix() {
    return ReservedKeys.PREFIX;
  }

  /**
   * {@return the key under which a repair keeps the bytes of the undecodable record of {@code
   * entityName} with primary key parts {@code primaryKeyParts}: {@code ("\u0000tessera",
   * "quarantine", entityName, primaryKeyParts...)}}
   *
   * @param entityName the entity's name
   * @param primaryKeyParts the record's primary key parts
   */
  public static Tuple quarantineKey(String entityName, Tuple primaryKeyParts) {
    return ReservedKeys.of("quarantine", entityName).addAll(primaryKeyParts);
  }

  /**
   * The records of {@code entityName} a repair moved to the quarantine, as {@code
   * indexAdmin().quarantined()} lists them: those whose key decodes in key order, then those whose
   * key bytes are not a packed tuple.
   *
   * @param entityName the entity's name
   * @return the entity's quarantined records, possibly none
   */
  public List<QuarantinedRecord> quarantined(String entityName) {
    return Quarantine.list(store, KeySpace.read(store, entityName, List.of()));
  }

  /**
   * Deletes the quarantined copy {@code record} of {@code entityName}.
   *
   * @param entityName the entity's name
   * @param record the quarantined record, as {@link #quarantined(String)} listed it
   * @return true if the copy was there and is deleted now
   */
  public boolean discardQuarantined(String entityName, QuarantinedRecord record) {
    return Quarantine.discard(store, KeySpace.read(store, entityName, List.of()), record);
  }

  /**
   * The subspace id the catalog assigned to {@code name}, an entity or an index subspace: the first
   * part of the keys of its records or entries. Empty if none was assigned (nothing is stored
   * under it).
   *
   * @param name the entity's or index subspace's name
   * @return the assigned subspace id, or empty if none was assigned
   */
  public OptionalLong subspaceId(String name) {
    return SubspaceCatalog.find(store, name);
  }

  /**
   * {@return every subspace id the catalog assigned and its entity or index subspace name, in id
   * order}
   */
  public Map<Long, String> subspaceNames() {
    return SubspaceCatalog.names(store);
  }
}
