package dev.tessera.internal.index;

import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * One stored index entry of one record: unique {@code (subspaceId, values...) -> packed pk parts},
 * non-unique {@code (subspaceId, values..., pk parts...) -> empty}. Immutable.
 *
 * @param index the index the entry belongs to
 * @param values the record's normalised values in that index
 * @param key the full key of the entry
 * @param value the stored bytes (the packed pk for a unique index, empty otherwise)
 */
public record IndexEntry<T>(IndexDefinition<T> index, Tuple values, Tuple key, byte[] value) {
  private static final byte[] EMPTY = new byte[0];

  /**
   * The entries of {@code record}, whose primary key parts are {@code pkParts}, in {@code index}:
   * none when the record is not in the index, one per distinct element in a multi-value index.
   */
  public static <T> List<IndexEntry<T>> forRecord(
      IndexDefinition<T> index, long subspaceId, T record, Tuple pkParts) {
    List<Tuple> all = index.entryValues(record);
    if (all.isEmpty()) {
      return List.of();
    }
    byte[] value = index.unique() ? pkParts.pack() : EMPTY;
    List<IndexEntry<T>> entries = new ArrayList<>(all.size());
    for (Tuple values : all) {
      entries.add(of(index, subspaceId, values, pkParts, value));
    }
    return entries;
  }

  /**
   * The entry of a record with key parts {@code pkParts} and packed key parts {@code pkPacked}, in
   * the index whose subspace has id {@code subspaceId} in the store.
   */
  public static <T> IndexEntry<T> of(
      IndexDefinition<T> index, long subspaceId, Tuple values, Tuple pkParts, byte[] pkPacked) {
    return new IndexEntry<>(index, values, index.entryKey(subspaceId, values, pkParts),
        index.unique() ? pkPacked : EMPTY);
  }
}
