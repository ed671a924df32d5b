package dev.tessera.query;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import java.util.Objects;

/**
 * What every query over one index shares: the store, the entity's record prefix, the index, the id
 * of its subspace in the store and how records are read. Knows the index key layout: unique {@code
 * (subspaceId, values...) -> packed pk}, non-unique {@code (subspaceId, values..., pk...) -> empty}.
 * Immutable and thread-safe.
 */
record IndexTarget<T>(
    KvStore store,
    String entityName,
    Tuple entityPrefix,
    IndexDefinition<T> index,
    long subspaceId,
    RecordReader<T> reader) {

  IndexTarget {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(entityName, "entityName");
    Objects.requireNonNull(entityPrefix, "entityPrefix");
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(reader, "reader");
  }

  /** The number of indexed components. */
  int components() {
    return index.fields().size();
  }

  /** The key of the record an index entry points to. */
  Tuple recordKeyOf(KvEntry indexEntry) {
    Tuple key = indexEntry.key();
    Tuple pkParts =
        index.unique() ? reader.pointer(indexEntry) : key.subTuple(1 + components(), key.size());
    return entityPrefix.addAll(pkParts);
  }

  /**
   * The record of {@code record} if it still holds the values of {@code indexKey}, else {@code
   * null}: a record changed or deleted after its index entry was read is not a match.
   */
  T decodeIfIndexed(Tuple indexKey, KvEntry record) {
    if (!record.exists()) {
      return null;
    }
    T decoded = reader.decode(record);
    Tuple values = indexKey.subTuple(1, 1 + components());
    return index.holds(decoded, values) ? decoded : null;
  }

  /** A readable name for messages: {@code index 'age' of entity 'user'}. */
  String describe() {
    return "index '" + index.name() + "' of entity '" + entityName + "'";
  }
}
