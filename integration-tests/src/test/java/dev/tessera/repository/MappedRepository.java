package dev.tessera.repository;

import dev.tessera.kv.KvStore;
import dev.tessera.mapping.EntityMapping;

/**
 * A repository of any mapping, for tests that run the repository algorithms on a mapping of their
 * own (a {@link ForwardingMapping} that observes calls, say). It lives in {@code
 * dev.tessera.repository} for {@link EntityRepository}'s protected constructors.
 *
 * <p>Thread-safe as every repository; a bound one ({@link #in}) belongs to its transaction.
 *
 * @param <T> the record type
 * @param <ID> the primary key type
 */
public final class MappedRepository<T, ID> extends EntityRepository<T, ID> {
  /** A repository of {@code mapping}'s records on {@code store}. */
  public MappedRepository(KvStore store, EntityMapping<T, ID> mapping) {
    super(store, mapping);
  }

  private MappedRepository(MappedRepository<T, ID> repository, Transaction tx) {
    super(repository, tx);
  }

  /** This repository bound to {@code tx}. */
  public MappedRepository<T, ID> in(Transaction tx) {
    return tx.bind(this, MappedRepository::new);
  }
}
