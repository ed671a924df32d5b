package dev.tessera.repository;

import dev.tessera.kv.KvStore;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * CONTRACT STUB (signatures fixed; the repository helper writes the bodies). The base class of
 * every generated repository: the algorithms of design.md, written once.
 */
public abstract class EntityRepository<T, ID> {
  protected EntityRepository(KvStore store, EntityMapping<T, ID> mapping) {}

  public T insert(T entity) { throw new UnsupportedOperationException("stub"); }
  public void insertAll(Collection<T> entities) { throw new UnsupportedOperationException("stub"); }
  public T update(T entity) { throw new UnsupportedOperationException("stub"); }
  public T update(T entity, Versionstamp expected) { throw new UnsupportedOperationException("stub"); }
  public T save(T entity) { throw new UnsupportedOperationException("stub"); }
  public boolean delete(ID id) { throw new UnsupportedOperationException("stub"); }
  public boolean delete(ID id, Versionstamp expected) { throw new UnsupportedOperationException("stub"); }
  public Optional<T> findById(ID id) { throw new UnsupportedOperationException("stub"); }
  public Optional<Versioned<T>> findVersionedById(ID id) { throw new UnsupportedOperationException("stub"); }
  public boolean existsById(ID id) { throw new UnsupportedOperationException("stub"); }
  public List<T> findAllById(Collection<ID> ids) { throw new UnsupportedOperationException("stub"); }
  public Stream<T> findAll() { throw new UnsupportedOperationException("stub"); }
  public long count() { throw new UnsupportedOperationException("stub"); }

  /** For generated finders: the record whose unique index holds {@code values} (normalised). */
  protected Optional<T> findByUnique(IndexDefinition<T> index, Tuple values) { throw new UnsupportedOperationException("stub"); }
  protected boolean existsByUnique(IndexDefinition<T> index, Tuple values) { throw new UnsupportedOperationException("stub"); }
  /** For generated finders: records whose non-unique index holds exactly {@code values}. */
  protected List<T> findByIndex(IndexDefinition<T> index, Tuple values) { throw new UnsupportedOperationException("stub"); }
  protected Stream<T> streamByIndex(IndexDefinition<T> index, Tuple values) { throw new UnsupportedOperationException("stub"); }
  protected long countByIndex(IndexDefinition<T> index, Tuple values) { throw new UnsupportedOperationException("stub"); }
}
