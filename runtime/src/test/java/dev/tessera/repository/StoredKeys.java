package dev.tessera.repository;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Tuple;

/**
 * Keys as a repository stores them, for tests that read or damage stored entries directly: the
 * first part is the subspace id the store's catalog assigned to an entity or index subspace name.
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
}
