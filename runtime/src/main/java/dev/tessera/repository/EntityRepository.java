package dev.tessera.repository;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.catalog.RecordTranslator;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KeyTooLargeException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.query.IndexQuery;
import dev.tessera.query.IndexQueryStage;
import dev.tessera.query.RecordReader;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
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
 * ("\u0000tessera", "count", entity)   -> unsigned 64-bit record count
 * ("\u0000tessera", "schema", entity, id) -> a stored record shape (see SchemaCatalog)
 * ("\u0000tessera", "index", entity, index) -> the index's catalog entry (see IndexCatalog)
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
 * that loses a race is retried after re-reading (at most {@value #MAX_ATTEMPTS} attempts, then
 * {@link RetryLimitExceededException}); versioned writes fail with {@link
 * ConcurrentModificationException} instead of retrying.
 *
 * <p>Thread-safe: besides the store and the mapping, both thread-safe, a repository holds only an
 * immutable snapshot of its indexes' catalog states (replaced atomically when it changes) and at
 * most one daemon thread building indexes, so one instance may be shared by any number of threads.
 * Streams it returns are not thread-safe and must be closed.
 *
 * @param <T> the record type
 * @param <ID> the primary key type
 */
public abstract class EntityRepository<T, ID> {
  /** How many commits a write attempts before giving up on a hot key. */
  static final int MAX_ATTEMPTS = 1000;

  private static final int BATCH_SIZE = 256;
  private static final long MINUS_ONE = 0xFFFF_FFFF_FFFF_FFFFL;

  private final KvStore store;
  private final EntityMapping<T, ID> mapping;
  private final String entityName;
  private final Tuple entityPrefix;
  private final Tuple countKey;
  private final List<IndexDefinition<T>> indexes;
  private final RecordReader<T> reader = new RecordReader<>() {
    @Override
    public T decode(KvEntry record) {
      return EntityRepository.this.decode(record);
    }

    @Override
    public Tuple pointer(KvEntry uniqueIndexEntry) {
      return unpackPointer(uniqueIndexEntry);
    }
  };
  private final RecordTranslator records;

  private final IndexLifecycle<T> lifecycle;

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
    this.countKey = countKey(entityName);
    this.indexes = List.copyOf(mapping.indexes());
    this.records = RecordTranslator.open(store, mapping.schema());
    this.lifecycle =
        IndexLifecycle.open(store, mapping, this::decode, Objects.requireNonNull(options, "options"));
  }

  /** The reserved metadata key of the record counter of {@code entityName}. */
  public static Tuple countKey(String entityName) {
    return Tuple.of("\u0000tessera", "count", entityName);
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
    T stored = withKey(entity);
    ID id = mapping.idOf(stored);
    Tuple pkParts = mapping.keyParts(id);
    Tuple recordKey = entityPrefix.addAll(pkParts);
    byte[] value = mapping.encode(stored);
    List<IndexEntry<T>> entries = entriesOf(stored, pkParts);
    try {
      for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        IndexWrite<T> write = lifecycle.prepare(List.of(), entries);
        AtomicOperation op = store.atomic().check(recordKey, null);
        write.addTo(op);
        CommitResult result = op.set(recordKey, value).sum(countKey, 1).commit();
        if (result.ok()) {
          return stored;
        }
        if (!retried(write, result)) {
          throwInsertConflict(List.of(new Pending<>(id, recordKey, write.enforced())));
        }
      }
    } catch (KeyTooLargeException e) {
      throw keyTooLarge(e, entries);
    }
    throw new RetryLimitExceededException(entityName, "insert", id, MAX_ATTEMPTS);
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
    List<Pending<T, ID>> batch = new ArrayList<>(entities.size());
    List<byte[]> values = new ArrayList<>(entities.size());
    Set<Tuple> recordKeys = new HashSet<>();
    Map<Tuple, ID> uniqueHolders = new HashMap<>();
    for (T entity : entities) {
      T stored = withKey(entity);
      ID id = mapping.idOf(stored);
      Tuple pkParts = mapping.keyParts(id);
      Tuple recordKey = entityPrefix.addAll(pkParts);
      if (!recordKeys.add(recordKey)) {
        throw new EntityExistsException(entityName, id);
      }
      List<IndexEntry<T>> entries = entriesOf(stored, pkParts);
      for (IndexEntry<T> entry : entries) {
        if (lifecycle.modes().enforced(entry.index())) {
          ID holder = uniqueHolders.putIfAbsent(entry.key(), id);
          if (holder != null) {
            throw new UniqueConstraintViolationException(
                entityName, entry.index().name(), entry.values(), holder);
          }
        }
      }
      batch.add(new Pending<>(id, recordKey, entries));
      values.add(mapping.encode(stored));
    }
    List<IndexEntry<T>> allEntries = new ArrayList<>();
    batch.forEach(p -> allEntries.addAll(p.entries()));
    try {
      for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        IndexWrite<T> write = lifecycle.prepare(List.of(), allEntries);
        AtomicOperation op = store.atomic();
        for (int i = 0; i < batch.size(); i++) {
          op.check(batch.get(i).recordKey(), null).set(batch.get(i).recordKey(), values.get(i));
        }
        write.addTo(op);
        CommitResult result = op.sum(countKey, batch.size()).commit();
        if (result.ok()) {
          return;
        }
        if (!retried(write, result)) {
          throwInsertConflict(batch);
        }
      }
    } catch (KeyTooLargeException e) {
      throw keyTooLarge(e, allEntries);
    }
    throw new RetryLimitExceededException(entityName, "insertAll", null, MAX_ATTEMPTS);
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
    return update(entity, null, false);
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
    return update(entity, Objects.requireNonNull(expected, "expected"), true);
  }

  private T update(T entity, Versionstamp expected, boolean versioned) {
    ID id = mapping.idOf(entity);
    if (id == null) {
      throw new MissingPrimaryKeyException(entityName, mapping.primaryKeyName(), "update");
    }
    Tuple pkParts = mapping.keyParts(id);
    Tuple recordKey = entityPrefix.addAll(pkParts);
    byte[] value = mapping.encode(entity);
    List<IndexEntry<T>> newEntries = entriesOf(entity, pkParts);
    try {
      for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        KvEntry current = store.get(recordKey);
        if (!current.exists()) {
          if (versioned) {
            throw new ConcurrentModificationException(entityName, id, expected, null);
          }
          throw new EntityNotFoundException(entityName, id);
        }
        if (versioned && !expected.equals(current.versionstamp())) {
          throw new ConcurrentModificationException(entityName, id, expected, current.versionstamp());
        }
        IndexDiff<T> diff = IndexDiff.between(entriesOf(decode(current), pkParts), newEntries);
        IndexWrite<T> write = lifecycle.prepare(diff.removed(), diff.added());
        AtomicOperation op = store.atomic().check(current);
        write.addTo(op);
        CommitResult result = op.set(recordKey, value).commit();
        if (result.ok()) {
          return entity;
        }
        if (recordKey.equals(result.failedKey())) {
          if (versioned) {
            throw new ConcurrentModificationException(entityName, id, expected, result.actual());
          }
          continue; // changed under us: re-read and diff again
        }
        if (!retried(write, result)) {
          throwUniqueConflict(write.enforced(), id);
        }
      }
    } catch (KeyTooLargeException e) {
      throw keyTooLarge(e, newEntries);
    }
    throw new RetryLimitExceededException(entityName, "update", id, MAX_ATTEMPTS);
  }

  /**
   * Inserts the record if its primary key is absent (or {@code null} and generated), else updates
   * it. Safe against concurrent inserts and deletes of the same key: the decision is re-made if the
   * write loses a race.
   *
   * @return the record as stored
   */
  public T save(T entity) {
    ID id = mapping.idOf(entity);
    if (id == null) {
      return insert(entity);
    }
    Tuple recordKey = entityPrefix.addAll(mapping.keyParts(id));
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        return store.get(recordKey).exists() ? update(entity) : insert(entity);
      } catch (EntityExistsException | EntityNotFoundException raced) {
        // inserted or deleted between our read and our write: decide again
      }
    }
    throw new RetryLimitExceededException(entityName, "save", id, MAX_ATTEMPTS);
  }

  /**
   * Deletes the record and all its index entries in one commit checked against the versionstamp
   * read; retried until it succeeds or the record is gone.
   *
   * @return true if this call deleted the record, false if it was absent
   */
  public boolean delete(ID id) {
    Tuple recordKey = recordKey(id);
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      KvEntry current = store.get(recordKey);
      if (!current.exists()) {
        return false;
      }
      if (commitDelete(current, id)) {
        return true;
      }
    }
    throw new RetryLimitExceededException(entityName, "delete", id, MAX_ATTEMPTS);
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
    KvEntry current = store.get(recordKey);
    while (true) {
      if (!current.exists()) {
        return false;
      }
      if (!expected.equals(current.versionstamp())) {
        throw new ConcurrentModificationException(entityName, id, expected, current.versionstamp());
      }
      if (commitDelete(current, id)) {
        return true;
      }
      // the commit lost: re-read once to report why (changed, or gone meanwhile)
      current = store.get(recordKey);
      if (current.exists() && expected.equals(current.versionstamp())) {
        throw new IllegalStateException("delete check failed on an unchanged record " + recordKey);
      }
    }
  }

  /** Deletes the record at {@code current}; false if it changed (or went) meanwhile. */
  private boolean commitDelete(KvEntry current, ID id) {
    List<IndexEntry<T>> entries = entriesOf(decode(current), mapping.keyParts(id));
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      IndexWrite<T> write = lifecycle.prepare(entries, List.of());
      AtomicOperation op = store.atomic().check(current).delete(current.key());
      write.addTo(op);
      CommitResult result = op.sum(countKey, MINUS_ONE).commit();
      if (result.ok()) {
        return true;
      }
      if (!retried(write, result)) {
        return false;
      }
    }
    throw new RetryLimitExceededException(entityName, "delete", id, MAX_ATTEMPTS);
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
   * Every record, lazily, in primary-key order, read in batches from one snapshot. The stream holds
   * a read transaction until it is exhausted or closed: use it in try-with-resources.
   *
   * <pre>{@code
   * try (Stream<User> users = repository.findAll()) {
   *   users.filter(u -> u.name().startsWith("A")).forEach(System.out::println);
   * }
   * }</pre>
   */
  public Stream<T> findAll() {
    KvIterator it = store.list(ListSelector.of(TupleRange.prefix(entityPrefix)).batchSize(BATCH_SIZE));
    return it.stream().map(this::decode);
  }

  /** The number of records, read from the counter every write maintains: O(1). */
  public long count() {
    return counterValue(store.get(countKey));
  }

  /** The value of a counter entry (0 when absent). */
  static long counterValue(KvEntry counter) {
    byte[] value = counter.value();
    if (value == null) {
      return 0;
    }
    if (value.length != Long.BYTES) {
      throw new CorruptRecordException(
          counter.key(), new IllegalArgumentException("a counter has 8 bytes, found " + value.length));
    }
    long count = 0;
    for (byte b : value) {
      count = (count << 8) | (b & 0xFF);
    }
    return count;
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
  public final void requireReadable(IndexDefinition<T> index) {
    lifecycle.requireReadable(index);
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
      Tuple indexKey = Tuple.of(index.subspace()).addAll(values);
      KvEntry pointer = snapshot.get(indexKey);
      if (!pointer.exists()) {
        return Optional.empty();
      }
      Tuple pkParts = unpackPointer(pointer);
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
   * For generated finders: like {@link #findByIndex} but lazy, resolving pointers batch by batch in
   * one snapshot, so memory stays bounded. The stream holds a read transaction until it is exhausted
   * or closed: use it in try-with-resources.
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

  /** The mapping this repository uses. */
  protected final EntityMapping<T, ID> mapping() {
    return mapping;
  }

  /**
   * For generated queries: reads records the way this repository does (older stored shapes
   * translated, undecodable bytes reported as {@link CorruptRecordException} naming the key).
   */
  protected final RecordReader<T> recordReader() {
    return reader;
  }

  /** The store this repository uses. */
  protected final KvStore store() {
    return store;
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
      Tuple values = index.values().apply(record);
      if (values == null) {
        continue; // a null component: the record is not in this index (SQL semantics)
      }
      if (index.unique() && pkPacked == null) {
        pkPacked = pkParts.pack();
      }
      entries.add(IndexEntry.of(index, values, pkParts, pkPacked));
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
   * readable): the caller tries again, with the catalog read again if it changed.
   */
  private boolean retried(IndexWrite<T> write, CommitResult result) {
    if (write.staleModes(result)) {
      lifecycle.refresh();
    }
    return write.retries(result);
  }

  /**
   * After a failed insert: reads (in one snapshot) why and throws the specific exception; returns
   * normally when the conflict is gone, so the caller retries.
   */
  private void throwInsertConflict(List<Pending<T, ID>> batch) {
    try (KvSnapshot snapshot = store.snapshot()) {
      for (Pending<T, ID> p : batch) {
        if (snapshot.get(p.recordKey()).exists()) {
          throw new EntityExistsException(entityName, p.id());
        }
      }
      for (Pending<T, ID> p : batch) {
        for (IndexEntry<T> entry : p.entries()) {
          if (lifecycle.modes().enforced(entry.index())) {
            KvEntry pointer = snapshot.get(entry.key());
            if (pointer.exists()) {
              throw uniqueViolation(entry, pointer);
            }
          }
        }
      }
    }
  }

  /** After a failed update whose record check held: a unique conflict, or a race that is gone. */
  private void throwUniqueConflict(List<IndexEntry<T>> added, ID id) {
    try (KvSnapshot snapshot = store.snapshot()) {
      for (IndexEntry<T> entry : added) {
        if (entry.index().unique()) { // only enforced entries are passed
          KvEntry pointer = snapshot.get(entry.key());
          if (pointer.exists() && !unpackPointer(pointer).equals(mapping.keyParts(id))) {
            throw uniqueViolation(entry, pointer);
          }
        }
      }
    }
  }

  private UniqueConstraintViolationException uniqueViolation(IndexEntry<T> entry, KvEntry pointer) {
    ID holder = mapping.idFromKeyParts(unpackPointer(pointer));
    return new UniqueConstraintViolationException(
        entityName, entry.index().name(), entry.values(), holder);
  }

  private Tuple unpackPointer(KvEntry pointer) {
    try {
      return Tuple.unpack(pointer.value());
    } catch (RuntimeException e) {
      throw new CorruptRecordException(pointer.key(), e);
    }
  }

  private T decodeIfIndexed(KvEntry entry, IndexDefinition<T> index, Tuple values) {
    if (!entry.exists()) {
      return null;
    }
    T record = decode(entry);
    return values.equals(index.values().apply(record)) ? record : null;
  }

  private T decode(KvEntry entry) {
    try {
      return mapping.decode(records.toCurrent(Tuple.unpack(entry.value())));
    } catch (RuntimeException e) {
      throw new CorruptRecordException(entry.key(), e);
    }
  }

  /** One record of an insert, ready to commit. */
  private record Pending<T, ID>(ID id, Tuple recordKey, List<IndexEntry<T>> entries) {}
}
