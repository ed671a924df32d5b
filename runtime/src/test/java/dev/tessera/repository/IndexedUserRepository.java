package dev.tessera.repository;

import dev.tessera.kv.KvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import java.util.List;
import java.util.Optional;

/** A repository of one "version" of {@link User}: the indexes it declares are chosen per test. */
final class IndexedUserRepository extends EntityRepository<User, String> {
  IndexedUserRepository(KvStore store, List<IndexDefinition<User>> indexes, RepositoryOptions options) {
    super(store, new IndexedUserMapping(indexes), options);
  }

  private IndexedUserRepository(IndexedUserRepository repository, Transaction tx) {
    super(repository, tx);
  }

  /** This repository bound to {@code tx}. */
  @Override
  public IndexedUserRepository in(Transaction tx) {
    return tx.bind(this, IndexedUserRepository::new);
  }

  /** The record holding {@code values} in unique index {@code index}. */
  Optional<User> findByUniqueIndex(IndexDefinition<User> index, Object... values) {
    return findByUnique(index, Tuple.of(values));
  }

  /** The records holding {@code values} in non-unique index {@code index}. */
  List<User> findByIndex(IndexDefinition<User> index, Object... values) {
    return findByIndex(index, Tuple.of(values));
  }
}
