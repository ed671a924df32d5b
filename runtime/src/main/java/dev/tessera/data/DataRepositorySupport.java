package dev.tessera.data;

import dev.tessera.kv.KvStore;
import dev.tessera.query.Query;
import dev.tessera.repository.EntityNotFoundException;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.Transaction;
import dev.tessera.repository.Transactions;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.NonUniqueResultException;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.CrudRepository;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The base of every generated Jakarta Data repository ({@code Books_} for a {@code @Repository}
 * interface {@code Books}): the built-in methods of {@link CrudRepository} and the algorithms
 * generated methods call, each delegating to the generated Tessera repository and translating its
 * exceptions ({@link DataExceptionTranslator}). Generated subclasses hold only the entity's
 * queries, as calls on that repository.
 *
 * <p>Methods that write several entities ({@code saveAll}, {@code updateAll}, {@code
 * deleteAll}, {@code insertAll}) write them in one transaction: all or none. Bound to a
 * transaction ({@code books.in(tx)}), every method joins it instead.
 *
 * <p>Thread-safe, as the Tessera repository is; a view bound to a transaction is not.
 *
 * @param <T> the entity type, a Tessera {@code @Entity} record
 * @param <ID> its primary key type
 */
public abstract class DataRepositorySupport<T, ID> implements CrudRepository<T, ID> {
  private final KvStore store;
  private final EntityRepository<T, ID> repository;
  private final Transaction transaction;
  private final String entityName;
  private final String idAttribute;

  /**
   * For generated subclasses.
   *
   * @param store the key store
   * @param repository the generated Tessera repository, bound to {@code transaction} if not null
   * @param transaction the transaction the repository is bound to, or {@code null}
   * @param entityName the entity name, for messages
   * @param idAttribute the primary key's component name, the one order {@code findAll} gives
   */
  protected DataRepositorySupport(KvStore store, EntityRepository<T, ID> repository,
      Transaction transaction, String entityName, String idAttribute) {
    this.store = store;
    this.repository = repository;
    this.transaction = transaction;
    this.entityName = entityName;
    this.idAttribute = idAttribute;
  }

  /** The primary key of {@code entity}: its key component. */
  protected abstract ID idOf(T entity);

  /** The Tessera repository bound to {@code tx}: the generated repository's {@code in(tx)}. */
  protected abstract EntityRepository<T, ID> repositoryIn(Transaction tx);

  /**
   * The key store the repository reads and writes (the specification's resource accessor).
   *
   * @return the store; the repository does not own it
   */
  public KvStore store() {
    return store;
  }

  // ------------------------------------------------------------------- built-in methods

  @Override
  public <S extends T> S insert(S entity) {
    return call(() -> stored(entity, repository.insert(entity)));
  }

  @Override
  public <S extends T> List<S> insertAll(List<S> entities) {
    return atomically(tx -> eachOf(entities, tx::insert));
  }

  @Override
  public <S extends T> S update(S entity) {
    return call(() -> stored(entity, repository.update(entity)));
  }

  @Override
  public <S extends T> List<S> updateAll(List<S> entities) {
    return atomically(tx -> eachOf(entities, tx::update));
  }

  @Override
  public <S extends T> S save(S entity) {
    return call(() -> stored(entity, repository.save(entity)));
  }

  @Override
  public <S extends T> List<S> saveAll(List<S> entities) {
    return atomically(tx -> eachOf(entities, tx::save));
  }

  /**
   * Deletes {@code entity}'s record.
   *
   * @throws jakarta.data.exceptions.OptimisticLockingFailureException if it is not stored
   */
  @Override
  public void delete(T entity) {
    run(() -> deleteExisting(repository, entity));
  }

  /**
   * Deletes the records of {@code entities}, all or none.
   *
   * @throws jakarta.data.exceptions.OptimisticLockingFailureException if one is not stored
   */
  @Override
  public void deleteAll(List<? extends T> entities) {
    atomically(tx -> {
      entities.forEach(entity -> deleteExisting(tx, entity));
      return null;
    });
  }

  @Override
  public void deleteById(ID id) {
    call(() -> repository.delete(id));
  }

  @Override
  public Optional<T> findById(ID id) {
    return call(() -> repository.findById(id));
  }

  @Override
  public Stream<T> findAll() {
    return call(repository::findAll);
  }

  /**
   * A page of every record in primary key order.
   *
   * @throws UnsupportedOperationException if {@code order} sorts by anything but the primary key
   */
  @Override
  public Page<T> findAll(PageRequest pageRequest, Order<T> order) {
    return page(() -> sorted(repository.byId(), order == null ? List.of() : order.sorts(),
        "the primary key of " + entityName, idAttribute), pageRequest);
  }

  // ------------------------------------------------------------------- for generated methods

  /** Runs {@code work}, translating Tessera's exceptions. */
  protected final <R> R call(Supplier<R> work) {
    try {
      return work.get();
    } catch (RuntimeException e) {
      throw DataExceptionTranslator.translate(e);
    }
  }

  /** Runs {@code work}, translating Tessera's exceptions. */
  protected final void run(Runnable work) {
    call(() -> {
      work.run();
      return null;
    });
  }

  /**
   * Runs {@code work} on the repository in one transaction, or in the one this repository is
   * bound to.
   */
  protected final <R> R atomically(Function<EntityRepository<T, ID>, R> work) {
    return call(() -> transaction != null
        ? work.apply(repository)
        : Transactions.run(store, tx -> work.apply(repositoryIn(tx))));
  }

  /** Every record {@code query} matches. */
  protected final List<T> list(Supplier<? extends Query<T>> query) {
    return call(() -> query.get().list());
  }

  /** Every record {@code query} matches, read lazily in batches. */
  protected final Stream<T> stream(Supplier<? extends Query<T>> query) {
    return call(() -> query.get().stream());
  }

  /**
   * The one record {@code query} matches.
   *
   * @throws EmptyResultException if none matches
   * @throws NonUniqueResultException if several match
   */
  protected final T single(Supplier<? extends Query<T>> query) {
    return optional(query).orElseThrow(() -> new EmptyResultException(
        "No " + entityName + " matches " + query.get()));
  }

  /**
   * The record {@code query} matches, if any.
   *
   * @throws NonUniqueResultException if several match
   */
  protected final Optional<T> optional(Supplier<? extends Query<T>> query) {
    Query<T> q = query.get();
    List<T> found = call(() -> q.limit(2).list());
    if (found.size() > 1) {
      throw new NonUniqueResultException("Several " + entityName + " records match " + q);
    }
    return found.stream().findFirst();
  }

  /** The number of records {@code query} matches, counted on index keys. */
  protected final long count(Supplier<? extends Query<T>> query) {
    return call(() -> query.get().count());
  }

  /** Whether {@code query} matches a record. */
  protected final boolean exists(Supplier<? extends Query<T>> query) {
    return call(() -> query.get().exists());
  }

  /** Deletes every record {@code query} matches, each with its index entries. */
  protected final long delete(Supplier<? extends Query<T>> query) {
    return call(() -> repository.deleteAll(query.get()));
  }

  /** The offset page {@code request} asks for (see {@link DataPages#offsetPage}). */
  protected final Page<T> page(Supplier<? extends Query<T>> query, PageRequest request) {
    return call(() -> DataPages.offsetPage(query.get(), request));
  }

  /** The cursored page {@code request} asks for (see {@link DataPages#cursoredPage}). */
  protected final CursoredPage<T> cursoredPage(
      Supplier<? extends Query<T>> query, PageRequest request) {
    return call(() -> DataPages.cursoredPage(query.get(), request));
  }

  /**
   * {@code query} limited as {@code limit} says.
   *
   * @throws UnsupportedOperationException for a limit that starts after the first result (use a
   *     cursored page instead)
   */
  protected static <T> Query<T> limited(Query<T> query, Limit limit) {
    if (limit.startAt() != 1) {
      throw new UnsupportedOperationException("Limit " + limit + " starts after the first result;"
          + " Tessera reads from the start of an index range: page with a cursor instead");
    }
    return query.limit(limit.maxResults());
  }

  /** {@code query} in {@code sorts}' order (see {@link IndexOrder#sorted}). */
  protected static <T> Query<T> sorted(Query<T> query, Iterable<? extends jakarta.data.Sort<?>> sorts,
      String servedBy, String... indexOrder) {
    return IndexOrder.sorted(query, sorts, servedBy, List.of(indexOrder));
  }

  private void deleteExisting(EntityRepository<T, ID> target, T entity) {
    ID id = idOf(entity);
    if (!target.delete(id)) {
      throw new EntityNotFoundException(entityName, id);
    }
  }

  private static <S, R> List<S> eachOf(List<S> entities, Function<S, R> write) {
    List<S> stored = new ArrayList<>(entities.size());
    for (S entity : entities) {
      stored.add(stored(entity, write.apply(entity)));
    }
    return stored;
  }

  /**
   * The record as stored, typed as the argument: a record class is final, so the entity type
   * {@code S extends T} is {@code T} itself.
   */
  @SuppressWarnings("unchecked")
  private static <S> S stored(S argument, Object stored) {
    return (S) stored;
  }
}
