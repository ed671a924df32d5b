package dev.tessera.repository;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.internal.catalog.RecordTranslator;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Tuple;

/**
 * Keys and values as a repository stores them, for tests that read or damage stored entries
 * directly: a key's first part is the subspace id the store's catalog assigned to an entity or
 * index subspace name, a value's first part the number the catalog gave the record's shape.
 */
public final class StoredKeys {
  private StoredKeys() {}

  /**
   * The key {@code (id of subspace, parts...)} in {@code store}.
   *
   * @throws java.util.NoSuchElementException if the catalog assigned {@code subspace} no id
   */
  public static Tuple key(KvStore store, String subspace, Object... parts) {
    return Tuple.of(StoreCatalog.of(store).subspaceId(subspace).orElseThrow()).addAll(Tuple.of(parts));
  }

  /** The value a repository of {@code mapping} on {@code store} stores for {@code record}. */
  public static <T> byte[] value(KvStore store, EntityMapping<T, ?> mapping, T record) {
    return mapping.encode(record, RecordTranslator.open(store, mapping.schema()).currentNumber());
  }
}
