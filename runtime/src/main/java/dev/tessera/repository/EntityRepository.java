package dev.tessera.repository;

import dev.tessera.RetryLimitExceededException;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.internal.catalog.RecordTranslator;
import dev.tessera.internal.mapping.ComponentValues;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KeyTooLargeException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.query.IndexQuery;
import dev.tessera.query.IndexQueryStage;
import dev.tessera.query.KeyQuery;
import dev.tessera.query.Query;
import dev.tessera.query.RecordReader;
import dev.tessera.query.spatial.BoxQuery;
import dev.tessera.query.spatial.SpatialIndex;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The base class of every generated repository: the secondary-index algorithms (insert with
 * uniqueness checks, update with an index diff, delete with retry, query by index), written once. A generated repository supplies an {@link EntityMapping} and adds typed
 * finders that call the protected query methods.
 *
 * <p>Key layout, in the store's one ordered key space:
 *
 * <pre>
 * (entity, pk...)                    -> encoded record
 * (index subspace, values...)        -> packed pk parts          unique index: a pointer
 * (index subspace, values..., pk...) -> empty                    non-unique index
 * (reserved keys)                    -> record counts (see RecordCount) and the catalog (see ReservedKeys)
 * </pre>
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
 * that loses a race is retried after re-reading, with a short jittered backoff (at most {@value
 * #MAX_ATTEMPTS} attempts, then {@link RetryLimitExceededException}); versioned writes fail with
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
  static final int MAX_ATTEMPTS = 1000;

  /** The retries of single writes and of the index catalog: {@value #MAX_ATTEMPTS}, short waits. */
  static final Retry WRITES = Retry.commits(MAX_ATTEMPTS, Backoff.WRITES);

  private static final long MINUS_ONE = 0xFFFF_FFFF_FFFF_FFFFL;

  private final KvStore store;
  private final EntityMapping<T, ID> mapping;
  private final String entityName;
  private final Tuple entityPrefix;
  /** The keys of the record count's shards, which every insert and delete adds to. */
  private final Tuple[] countShardKeys;
  private final List<IndexDefinition<T>> indexes;
  private final RecordReader<T> reader = new RecordReader<>() {
    @Override
    public T decode(KvEntry record) {
      return EntityRepository.this.decode(record);
    }

    @Override
    public Tuple pointer(KvEntry uniqueIndexEntry) {
      return UniqueClaim.pointedKey(uniqueIndexEntry);
    }
  };
  private final RecordTranslator translator;

  private final IndexLifecycle<T> lifecycle;
  /** The most records a bulk delete commits at once. */
  private final int batchSize;

  /**
   * Creates a repository of the entity described by {@code mapping} in {@code store}, with the
   * {@linkplain RepositoryOptions#defaults() default options}: pending index work is done in the
   * background. Records the entity's current schema in the store's catalog, after
   * checking that records stored with every schema the catalog holds can be read with it.
   *
   * @param store the key store, shared with other repositories
   * @param mapping the generated mapping of the entity
   * @throws dev.tessera.mapping.IncompatibleSchemaException if stored records cannot be read with
   *     the current schema (nothing is written)
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
    this.entityName = mapping.entityName();
    this.entityPrefix = Tuple.of(entityName);
    this.countShardKeys = RecordCount.shardKeys(store, entityName);
    this.indexes = List.copyOf(mapping.indexes());
    this.translator = RecordTranslator.open(store, mapping.schema());
    this.lifecycle =
        IndexLifecycle.open(store, mapping, this::decodeStored, Objects.requireNonNull(options, "options"));
    this.batchSize = options.batchSize();
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
    this.store = Objects.requireNonNull(tx, "tx").view();
    this.mapping = repository.mapping;
    this.entityName = repository.entityName;
    this.entityPrefix = repository.entityPrefix;
    this.countShardKeys = repository.countShardKeys;
    this.indexes = repository.indexes;
    this.translator = repository.translator;
    this.lifecycle = repository.lifecycle;
    this.batchSize = repository.batchSize;
  }

  // ---------------------------------------------------------------- writes

  /**
   * Inserts a new record: one commit that checks the primary key and every unique value are free,
   * then writes the record, its index entries and the count. A {@code null} primary key is
   * generated when the entity asks for it ({@link KeyGeneration#ULID}).
   *
   * @return the record as stored (with its generated key)
   * @throws EntityExistsException if a record with this primary key exists
   * @throws UniqueConstraintViolationException if another record holds one of its unique values
   * @throws MissingPrimaryKeyException if the key is {@code null} and not generated
   * @throws dev.tessera.kv.KeyTooLargeException if the primary key or an index entry packs to more
   *     bytes than the store accepts; it names the index (or primary key) and the entity, nothing is
   *     written
   */
  public T insert(T entity) {
    RecordWrite<T, ID> record = recordWrite(withKey(entity));
    List<RecordWrite<T, ID>> batch = List.of(record);
    return retrying("insert", record.id(), record.entries(),
        () -> tryInsert(batch, record.entries(), false, record.value()));
  }

  /**
   * Inserts every record in one atomic commit: all of them or none. Duplicates within the batch
   * (a primary key or a unique value twice) are reported like conflicts with stored records, before
   * anything is committed. Keys are generated as in {@link #insert}.
   *
   * @throws EntityExistsException if a primary key is taken (in the store or earlier in the batch)
   * @throws UniqueConstraintViolationException if a unique value is taken (likewise)
   */
  public void insertAll(Collection<T> entities) {
    if (entities.isEmpty()) {
      return;
    }
    List<RecordWrite<T, ID>> batch = new ArrayList<>(entities.size());
    Set<Tuple> recordKeys = new HashSet<>();
    Map<Tuple, ID> uniqueHolders = new HashMap<>();
    IndexModes modes = lifecycle.modes(store);
    for (T entity : entities) {
      RecordWrite<T, ID> record = recordWrite(withKey(entity));
      if (!recordKeys.add(record.key())) {
        throw new EntityExistsException(entityName, record.id());
      }
      for (IndexEntry<T> entry : record.entries()) {
        if (modes.enforced(entry.index())) {
          ID holder = uniqueHolders.putIfAbsent(entry.key(), record.id());
          if (holder != null) {
            throw new UniqueConstraintViolationException(entityName, entry.index().name(),
                entry.values(), holder, shownValues(entry, record.encoded()));
          }
        }
      }
      batch.add(record);
    }
    List<IndexEntry<T>> allEntries = new ArrayList<>();
    batch.forEach(p -> allEntries.addAll(p.entries()));
    retrying("insertAll", null, allEntries, () -> tryInsert(batch, allEntries, false, batch));
  }

  /**
   * Replaces a stored record. One commit checks that the record is still at the versionstamp read
   * and that each newly needed unique value is free, deletes the stale index entries, writes the
   * new ones and the record; index entries that do not change are not touched. A concurrent change
   * of the same record is retried.
   *
   * @return the record as stored
   * @throws EntityNotFoundException if no record has this primary key
   * @throws UniqueConstraintViolationException if another record holds one of its new unique values
   * @throws dev.tessera.kv.KeyTooLargeException as for {@link #insert}
   */
  public T update(T entity) {
    RecordWrite<T, ID> record = recordWrite(requireKey(entity));
    return retrying("update", record.id(), record.entries(), () -> tryUpdate(record, null, false));
  }

  /**
   * Replaces a stored record only if it is still at versionstamp {@code expected} (optimistic
   * concurrency: pass the versionstamp from {@link #findVersionedById}).
   *
   * @return the record as stored
   * @throws ConcurrentModificationException if the record is at another versionstamp or was deleted
   * @throws EntityNotFoundException if no record has this primary key when first read
   * @throws UniqueConstraintViolationException if another record holds one of its new unique values
   */
  public T update(T entity, Versionstamp expected) {
    Objects.requireNonNull(expected, "expected");
    RecordWrite<T, ID> record = recordWrite(requireKey(entity));
    return retrying("update", record.id(), record.entries(), () -> tryUpdate(record, expected, false));
  }

  /**
   * Inserts the record if its primary key is absent (or {@code null} and generated), else updates
   * it. Safe against concurrent inserts and deletes of the same key: the decision is re-made if the
   * write loses a race.
   *
   * @return the record as stored
   */
  public T save(T entity) {
    if (mapping.idOf(entity) == null) {
      return insert(entity);
    }
    RecordWrite<T, ID> record = recordWrite(entity);
    List<RecordWrite<T, ID>> batch = List.of(record);
    return retrying("save", record.id(), record.entries(), () -> store.get(record.key()).exists()
        ? tryUpdate(record, null, true)
        : tryInsert(batch, record.entries(), true, record.value()));
  }

  /**
   * Deletes the record and all its index entries in one commit checked against the versionstamp
   * read; retried until it succeeds or the record is gone.
   *
   * <p>A record whose stored bytes do not decode ({@link CorruptRecordException} on reads) is
   * deleted too: its index entries cannot be computed from its values, so every index is scanned for
   * entries pointing to it, which are deleted in the same commit (this costs a scan of the indexes).
   *
   * @return true if this call deleted the record, false if it was absent
   */
  public boolean delete(ID id) {
    Tuple recordKey = recordKey(id);
    return retrying("delete", id, List.of(), () -> tryDelete(recordKey, id, null));
  }

  /**
   * Deletes the record only if it is at versionstamp {@code expected}. An absent record (never
   * stored, or already deleted by someone else) is not an error: the call returns false, as {@link
   * #delete(Object)} does, because the caller's goal, the record being gone, holds.
   *
   * @return true if this call deleted the record, false if it was absent
   * @throws ConcurrentModificationException if the record is at another versionstamp
   */
  public boolean delete(ID id, Versionstamp expected) {
    Objects.requireNonNull(expected, "expected");
    Tuple recordKey = recordKey(id);
    return retrying("delete", id, List.of(), () -> tryDelete(recordKey, id, expected));
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
    List<ID> keys = new ArrayList<>(ids.size());
    for (ID id : ids) {
      recordKey(id); // rejects a null key before anything is deleted
      keys.add(id);
    }
    return bulkDelete().ids(keys);
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
    return bulkDelete().matching(Objects.requireNonNull(query, "query"), mapping::idOf);
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

  private BulkDelete<T, ID> bulkDelete() {
    return new BulkDelete<>(entityName, batchSize, this::tryDeleteBatch);
  }

  /**
   * One attempt to delete the records of {@code ids} in one commit: done with how many were deleted,
   * or lost if the commit lost a race or was too large (nothing written). A record that does not decode is
   * deleted on its own first, as {@link #delete(Object)} does, and reported to {@code deletedAlone}.
   */
  private Attempt<Integer> tryDeleteBatch(List<ID> ids, BatchSize size, IntConsumer deletedAlone) {
    Map<Tuple, ID> unique = new HashMap<>();
    for (ID id : ids) {
      unique.putIfAbsent(recordKey(id), id);
    }
    List<Tuple> keys = new ArrayList<>(unique.keySet());
    AtomicOperation op = store.atomic();
    List<IndexEntry<T>> removed = new ArrayList<>();
    int batch = 0;
    List<KvEntry> current = store.getMany(keys);
    for (KvEntry entry : current) {
      if (!entry.exists()) {
        continue;
      }
      ID id = unique.get(entry.key());
      T stored;
      try {
        stored = decodeStored(entry);
      } catch (CorruptRecordException undecodable) {
        deletedAlone.accept(delete(id) ? 1 : 0);
        continue;
      }
      op.check(entry).delete(entry.key());
      removed.addAll(entriesOf(stored, mapping.keyParts(id)));
      batch++;
    }
    if (batch == 0) {
      return Attempt.done(0);
    }
    IndexWrite<T> write = plan(op, removed, List.of());
    RecordCount.add(countShardKeys, op, -(long) batch); // unsigned: adds 2^64 - batch
    CommitResult result;
    try {
      result = size.commit(op, batch);
    } catch (KeyTooLargeException e) {
      throw keyTooLarge(e, removed);
    }
    if (result == null) {
      return Attempt.lost("the batch was too large for one commit");
    }
    if (!result.ok()) {
      lostOnIndexReads(write, result);
      size.conflicted();
      return lostOn(result);
    }
    return Attempt.done(batch);
  }

  // The one write path: each try* below plans one attempt (reads, checks and mutations) through
  // plan(), commits it, and says whether it was done or lost a race; retrying() runs attempts.

  /**
   * Runs {@code attempt} until it is done, waiting between lost attempts ({@link #WRITES}); at most
   * {@value #MAX_ATTEMPTS} attempts.
   */
  private <R> R retrying(
      String operation, Object id, List<IndexEntry<T>> entries, Supplier<Attempt<R>> attempt) {
    try {
      return WRITES.run(entityName, operation, id, attempt);
    } catch (KeyTooLargeException e) {
      throw keyTooLarge(e, entries);
    }
  }

  /** A lost attempt whose commit failed the check of {@code result}'s failed key. */
  private static <R> Attempt<R> lostOn(CommitResult result) {
    return Attempt.lost("a concurrent commit changed what it read", result.failedKey());
  }

  /**
   * Adds to {@code op} the index part of a write: the check of the index states it follows, the
   * checks of unique values and fences, the index mutations.
   */
  private IndexWrite<T> plan(AtomicOperation op, List<IndexEntry<T>> removed, List<IndexEntry<T>> added) {
    return plan(op, removed, added, List.of());
  }

  private IndexWrite<T> plan(
      AtomicOperation op, List<IndexEntry<T>> removed, List<IndexEntry<T>> added, List<IndexEntry<T>> kept) {
    IndexWrite<T> write = lifecycle.prepare(store, removed, added, kept);
    write.addTo(op);
    return write;
  }

  /**
   * One attempt to insert {@code batch}: done with {@code inserted} if committed, else lost. Throws
   * the specific exception when a key or unique value is taken; with {@code takenKeyIsRace} (save),
   * a taken primary key is a race too, so the caller decides again.
   */
  private <R> Attempt<R> tryInsert(
      List<RecordWrite<T, ID>> batch, List<IndexEntry<T>> entries, boolean takenKeyIsRace, R inserted) {
    AtomicOperation op = store.atomic();
    for (RecordWrite<T, ID> record : batch) {
      op.check(record.key(), null).set(record.key(), record.encoded());
    }
    IndexWrite<T> write = plan(op, List.of(), entries);
    CommitResult result = RecordCount.add(countShardKeys, op, batch.size()).commit();
    if (result.ok()) {
      return Attempt.done(inserted);
    }
    if (lostOnIndexReads(write, result)) {
      return lostOn(result);
    }
    if (takenKeyIsRace && batch.get(0).key().equals(result.failedKey())) {
      return Attempt.lost("the record was inserted meanwhile", result.failedKey());
    }
    throwInsertConflict(batch, write.modes());
    return lostOn(result); // the conflict is gone
  }

  /**
   * One attempt to update to {@code record}: done with the record as stored, or lost. With {@code
   * expected}, a record at another versionstamp fails. With {@code absentIsRace} (save), an absent
   * record is a race, so the caller decides again.
   */
  private Attempt<T> tryUpdate(RecordWrite<T, ID> record, Versionstamp expected, boolean absentIsRace) {
    KvEntry current = store.get(record.key());
    if (!current.exists()) {
      if (expected != null) {
        throw new ConcurrentModificationException(entityName, record.id(), expected, null);
      }
      if (absentIsRace) {
        return Attempt.lost("the record was deleted meanwhile", record.key());
      }
      throw new EntityNotFoundException(entityName, record.id());
    }
    if (expected != null && !expected.equals(current.versionstamp())) {
      throw new ConcurrentModificationException(entityName, record.id(), expected, current.versionstamp());
    }
    IndexDiff<T> diff = IndexDiff.between(entriesOf(decodeStored(current), record.pkParts()), record.entries());
    AtomicOperation op = store.atomic().check(current);
    IndexWrite<T> write = plan(op, diff.removed(), diff.added(), diff.kept());
    CommitResult result = op.set(record.key(), record.encoded()).commit();
    if (result.ok()) {
      return Attempt.done(record.value());
    }
    if (record.key().equals(result.failedKey())) {
      if (expected != null) {
        throw new ConcurrentModificationException(entityName, record.id(), expected, result.actual());
      }
      return lostOn(result); // changed under us: read and diff again
    }
    if (!lostOnIndexReads(write, result)) {
      throwUniqueConflict(write.enforced(), record.id(), record.encoded());
    }
    return lostOn(result);
  }

  /**
   * One attempt to delete: done with true if deleted, false if absent, or lost. With {@code
   * expected}, a record at another versionstamp fails.
   */
  private Attempt<Boolean> tryDelete(Tuple recordKey, ID id, Versionstamp expected) {
    KvEntry current;
    try {
      current = store.get(recordKey);
    } catch (CorruptEntryException unreadable) {
      if (expected != null) {
        throw unreadable; // its versionstamp cannot be compared
      }
      return deletedUndecodable(lifecycle.deleteUndecodable(store, recordKey, null), recordKey);
    }
    if (!current.exists()) {
      return Attempt.done(false);
    }
    if (expected != null && !expected.equals(current.versionstamp())) {
      throw new ConcurrentModificationException(entityName, id, expected, current.versionstamp());
    }
    T stored;
    try {
      stored = decodeStored(current);
    } catch (CorruptRecordException undecodable) {
      return deletedUndecodable(lifecycle.deleteUndecodable(store, current.key(), current), recordKey);
    }
    AtomicOperation op = store.atomic().check(current).delete(recordKey);
    IndexWrite<T> write = plan(op, entriesOf(stored, mapping.keyParts(id)), List.of());
    CommitResult result = RecordCount.add(countShardKeys, op, MINUS_ONE).commit();
    if (!result.ok()) {
      lostOnIndexReads(write, result);
      return lostOn(result); // the record changed, or an index fence or the index states did: read again
    }
    return Attempt.done(true);
  }

  private static Attempt<Boolean> deletedUndecodable(boolean committed, Tuple recordKey) {
    return committed
        ? Attempt.done(true)
        : Attempt.lost("the undecodable record or an index entry pointing to it changed", recordKey);
  }

  // ---------------------------------------------------------------- reads

  /** The record with primary key {@code id}: one read and one decode. */
  public Optional<T> findById(ID id) {
    KvEntry entry = store.get(recordKey(id));
    return entry.exists() ? Optional.of(decode(entry)) : Optional.empty();
  }

  /** The record with primary key {@code id} and the versionstamp of the commit that wrote it. */
  public Optional<Versioned<T>> findVersionedById(ID id) {
    KvEntry entry = store.get(recordKey(id));
    return entry.exists()
        ? Optional.of(new Versioned<>(decode(entry), entry.versionstamp()))
        : Optional.empty();
  }

  /** True if a record with primary key {@code id} is stored (no decoding). */
  public boolean existsById(ID id) {
    return store.get(recordKey(id)).exists();
  }

  /**
   * The records with the given primary keys, read in one snapshot. The result follows the order of
   * {@code ids}; ids without a record are skipped (so the result may be shorter), and an id given
   * twice yields its record twice.
   */
  public List<T> findAllById(Collection<ID> ids) {
    List<Tuple> keys = new ArrayList<>(ids.size());
    for (ID id : ids) {
      keys.add(recordKey(id));
    }
    List<T> found = new ArrayList<>(keys.size());
    for (KvEntry entry : store.getMany(keys)) {
      if (entry.exists()) {
        found.add(decode(entry));
      }
    }
    return found;
  }

  /**
   * Every record, lazily, in primary-key order, read in batches (see {@link KvStore#list}): each
   * batch is one short snapshot that ends before the batch is handed out, so the stream holds no
   * read transaction between batches and need not be closed (a {@code findFirst()} or an abandoned
   * iterator costs nothing). A later batch may see later commits: keys come in order and never
   * twice, a record present throughout is returned once, in the state its batch read; records
   * inserted or deleted meanwhile may or may not appear. For one snapshot, a limit, the reverse
   * order, pages or a key range, use {@link #byId()}.
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
    return KeyQuery.of(store, entityName, mapping.primaryKeyName(), stringKey(), mapping::keyParts, reader);
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
   * The number of records, read from the counter every write maintains: a listing of its few
   * shards (see {@link RecordCount}), independent of the number of records.
   */
  public long count() {
    return RecordCount.read(store::list, entityName);
  }

  // ---------------------------------------------------------------- index administration

  /**
   * The administration of this repository's indexes: states, builds, verification and repair.
   *
   * <pre>{@code
   * users.indexAdmin().awaitIndexes(Duration.ofSeconds(30));
   * }</pre>
   */
  public final IndexAdmin indexAdmin() {
    return lifecycle.admin();
  }

  /**
   * Returns if {@code index} is readable, else throws: every query path calls it before reading an
   * index (the generated finders through the methods below, query builders directly).
   *
   * @throws IndexNotReadyException if the index is being built or its build failed
   */
  protected final void requireReadable(IndexDefinition<T> index) {
    lifecycle.requireReadable(index, store);
  }

  // ---------------------------------------------------------------- queries for generated finders

  /**
   * For generated finders: the record whose unique index holds {@code values} (normalised). The
   * pointer and the record are read in one snapshot; a record that no longer holds the values
   * counts as not found.
   */
  protected Optional<T> findByUnique(IndexDefinition<T> index, Tuple values) {
    requireReadable(index);
    try (KvSnapshot snapshot = store.snapshot()) {
      Tuple indexKey = index.entryPrefix(values);
      KvEntry pointer = snapshot.get(indexKey);
      if (!pointer.exists()) {
        return Optional.empty();
      }
      Tuple pkParts = UniqueClaim.pointedKey(pointer);
      return Optional.ofNullable(decodeIfIndexed(snapshot.get(entityPrefix.addAll(pkParts)), index, values));
    }
  }

  /** For generated finders: true if a record holds {@code values} in the unique index. */
  protected boolean existsByUnique(IndexDefinition<T> index, Tuple values) {
    return findByUnique(index, values).isPresent();
  }

  /**
   * For generated finders: the records whose non-unique index holds exactly {@code values}, in
   * primary-key order, read in one snapshot.
   */
  protected List<T> findByIndex(IndexDefinition<T> index, Tuple values) {
    return query(index, values).list();
  }

  /**
   * For generated finders: like {@link #findByIndex} but lazy, resolving pointers batch by batch,
   * each batch in a short snapshot of its own (see {@link dev.tessera.query.Query#stream()} for
   * the consistency), so memory stays bounded and the stream holds no read transaction between
   * batches: it need not be closed.
   */
  protected Stream<T> streamByIndex(IndexDefinition<T> index, Tuple values) {
    return query(index, values).stream();
  }

  /** For generated finders: how many records the non-unique index holds for {@code values}. */
  protected long countByIndex(IndexDefinition<T> index, Tuple values) {
    return query(index, values).count();
  }

  /**
   * For generated query stages: a query over every entry of {@code index}, in key order, to narrow
   * with equal values and a range (see {@link IndexQueryStage}).
   */
  protected final IndexQuery<T> query(IndexDefinition<T> index) {
    return query(index, Tuple.of());
  }

  /**
   * A query for the records whose first {@code values.size()} components of {@code index} hold
   * {@code values} (encoded and normalised).
   */
  protected final IndexQuery<T> query(IndexDefinition<T> index, Tuple values) {
    requireReadable(index);
    return IndexQuery.of(store, entityName, index, reader, values);
  }

  /**
   * For generated spatial queries: the records of spatial index {@code index} inside the box from
   * corner {@code low} to corner {@code high} (the coordinates as the index packs them), read the
   * way this repository reads records.
   *
   * @throws IndexNotReadyException if the index is not readable yet
   */
  protected final BoxQuery<T> boxQuery(SpatialIndex<T> index, long[] low, long[] high) {
    requireReadable(index.definition());
    return index.within(store, reader, low, high);
  }

  /** The mapping this repository uses. */
  protected final EntityMapping<T, ID> mapping() {
    return mapping;
  }

  // ---------------------------------------------------------------- internals

  private Tuple recordKey(ID id) {
    if (id == null) {
      throw new NullPointerException("primary key '" + mapping.primaryKeyName() + "' of " + entityName);
    }
    return entityPrefix.addAll(mapping.keyParts(id));
  }

  @SuppressWarnings("unchecked") // ULID keys are String keys: KeyGeneration.ULID is for String only
  private T withKey(T entity) {
    Objects.requireNonNull(entity, "entity");
    if (mapping.idOf(entity) != null) {
      return entity;
    }
    if (mapping.keyGeneration() == KeyGeneration.ULID) {
      return mapping.withId(entity, (ID) MonotonicUlidGenerator.shared().next());
    }
    throw new MissingPrimaryKeyException(entityName, mapping.primaryKeyName(), "insert");
  }

  private List<IndexEntry<T>> entriesOf(T record, Tuple pkParts) {
    if (indexes.isEmpty()) {
      return List.of();
    }
    List<IndexEntry<T>> entries = new ArrayList<>(indexes.size());
    byte[] pkPacked = null;
    for (IndexDefinition<T> index : indexes) {
      // none for a null component of a unique index, one per distinct element of a multi-value one
      for (Tuple values : index.entryValues(record)) {
        if (index.unique() && pkPacked == null) {
          pkPacked = pkParts.pack();
        }
        entries.add(IndexEntry.of(index, values, pkParts, pkPacked));
      }
    }
    return entries;
  }

  /** Says which index (or the primary key) a too large key is for; the store only knows its bytes. */
  private KeyTooLargeException keyTooLarge(KeyTooLargeException e, List<IndexEntry<T>> entries) {
    for (IndexEntry<T> entry : entries) {
      if (entry.key().equals(e.key())) {
        return e.withOwner("index '" + entry.index().name() + "' of entity '" + entityName + "'");
      }
    }
    if (e.key() != null && e.key().startsWith(entityPrefix)) {
      return e.withOwner("primary key '" + mapping.primaryKeyName() + "' of entity '" + entityName + "'");
    }
    return e;
  }

  /**
   * True if a commit failed on an index key or fence its write read (a unique index that is not
   * readable), so the caller tries again; reads the catalog again if it changed.
   */
  private boolean lostOnIndexReads(IndexWrite<T> write, CommitResult result) {
    if (write.staleModes(result)) {
      lifecycle.refresh();
    }
    return write.failedOnItsReads(result);
  }

  /**
   * After a failed insert: reads (in one snapshot) why and throws the specific exception; returns
   * normally when the conflict is gone, so the caller retries.
   */
  private void throwInsertConflict(List<RecordWrite<T, ID>> batch, IndexModes modes) {
    try (KvSnapshot snapshot = store.snapshot()) {
      for (RecordWrite<T, ID> p : batch) {
        if (snapshot.get(p.key()).exists()) {
          throw new EntityExistsException(entityName, p.id());
        }
      }
      for (RecordWrite<T, ID> p : batch) {
        for (IndexEntry<T> entry : p.entries()) {
          if (modes.enforced(entry.index())) {
            KvEntry pointer = snapshot.get(entry.key());
            if (pointer.exists()) {
              throw uniqueViolation(entry, pointer, p.encoded());
            }
          }
        }
      }
    }
  }

  /** After a failed update whose record check held: a unique conflict, or a race that is gone. */
  private void throwUniqueConflict(List<IndexEntry<T>> added, ID id, byte[] encoded) {
    try (KvSnapshot snapshot = store.snapshot()) {
      for (IndexEntry<T> entry : added) {
        if (entry.index().unique()) { // only enforced entries are passed
          KvEntry pointer = snapshot.get(entry.key());
          if (pointer.exists() && !UniqueClaim.pointedKey(pointer).equals(mapping.keyParts(id))) {
            throw uniqueViolation(entry, pointer, encoded);
          }
        }
      }
    }
  }

  /** The violation of {@code entry} by the record {@code encoded}, held by {@code pointer}'s record. */
  private UniqueConstraintViolationException uniqueViolation(
      IndexEntry<T> entry, KvEntry pointer, byte[] encoded) {
    ID holder = mapping.idFromKeyParts(UniqueClaim.pointedKey(pointer));
    return new UniqueConstraintViolationException(
        entityName, entry.index().name(), entry.values(), holder, shownValues(entry, encoded));
  }

  /**
   * The values of {@code entry} as a message shows them: an enum component by its constant's name,
   * read from the record being written (its key part is the constant's ordinal, which means nothing
   * to a reader), every other part as the index holds it.
   */
  private Tuple shownValues(IndexEntry<T> entry, byte[] encoded) {
    IndexDefinition<T> index = entry.index();
    if (index.multiValue()) {
      return entry.values();
    }
    Set<String> enums = new HashSet<>();
    for (ComponentSchema component : mapping.schema().components()) {
      if (index.fields().contains(component.name())
          && component.descriptor().kind() == TypeDescriptor.Kind.ENUM) {
        enums.add(component.name());
      }
    }
    if (enums.isEmpty()) {
      return entry.values();
    }
    Map<String, Object> values = ComponentValues.read(mapping.schema(), Tuple.unpack(encoded));
    Object[] shown = new Object[index.fields().size()];
    for (int i = 0; i < shown.length; i++) {
      String field = index.fields().get(i);
      shown[i] = enums.contains(field) ? values.get(field) : entry.values().get(i);
    }
    return Tuple.of(shown);
  }

  private T decodeIfIndexed(KvEntry entry, IndexDefinition<T> index, Tuple values) {
    if (!entry.exists()) {
      return null;
    }
    T record = decode(entry);
    return index.holds(record, values) ? record : null;
  }

  /**
   * Decodes a stored record, which must hold a primary key: a record decoding to a null one was not
   * written by a repository (every write requires the key), so it is reported, never returned.
   */
  private T decode(KvEntry entry) {
    T record;
    try {
      record = mapping.decode(translator.toCurrent(Tuple.unpack(entry.value())));
    } catch (RuntimeException e) {
      throw new CorruptRecordException(entry.key(), e);
    }
    if (mapping.idOf(record) == null) {
      throw new CorruptRecordException(entry.key(), new IllegalArgumentException(
          "the record of entity '" + entityName + "' holds no primary key '"
              + mapping.primaryKeyName() + "'"));
    }
    return record;
  }

  /**
   * Decodes a record about to be rewritten, deleted or indexed, which must hold the primary key it
   * is stored under: else its index entries would be computed for another key, and an update would
   * never commit. (Plain reads skip this check, which costs two tuple encodings per record.)
   */
  private T decodeStored(KvEntry entry) {
    T record = decode(entry);
    ID storedId;
    boolean matches;
    try {
      storedId = mapping.idOf(record);
      matches = storedId != null && entry.key().equals(entityPrefix.addAll(mapping.keyParts(storedId)));
    } catch (RuntimeException e) {
      throw new CorruptRecordException(entry.key(), e);
    }
    if (!matches) {
      throw new CorruptRecordException(entry.key(), new IllegalArgumentException(
          "the record holds primary key " + storedId + ", not " + idOfKey(entry.key())
              + " of the key it is stored under"));
    }
    return record;
  }

  private Object idOfKey(Tuple recordKey) {
    try {
      return mapping.idFromKeyParts(recordKey.subTuple(1, recordKey.size()));
    } catch (RuntimeException notAKey) {
      return recordKey;
    }
  }


  /** A record ready to write: its key, encoding and index entries. */
  private record RecordWrite<T, ID>(
      T value, ID id, Tuple pkParts, Tuple key, byte[] encoded, List<IndexEntry<T>> entries) {}

  private RecordWrite<T, ID> recordWrite(T record) {
    ID id = mapping.idOf(record);
    Tuple pkParts = mapping.keyParts(id);
    return new RecordWrite<>(record, id, pkParts, entityPrefix.addAll(pkParts), mapping.encode(record),
        entriesOf(record, pkParts));
  }

  private T requireKey(T entity) {
    if (mapping.idOf(entity) == null) {
      throw new MissingPrimaryKeyException(entityName, mapping.primaryKeyName(), "update");
    }
    return entity;
  }
}
