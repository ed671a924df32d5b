package dev.tessera.internal.catalog;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexPhase;
import dev.tessera.catalog.IndexState;
import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The index part of the store's catalog: one entry per index of each entity, with its definition
 * descriptor, state and build progress, plus the keys an index build coordinates through.
 *
 * <pre>
 * ("\u0000tessera", "index", entity, index)
 *     -> (descriptor, state, cursor, subspace, unique, phase, generation, done, failure)
 * ("\u0000tessera", "index-states", entity)                           -> u64 states generation
 * ("\u0000tessera", "index-build", entity, index)                     -> u64 fence
 * ("\u0000tessera", "index-build", entity, index, generation, (value...), (pk...)) -> empty  duplicate marker
 * </pre>
 *
 * <p>The fence of a unique index changes whenever its state leaves BUILDING or FAILED and whenever
 * a writer records a duplicate marker; writers that maintain a unique index which is not readable
 * check it, so they notice a state change, and the switch to READABLE checks it, so it notices a
 * marker written while it resolved the others. A duplicate marker says "this record holds this
 * value but the index entry points to another record" (see {@code docs/indexes.md}).
 *
 * <p>Stateless and thread-safe.
 */
public final class IndexCatalog {
  private static final String RESERVED = ReservedKeys.PREFIX;
  private static final String INDEX = "index";
  private static final String BUILD = "index-build";
  private static final String STATES = "index-states";

  private IndexCatalog() {}

  /** The catalog key of index {@code indexName} of {@code entityName}. */
  public static Tuple key(String entityName, String indexName) {
    return Tuple.of(RESERVED, INDEX, entityName, indexName);
  }

  /**
   * The key of the states generation of {@code entityName}'s indexes: a counter that every commit
   * changing the state of one of them (or adding or removing one) increases. Every write checks its
   * versionstamp against the one read with the states it followed, so a writer whose states are
   * stale (another repository instance or process changed them) fails its commit, reads the states
   * again and retries, instead of writing as if they were current.
   */
  public static Tuple statesKey(String entityName) {
    return Tuple.of(RESERVED, STATES, entityName);
  }

  /** Adds to {@code op} the increase of {@code entityName}'s {@linkplain #statesKey states generation}. */
  public static AtomicOperation statesChanged(AtomicOperation op, String entityName) {
    return op.sum(statesKey(entityName), 1);
  }

  /** The key of the fence of index {@code indexName} of {@code entityName}. */
  public static Tuple fenceKey(String entityName, String indexName) {
    return Tuple.of(RESERVED, BUILD, entityName, indexName);
  }

  /** The prefix of the duplicate markers of one build generation. */
  public static Tuple markerPrefix(String entityName, String indexName, long generation) {
    return fenceKey(entityName, indexName).add(generation);
  }

  /**
   * The duplicate marker saying that the record with primary key parts {@code pkParts} holds
   * {@code values} in the index while the index entry points to another record.
   */
  public static Tuple markerKey(
      String entityName, String indexName, long generation, Tuple values, Tuple pkParts) {
    return markerPrefix(entityName, indexName, generation).add(values).add(pkParts);
  }

  /** Every duplicate marker of the index, of all generations. */
  public static TupleRange allMarkers(String entityName, String indexName) {
    return TupleRange.prefix(fenceKey(entityName, indexName));
  }

  /** The duplicate markers of generations before {@code generation}. */
  public static TupleRange markersBefore(String entityName, String indexName, long generation) {
    return TupleRange.between(
        markerPrefix(entityName, indexName, Long.MIN_VALUE),
        markerPrefix(entityName, indexName, generation));
  }

  /** Every index entry of {@code entityName}, by index name, read from {@code snapshot}. */
  public static Map<String, Stored> read(KvSnapshot snapshot, String entityName) {
    Map<String, Stored> entries = new LinkedHashMap<>();
    Tuple prefix = Tuple.of(RESERVED, INDEX, entityName);
    try (KvIterator it = snapshot.list(ListSelector.of(TupleRange.prefix(prefix)))) {
      while (it.hasNext()) {
        KvEntry kv = it.next();
        IndexCatalogEntry entry = decode(kv);
        entries.put(entry.indexName(), new Stored(entry, kv));
      }
    }
    return entries;
  }

  /** The stored form of {@code entry} (the key holds the entity and index names). */
  public static byte[] encode(IndexCatalogEntry entry) {
    return Tuple.of(
            entry.descriptor(),
            entry.state().name(),
            entry.cursor(),
            entry.subspace(),
            entry.unique(),
            entry.phase().name(),
            entry.generation(),
            entry.done(),
            entry.failure())
        .pack();
  }

  /**
   * Reads a catalog entry.
   *
   * @throws IllegalStateException naming the key when the entry does not decode
   */
  public static IndexCatalogEntry decode(KvEntry kv) {
    Tuple key = kv.key();
    try {
      Tuple value = Tuple.unpack(kv.value());
      return new IndexCatalogEntry(
          key.getString(2),
          key.getString(3),
          value.getString(0),
          IndexState.valueOf(value.getString(1)),
          value.getBytes(2),
          value.getString(3),
          value.getBoolean(4),
          IndexPhase.valueOf(value.getString(5)),
          value.getLong(6),
          value.getLong(7),
          (String) value.get(8));
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "catalog entry " + key + " is not an index entry: " + e.getMessage(), e);
    }
  }

  /**
   * A catalog entry together with the stored key-value entry it was read from, whose versionstamp
   * a commit checks to change it safely.
   *
   * @param entry the decoded entry
   * @param stored the stored entry
   */
  public record Stored(IndexCatalogEntry entry, KvEntry stored) {}
}
