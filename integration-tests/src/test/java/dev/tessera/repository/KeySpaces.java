package dev.tessera.repository;

import dev.tessera.mapping.IndexDefinition;
import java.util.List;

/**
 * Lets tests in other packages reach the subspace id a repository uses for one of its indexes (the
 * id it read from the store's catalog when it opened) and query any of its indexes. It lives in
 * {@code dev.tessera.repository} because {@link EntityRepository#subspaceId} has package access
 * and {@link EntityRepository#query(IndexDefinition)} is protected.
 */
public final class KeySpaces {
  private KeySpaces() {}

  /** The subspace id {@code repository} writes and reads {@code index}'s entries under. */
  public static <T> long subspaceId(EntityRepository<T, ?> repository, IndexDefinition<T> index) {
    return repository.subspaceId(index);
  }

  /** Every record in {@code index}, in index order, as {@code repository} queries it. */
  public static <T> List<T> all(EntityRepository<T, ?> repository, IndexDefinition<T> index) {
    return repository.query(index).list();
  }
}
