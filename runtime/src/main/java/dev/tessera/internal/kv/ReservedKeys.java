package dev.tessera.internal.kv;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;

/**
 * The keys Tessera keeps for itself in a store's one ordered key space: every one starts with the
 * part {@value #PREFIX_TEXT}, a string, while records and index entries start with the integer
 * subspace id of their entity or index (and, in stores written by older versions, with their names,
 * which sort after this prefix), so catalog keys never mix with records or index entries.
 *
 * <pre>
 * ("\u0000tessera", "count", entity[, shard])     -> record count, summed over shards (RecordCount)
 * ("\u0000tessera", "schema", entity[, id])       -> stored record shapes (SchemaCatalog)
 * ("\u0000tessera", "subspace"|"subspace-id"|"subspace-next", ...) -> subspace ids (SubspaceCatalog)
 * ("\u0000tessera", "index"|"index-states"|"index-build", entity, ...) -> index catalog (IndexCatalog)
 * ("\u0000tessera", "quarantine", entity, pk...)  -> a record repair set aside
 * ("\u0000tessera", "...-probe")                  -> read by stores to test a connection or snapshot
 * </pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class ReservedKeys {
  /** The first part of every reserved key. */
  public static final String PREFIX = "\u0000tessera";

  /** {@link #PREFIX} as Javadoc shows it. */
  private static final String PREFIX_TEXT = "\"\\u0000tessera\"";

  private ReservedKeys() {}

  /** The reserved key {@code (PREFIX, parts...)}. */
  public static Tuple of(Object... parts) {
    Object[] all = new Object[parts.length + 1];
    all[0] = PREFIX;
    System.arraycopy(parts, 0, all, 1, parts.length);
    return Tuple.of(all);
  }

  /**
   * The unsharded key of the record count of {@code entityName}; the count's shards extend it
   * (see {@code dev.tessera.internal.store.RecordCount}).
   */
  public static Tuple recordCount(String entityName) {
    return of("count", entityName);
  }

  /** The key of one shard of {@code entityName}'s record count. */
  public static Tuple recordCountShard(String entityName, int shard) {
    return recordCount(entityName).add(shard);
  }

  /** Every key whose sum is {@code entityName}'s record count: the unsharded key and the shards. */
  public static TupleRange recordCountRange(String entityName) {
    return TupleRange.keyAndExtensions(recordCount(entityName));
  }

  /** True if {@code key} lies in the reserved part of the key space. */
  public static boolean isReserved(Tuple key) {
    return key.size() > 0 && PREFIX.equals(key.get(0));
  }
}
