package dev.tessera.it;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;

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

  /**
   * Every key of subspace {@code subspace} in {@code store}: none when the catalog assigned it no
   * id (ids start at 1, so nothing lies under 0).
   */
  public static TupleRange range(KvStore store, String subspace) {
    return TupleRange.keyAndExtensions(
        Tuple.of(StoreCatalog.of(store).subspaceId(subspace).orElse(0)));
  }
}
