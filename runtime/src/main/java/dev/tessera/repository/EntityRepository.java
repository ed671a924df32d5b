package dev.tessera.repository;

import dev.tessera.RetryLimitExceededException;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.catalog.RecordTranslator;
import dev.tessera.internal.index.IndexLifecycle;
import dev.tessera.internal.query.RecordQueries;
import dev.tessera.internal.store.RecordCount;
import dev.tessera.internal.write.BindingMemory;
import dev.tessera.internal.write.RecordLayout;
import dev.tessera.internal.write.RecordWriter;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.query.IndexQuery;
import dev.tessera.query.IndexQueryStage;
import dev.tessera.query.KeyQuery;
import dev.tessera.query.Query;
import dev.tessera.query.spatial.BoxQuery;
import dev.tessera.query.spatial.SpatialIndex;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The base class of every generated repository: the secondary-index algorithms (insert with
 * uniqueness checks, update with an index diff, delete with retry, query by index), written once. A generated repository supplies an {@link EntityMapping} and adds typed
 * finders that call the protected query methods.
 *
 * <p>Key layout, in the store's one ordered key space:
 *
 * <pre>
 * (entityId, pk...)                  -> encoded record
 * (indexId, values...)               -> packed pk parts          unique index: a pointer
 * (indexId, values..., pk...)        -> empty                    non-unique index
 * (reserved keys)                    -> record counts (see RecordCount) and the catalog (see ReservedKeys)
 * </pre>
 *
 * <p>{@code entityId} and {@code indexId} are the small integers the store's catalog assigned to the
 * entity name and to each index's {@linkplain IndexDefinition#subspace() subspace name}; the
 * repository reads (or assigns) them once, when it is constructed, so one generated {@code
 * IndexDefinition} constant serves repositories on any number of stores. An entity stored in the
 * name keys of an older version is refused with {@link KeyLayoutMigrationRequiredException} until
 * {@code tessera migrate} has moved it.
 *
 * <p>Records stored with an older shape of the entity are read through the catalog (see {@link
 * RecordTranslator}) and written back in the current shape by the next write.
 *
 * <p>Opening a repository compares its index definitions with the store's catalog and builds new
 * or changed indexes online (see {@link RepositoryOptions} and {@link IndexAdmin}); until an index is
 * readable, its queries throw {@link IndexNotReadyException} and a unique index does not reject
 * writes (see {@code docs/indexes.md}).
 *
 * <p>Every write is one atomic commit whose checks make it safe against concurrent writers: the
 * record, its index entries and the record count always change together or not at all. A commit
 * that loses a race is retried after re-reading, with a short jittered backoff (at most 1,000
 * attempts, then {@link RetryLimitExceededException}); versioned writes fail with
 * {@link ConcurrentModificationException} instead of retrying. Each commit also checks that the
 * index states the repository followed are still current (another instance or process may have
 * built an index meanwhile), and retries with the new states when they are not.
 *
 * <p>A repository bound to a {@link Transaction} (a generated repository's {@code in(tx)}) runs the
 * same algorithms on the transaction's view of the store: its reads see the transaction's snapshot
 * and writes, its writes join the transaction's single commit (see {@link Transactions}).
 *
 * <p>Thread-safe: besides the store and the mapping, both thread-safe, a repository holds only an
 * immutable snapshot of its indexes' catalog states (replaced atomically when it changes) and at
 * most one daemon thread building indexes, so one instance may be shared by any number of threads.
 * Streams it returns are not thread-safe; they hold no read transaction between batches, so
 * closing them is optional.
 *
 * @param <T> the record type
 * @param <ID> the primary key type
 */
public abstract class EntityRepository<T, ID> {
  /** How many commits a write attempts before giving up on a hot key. */


  private final EntityMapping<T, ID> mapping;
  /**
   * The store this repository was opened on; {@code null} for a view bound to a transaction, which
   * never joins another one.
   */
  private final KvStore store;
  /** The subspace ids of the entity and its indexes in the store, read when it opened. */
  private final KeySpace keys;
  /** Index states, builds and administration: shared with every view bound to a transaction. */
  private final IndexLifecycle<T> lifecycle;
  private final IndexAdmin admin;
  /** The write path, on this repository's store (or transaction view). */
  private final RecordWriter<T, ID> writer;
  /** Reads and queries, on the same store (or view). */
  private final RecordQueries<T, ID> queries;

  // ---------------------------------------------------------------- construction

  /**
   * Creates a repository of the entity described by {@code mapping} in {@code store}, with the
   * {@linkplain RepositoryOptions#defaults() default options}: pending index work is done in the
   * background. Records the entity's current schema in the store's catalog, after
   * checking that records stored with every schema the catalog holds can be read with it.
   *
   * @param store the key store, shared with other repositories
   * @param mapping the generated mapping of the entity
   * @throws dev.tessera.repository.IncompatibleSchemaException if stored records cannot be read with
   *     the current schema (nothing is written)
   * @throws KeyLayoutMigrationRequiredException if the entity is stored in the key layout of an
   *     older version (nothing is written)
   */
  protected EntityRepository(KvStore store, EntityMapping<T, ID> mapping) {
    this(store, mapping, RepositoryOptions.defaults());
  }

  /**
   * Creates a repository of the entity described by {@code mapping} in {@code store}. Records new,
   * changed and removed indexes in the store's catalog, then builds them as {@code options} say.
   *
   * @param store the key store, shared with other repositories
   * @param mapping the generated mapping of the entity
   * @param options the index build policy, batch size and progress listener
   * @throws IndexBuildFailedException with {@link IndexBuildPolicy#BLOCKING}, if a unique index
   *     cannot be built over duplicate values
   */
  protected EntityRepository(
      KvStore store, EntityMapping<T, ID> mapping, RepositoryOptions options) {
    this.store = Objects.requireNonNull(store, "store");
    this.mapping = Objects.requireNonNull(mapping, "mapping");
    Tuple[] countShardKeys = RecordCount.shardKeys(store, mapping.entityName());
    RecordLayout<T, ID> layout = RecordLayout.open(store, mapping);
    this.keys = layout.keys();
    this.lifecycle =
        IndexLifecycle.open(store, mapping, layout.keys(), layout::decodeStored, Objects.requireNonNull(options, "options"));
    this.writer = new RecordWriter<>(store, layout, lifecycle, countShardKeys, options.batchSize());
    this.queries = new RecordQueries<>(store, layout, lifecycle);
    this.admin = new IndexAdmin(lifecycle);
  }

  /**
   * A view of {@code repository} bound to {@code tx}: the same entity, indexes and methods, with
   * every read and write going through the transaction (see {@link Transactions}). Generated
   * repositories call it from their {@code in(Transaction)}.
   *
   * @param repository the repository to bind
   * @param tx the transaction
   */
  protected EntityRepository(EntityRepository<T, ID> repository, Transaction tx) {
    KvStore view = Objects.requireNonNull(tx, "tx").view();
    this.store = null;
    this.mapping = repository.mapping;
    this.keys = repository.keys;
    this.lifecycle = repository.lifecycle;
    // Reads and writes of one binding share what they decoded and the keys they built: an update
    // after a find of the same record neither decodes the stored record again nor builds its key.
    BindingMemory memory = BindingMemory.forTransaction();
    this.writer = repository.writer.on(view, memory);
    this.queries = repository.queries.on(view, memory);
    this.admin = repository.admin;
  }

  /**
   * The repository every call runs on: this one, or its view bound to the transaction the thread
   * runs on this repository's store (see {@link Transactions}), the same view {@code in(tx)} gives.
   * One thread-local read when the thread runs no transaction.
   */
  private EntityRepository<T, ID> target() {
    if (store == null) {
      return this;
    }
    Transaction tx = Transactions.joined(store);
    return tx == null ? this : in(tx);
  }

  /**
   * This repository bound to {@code tx}: the same methods, each reading and writing inside the
   * transaction. Generated repositories override it to return their own type (the view with their
   * finders); a repository called on a thread that runs a transaction on its store uses this view
   * without being asked (see {@link Transactions}).
   *
   * @param tx the transaction
   * @return the view of this repository bound to {@code tx}, the same one every time
   */
  public EntityRepository<T, ID> in(Transaction tx) {
    return tx.bind(this, Bound::new);
  }

  /** A view bound to a transaction, of a repository whose class does not make its own. */
  private static final class Bound<T, ID> extends EntityRepository<T, ID> {
    Bound(EntityRepository<T, ID> repository, Transaction tx) {
      super(repository, tx);
    }
  }

  /** The id of the subspace of {@code index} in this repository's store, for catalog tools. */
  long subspaceId(IndexDefinition<T> index) {
    return keys.indexId(index);
  }

  // ---------------------------------------------------------------- writes: insert, update, save

  /**
   * Inserts a new record: one commit that checks the primary key and every unique value are free,
   * then writes the record, its index entries and the count. A {@code null} primary key is
   * generated when the entity asks for it ({@link KeyGeneration#ULID}).
   *
   * @param entity the record to insert
   * @return the record as stored (with its generated key)
   * @throws EntityExistsException if a record with this primary key exists
   * @throws UniqueConstraintViolationException if another record holds one of its unique values
   * @throws MissingPrimaryKeyException if the key is {@code null} and not generated
   * @throws dev.tessera.kv.KeyTooLargeException if the primary key or an index entry packs to more
   *     bytes than the store accepts; it names the index (or primary key) and the entity, nothing is
   *     written
   */
  public T insert(T entity) {
    return target().writer.insert(entity);
  }

  /**
   * Inserts every record in one atomic commit: all of them or none. Duplicates within the batch
   * (a primary key or a unique value twice) are reported like conflicts with stored records, before
   * anything is committed. Keys are generated as in {@link #insert}.
   *
   * @param entities the records to insert
   * @throws EntityExistsException if a primary key is taken (in the store or earlier in the batch)
   * @throws UniqueConstraintViolationException if a unique value is taken (likewise)
   */
  public void insertAll(Collection<T> entities) {
    target().writer.insertAll(entities);
  }

  /**
   * Replaces a stored record. One commit checks that the record is still at the versionstamp read
   * and that each newly needed unique value is free, deletes the stale index entries, writes the
   * new ones and the record; index entries that do not change are not touched. A concurrent change
   * of the same record is retried.
   *
   * @param entity the record with its new values
   * @return the record as stored
   * @throws EntityNotFoundException if no record has this primary key
   * @throws UniqueConstraintViolationException if another record holds one of its new unique values
   * @throws dev.tessera.kv.KeyTooLargeException as for {@link #insert}
   */
  public T update(T entity) {
    return target().writer.update(entity);
  }

  /**
   * Replaces a stored record only if it is still at versionstamp {@code expected} (optimistic
   * concurrency: pass the versionstamp from {@link #findVersionedById}).
   *
   * @param entity the record with its new values
   * @param expected the versionstamp the record must still have
   * @return the record as stored
   * @throws ConcurrentModificationException if the record is at another versionstamp or was deleted
   * @throws EntityNotFoundException if no record has this primary key when first read
   * @throws UniqueConstraintViolationException if another record holds one of its new unique values
   */
  public T update(T entity, Versionstamp expected) {
    return target().writer.update(entity, expected);
  }

  /**
   * Inserts the record if its primary key is absent (or {@code null} and generated), else updates
   * it. Safe against concurrent inserts and deletes of the same key: the decision is re-made if the
   * write loses a race.
   *
   * @param entity the record to insert or update
   * @return the record as stored
   */
  public T save(T entity) {
    EntityRepository<T, ID> target = target();
    if (mapping.idOf(entity) == null) {
      return target.writer.insert(entity);
    }
    return target.writer.save(entity);
  }

  // ---------------------------------------------------------------- deletes

  /**
   * Deletes the record and all its index entries in one commit checked against the versionstamp
   * read; retried until it succeeds or the record is gone.
   *
   * <p>A record whose stored bytes do not decode ({@link CorruptRecordException} on reads) is
   * deleted too: its index entries cannot be computed from its values, so every index is scanned for
   * entries pointing to it, which are deleted in the same commit (this costs a scan of the indexes).
   *
   * @param id the primary key
   * @return true if this call deleted the record, false if it was absent
   */
  public boolean delete(ID id) {
    return target().writer.delete(id);
  }

  /**
   * Deletes the record only if it is at versionstamp {@code expected}. An absent record (never
   * stored, or already deleted by someone else) is not an error: the call returns false, as {@link
   * #delete(Object)} does, because the caller's goal, the record being gone, holds.
   *
   * @param id the primary key
   * @param expected the versionstamp the record must still have
   * @return true if this call deleted the record, false if it was absent
   * @throws ConcurrentModificationException if the record is at another versionstamp
   */
  public boolean delete(ID id, Versionstamp expected) {
    return target().writer.delete(id, expected);
  }

  /**
   * Deletes the records with the given primary keys, in batches of at most the {@linkplain
   * RepositoryOptions#withBatchSize(int) batch size} (1000 by default), each batch one atomic
   * commit that deletes its records, their index entries and their part of the count. Keys without
   * a record, or given twice, are skipped.
   *
   * <p><b>Not atomic as a whole</b>: it is one commit when the keys fit one batch; otherwise a
   * failure or a crash part-way leaves the batches committed before it deleted and the others not
   * (calling it again finishes the work). A batch that loses a race with a writer is read again;
   * a record written again between batches is deleted as the batch finds it. Inside a transaction
   * ({@code repository.in(tx)}) every batch joins the transaction's one commit, so the whole
   * delete is atomic with the rest of the transaction, within the transaction's size limits
   * ({@link TransactionTooLargeException}).
   *
   * <pre>{@code
   * long gone = users.deleteAllById(List.of("u1", "u2", "u3"));
   * }</pre>
   *
   * <p>Named apart from {@link #delete(Object)} so that {@code delete(null)} stays unambiguous.
   *
   * @param ids the primary keys, not null (nor any of them)
   * @return how many records were deleted
   */
  public long deleteAllById(Collection<ID> ids) {
    return target().writer.deleteAllById(ids);
  }

  /**
   * Deletes every record {@code query} matches (its limit and cursor included): the query is read
   * lazily as by its {@code stream()}, and each batch of records it returns is deleted before the
   * next is read, as by {@link #deleteAllById(Collection)}, with the same guarantees: each batch
   * atomic, the whole not (one commit when it fits one batch), atomic inside a transaction. A
   * record that starts to match behind the point the query has reached is not deleted; memory
   * stays bounded by the batch size.
   *
   * <pre>{@code
   * long expired = loans.deleteAll(loans.byDueDate().lessThan(cutoff));
   * }</pre>
   *
   * @param query a query of this repository
   * @return how many records were deleted
   */
  public long deleteAll(Query<T> query) {
    return target().writer.deleteAll(query);
  }

  /**
   * Deletes every record of the entity, in primary-key order, in batches as by {@link
   * #deleteAllById(Collection)}: each batch atomic, the whole not (one commit when every record fits one
   * batch); atomic inside a transaction. Progress is logged at INFO every 10,000 records.
   *
   * @return how many records were deleted
   */
  public long deleteAll() {
    return deleteAll(byId());
  }

  // ---------------------------------------------------------------- reads

  /**
   * {@return the record with primary key {@code id}: one read and one decode}
   *
   * @param id the primary key
   */
  public Optional<T> findById(ID id) {
    return target().queries.findById(id);
  }

  /**
   * {@return the record with primary key {@code id} and the versionstamp of the commit that wrote
   * it}
   *
   * @param id the primary key
   */
  public Optional<Versioned<T>> findVersionedById(ID id) {
    return target().queries.findVersionedById(id);
  }

  /**
   * {@return true if a record with primary key {@code id} is stored (no decoding)}
   *
   * @param id the primary key
   */
  public boolean existsById(ID id) {
    return target().queries.existsById(id);
  }

  /**
   * {@return the records with the given primary keys, read in one snapshot} The result follows the
   * order of {@code ids}; ids without a record are skipped (so the result may be shorter), and an
   * id given twice yields its record twice.
   *
   * @param ids the primary keys
   */
  public List<T> findAllById(Collection<ID> ids) {
    return target().queries.findAllById(ids);
  }

  /**
   * {@return every record, lazily, in primary-key order, read in batches (see {@link
   * KvStore#list}): each batch is one short snapshot that ends before the batch is handed out, so
   * the stream holds no read transaction between batches and need not be closed (a {@code
   * findFirst()} or an abandoned iterator costs nothing)} A later batch may see later commits: keys
   * come in order and never twice, a record present throughout is returned once, in the state its
   * batch read; records inserted or deleted meanwhile may or may not appear. For one snapshot, a
   * limit, the reverse order, pages or a key range, use {@link #byId()}.
   *
   * <pre>{@code
   * Optional<User> anyAlice = repository.findAll().filter(u -> u.name().startsWith("A")).findFirst();
   * }</pre>
   */
  public Stream<T> findAll() {
    return byId().stream();
  }

  /**
   * A query over the records by primary key: every record in key order until narrowed by a key
   * range ({@code between}, {@code greaterThan}, {@code atLeast}, {@code lessThan}, {@code atMost},
   * or {@code startsWith} for a {@code String} key), with {@code limit}, {@code reverse} and
   * {@code page}/{@code after} as on every query. Reads the records directly, no index.
   *
   * <pre>{@code
   * List<User> newest = users.byId().reverse().limit(10).list();
   * Page<User> page = users.byId().startsWith("2024-").page(50);
   * }</pre>
   *
   * @return the query, to narrow and run
   */
  public KeyQuery<T, ID> byId() {
    return target().queries.byId(stringKey());
  }

  /**
   * A query over the records whose composite key starts with {@code leadingParts}, the leading
   * key components encoded as key parts. For generated repositories, whose typed {@code
   * byIdStartingWith} overloads encode the components and call this.
   *
   * @param leadingParts the encoded leading components
   * @return the query, in key order, to page, limit or reverse
   */
  protected final KeyQuery<T, ID> byIdStartingWithParts(Tuple leadingParts) {
    return byId().startingWithParts(leadingParts);
  }

  /** True if the primary key is stored as one {@code String} part. */
  private boolean stringKey() {
    RecordSchema schema = mapping.schema();
    return schema.components().stream()
        .anyMatch(c -> c.name().equals(schema.primaryKeyName())
            && c.descriptor().kind() == TypeDescriptor.Kind.STRING);
  }

  /**
   * {@return the number of records, read from the counter every write maintains: a listing of its
   * few shards (see {@link RecordCount}), independent of the number of records}
   */
  public long count() {
    return target().queries.count();
  }

  // ---------------------------------------------------------------- index administration

  /**
   * {@return the administration of this repository's indexes: states, builds, verification and
   * repair}
   *
   * <pre>{@code
   * users.indexAdmin().awaitIndexes(Duration.ofSeconds(30));
   * }</pre>
   */
  public final IndexAdmin indexAdmin() {
    return admin;
  }

  /**
   * Returns if {@code index} is readable, else throws: every query path calls it before reading an
   * index (the generated finders through the methods below, query builders directly).
   *
   * @param index the index about to be read
   * @throws IndexNotReadyException if the index is being built or its build failed
   */
  protected final void requireReadable(IndexDefinition<T> index) {
    queries.requireReadable(index);
  }

  // ---------------------------------------------------------------- queries for generated finders

  /**
   * For generated finders: the record whose unique index holds {@code values} (normalised). The
   * pointer and the record are read in one snapshot; a record that no longer holds the values
   * counts as not found.
   *
   * @param index the unique index
   * @param values the values, normalised
   * @return the record, if one holds the values
   */
  protected Optional<T> findByUnique(IndexDefinition<T> index, Tuple values) {
    return target().queries.findByUnique(index, values);
  }

  /**
   * For generated finders: true if a record holds {@code values} in the unique index.
   *
   * @param index the unique index
   * @param values the values, normalised
   * @return true if a record holds the values
   */
  protected boolean existsByUnique(IndexDefinition<T> index, Tuple values) {
    return findByUnique(index, values).isPresent();
  }

  /**
   * For generated finders: the records whose non-unique index holds exactly {@code values}, in
   * primary-key order, read in one snapshot.
   *
   * @param index the non-unique index
   * @param values the values, normalised
   * @return the records
   */
  protected List<T> findByIndex(IndexDefinition<T> index, Tuple values) {
    return query(index, values).list();
  }

  /**
   * For generated finders: like {@link #findByIndex} but lazy, resolving pointers batch by batch,
   * each batch in a short snapshot of its own (see {@link dev.tessera.query.Query#stream()} for
   * the consistency), so memory stays bounded and the stream holds no read transaction between
   * batches: it need not be closed.
   *
   * @param index the non-unique index
   * @param values the values, normalised
   * @return the records, lazily (close the stream)
   */
  protected Stream<T> streamByIndex(IndexDefinition<T> index, Tuple values) {
    return query(index, values).stream();
  }

  /**
   * For generated finders: how many records the non-unique index holds for {@code values}.
   *
   * @param index the non-unique index
   * @param values the values, normalised
   * @return the number of records
   */
  protected long countByIndex(IndexDefinition<T> index, Tuple values) {
    return query(index, values).count();
  }

  /**
   * For generated query stages: a query over every entry of {@code index}, in key order, to narrow
   * with equal values and a range (see {@link IndexQueryStage}).
   *
   * @param index the index
   * @return the query
   */
  protected final IndexQuery<T> query(IndexDefinition<T> index) {
    return query(index, Tuple.of());
  }

  /**
   * {@return a query for the records whose first {@code values.size()} components of {@code index}
   * hold {@code values} (encoded and normalised)}
   *
   * @param index the index
   * @param values the leading components' values
   */
  protected final IndexQuery<T> query(IndexDefinition<T> index, Tuple values) {
    return target().queries.query(index, values);
  }

  /**
   * For generated spatial queries: the records of spatial index {@code index} inside the box from
   * corner {@code low} to corner {@code high} (the coordinates as the index packs them), read the
   * way this repository reads records.
   *
   * @param index the spatial index
   * @param low the lowest corner
   * @param high the highest corner
   * @return the query
   * @throws IndexNotReadyException if the index is not readable yet
   */
  protected final BoxQuery<T> boxQuery(SpatialIndex<T> index, long[] low, long[] high) {
    return target().queries.boxQuery(index, low, high);
  }

  /** {@return the mapping this repository uses} */
  protected final EntityMapping<T, ID> mapping() {
    return mapping;
  }
}
