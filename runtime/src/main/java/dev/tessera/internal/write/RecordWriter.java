package dev.tessera.internal.write;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.internal.index.IndexDiff;
import dev.tessera.internal.index.IndexEntry;
import dev.tessera.internal.index.IndexLifecycle;
import dev.tessera.internal.index.IndexModes;
import dev.tessera.internal.index.IndexWrite;
import dev.tessera.internal.index.UniqueClaim;
import dev.tessera.internal.kv.OwnedValues;
import dev.tessera.internal.mapping.ComponentValues;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Retry;
import dev.tessera.internal.store.BatchSize;
import dev.tessera.internal.store.RecordCount;
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
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.query.Query;
import dev.tessera.repository.ConcurrentModificationException;
import dev.tessera.repository.EntityExistsException;
import dev.tessera.repository.EntityNotFoundException;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.MissingPrimaryKeyException;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The write path of a repository: insert, update, save and delete of one entity's records, each one
 * atomic commit of the record, its index entries (through {@link IndexLifecycle#prepare} and {@link
 * IndexWrite}) and the record count; the batches of bulk deletes ({@link BulkDelete}); and the
 * specific exception a lost commit turns out to mean. {@link EntityRepository} documents what each
 * write guarantees and delegates to it.
 *
 * <p>Each public write runs attempts through {@link #retrying}: a {@code try*} method plans one
 * attempt (reads, checks and mutations) through {@link #plan}, commits it, and says whether it was
 * done or lost a race.
 *
 * <p>Thread-safe: it holds the store (or a transaction's view of it), the shared {@link
 * RecordLayout} and {@link IndexLifecycle}, and immutable values. A repository bound to a transaction
 * gets its own writer on the transaction's view ({@link #on}).
 *
 * @param <T> the record type
 * @param <ID> the primary key type
 */
public final class RecordWriter<T, ID> {
  private static final long MINUS_ONE = 0xFFFF_FFFF_FFFF_FFFFL;

  private final KvStore store;
  private final RecordLayout<T, ID> layout;
  private final EntityMapping<T, ID> mapping;
  private final String entityName;
  private final IndexLifecycle<T> lifecycle;
  /** The keys of the record count's shards, which every insert and delete adds to. */
  private final Tuple[] countShardKeys;
  /** The most records a bulk delete commits at once. */
  private final int batchSize;
  /** What this writer's binding remembers (entries decoded, keys built); {@link BindingMemory#NONE} on a store. */
  private final BindingMemory memory;

  public RecordWriter(
      KvStore store, RecordLayout<T, ID> layout, IndexLifecycle<T> lifecycle, Tuple[] countShardKeys,
      int batchSize) {
    this(store, layout, lifecycle, countShardKeys, batchSize, BindingMemory.NONE);
  }

  private RecordWriter(
      KvStore store, RecordLayout<T, ID> layout, IndexLifecycle<T> lifecycle, Tuple[] countShardKeys,
      int batchSize, BindingMemory memory) {
    this.memory = memory;
    this.store = store;
    this.layout = layout;
    this.mapping = layout.mapping();
    this.entityName = layout.entityName();
    this.lifecycle = lifecycle;
    this.countShardKeys = countShardKeys;
    this.batchSize = batchSize;
  }

  /**
   * This writer on {@code view} (a transaction's view of the store) instead of its store, sharing
   * {@code memory} with the binding's reads.
   */
  public RecordWriter<T, ID> on(KvStore view, BindingMemory memory) {
    return new RecordWriter<>(view, layout, lifecycle, countShardKeys, batchSize, memory);
  }

  // ---------------------------------------------------------------- inserts and updates

  public T insert(T entity) {
    RecordWrite<T, ID> record = recordWrite(withKey(entity));
    List<RecordWrite<T, ID>> batch = List.of(record);
    T inserted = insertedInTransaction(batch, record);
    if (inserted != null) {
      return inserted;
    }
    return retrying("insert", record.id(), record::entries,
        () -> tryInsert(batch, record.entries(), false, record.value()));
  }

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
    retrying("insertAll", null, () -> allEntries, () -> tryInsert(batch, allEntries, false, batch));
  }

  public T update(T entity) {
    RecordWrite<T, ID> record = recordWrite(requireKey(entity));
    T updated = updatedInTransaction(record, null);
    if (updated != null) {
      return updated;
    }
    return retrying("update", record.id(), record::entries, () -> tryUpdate(record, null, false));
  }

  public T update(T entity, Versionstamp expected) {
    Objects.requireNonNull(expected, "expected");
    RecordWrite<T, ID> record = recordWrite(requireKey(entity));
    T updated = updatedInTransaction(record, expected);
    if (updated != null) {
      return updated;
    }
    return retrying("update", record.id(), record::entries, () -> tryUpdate(record, expected, false));
  }

  /**
   * In a transaction, the insert's first attempt, run without the retry machinery: see {@link
   * #updatedInTransaction}.
   */
  private T insertedInTransaction(List<RecordWrite<T, ID>> batch, RecordWrite<T, ID> record) {
    if (!inTransaction()) {
      return null;
    }
    try {
      return tryInsert(batch, record.entries(), false, record.value()) instanceof Attempt.Done<T> done
          ? done.result() : null;
    } catch (KeyTooLargeException e) {
      throw keyTooLarge(e, record.entries());
    }
  }

  /**
   * In a transaction, the update's first attempt, run without the retry machinery (which allocates
   * on every call): its reads and checks go to the transaction's view, which no other writer
   * changes, so it is done at once; null outside a transaction, or if it lost all the same (then
   * the retrying path runs it again, as it would have).
   */
  private T updatedInTransaction(RecordWrite<T, ID> record, Versionstamp expected) {
    if (!inTransaction()) {
      return null;
    }
    try {
      return tryUpdate(record, expected, false) instanceof Attempt.Done<T> done ? done.result() : null;
    } catch (KeyTooLargeException e) {
      throw keyTooLarge(e, record.entries());
    }
  }

  /** True if this writer writes through a transaction's view (see {@link #on}). */
  private boolean inTransaction() {
    return memory != BindingMemory.NONE;
  }

  /** Inserts or updates {@code entity}, whose primary key is not null. */
  public T save(T entity) {
    RecordWrite<T, ID> record = recordWrite(entity);
    List<RecordWrite<T, ID>> batch = List.of(record);
    return retrying("save", record.id(), record::entries, () -> store.get(record.key()).exists()
        ? tryUpdate(record, null, true)
        : tryInsert(batch, record.entries(), true, record.value()));
  }

  // ---------------------------------------------------------------- deletes

  public boolean delete(ID id) {
    Tuple recordKey = layout.recordKey(id, memory);
    return retrying("delete", id, List::of, () -> tryDelete(recordKey, id, null));
  }

  public boolean delete(ID id, Versionstamp expected) {
    Objects.requireNonNull(expected, "expected");
    Tuple recordKey = layout.recordKey(id, memory);
    return retrying("delete", id, List::of, () -> tryDelete(recordKey, id, expected));
  }

  public long deleteAllById(Collection<ID> ids) {
    List<ID> keys = new ArrayList<>(ids.size());
    for (ID id : ids) {
      layout.recordKey(id); // rejects a null key before anything is deleted
      keys.add(id);
    }
    return bulkDelete().ids(keys);
  }

  public long deleteAll(Query<T> query) {
    return bulkDelete().matching(Objects.requireNonNull(query, "query"), mapping::idOf);
  }

  private BulkDelete<T, ID> bulkDelete() {
    return new BulkDelete<>(entityName, batchSize, lifecycle.writes(), this::tryDeleteBatch);
  }

  /**
   * One attempt to delete the records of {@code ids} in one commit: done with how many were deleted,
   * or lost if the commit lost a race or was too large (nothing written). A record that does not decode is
   * deleted on its own first, as {@link #delete(Object)} does, and reported to {@code deletedAlone}.
   */
  private Attempt<Integer> tryDeleteBatch(List<ID> ids, BatchSize size, IntConsumer deletedAlone) {
    Map<Tuple, ID> unique = new HashMap<>();
    for (ID id : ids) {
      unique.putIfAbsent(layout.recordKey(id), id);
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
        stored = layout.decodeStored(entry);
      } catch (CorruptRecordException undecodable) {
        deletedAlone.accept(delete(id) ? 1 : 0);
        continue;
      }
      op.check(entry).delete(entry.key());
      removed.addAll(layout.entriesOf(stored, mapping.keyParts(id)));
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

  // ---------------------------------------------------------------- attempts
  // The one write path: each try* below plans one attempt (reads, checks and mutations) through
  // plan(), commits it, and says whether it was done or lost a race; retrying() runs attempts.

  /**
   * Runs {@code attempt} until it is done, waiting between lost attempts ({@link
   * Retry#WRITES}); at most {@value Retry#WRITE_ATTEMPTS} attempts. {@code entries} are the index
   * entries written, derived only if a key is too large (to name its index).
   */
  private <R> R retrying(
      String operation, Object id, Supplier<List<IndexEntry<T>>> entries, Supplier<Attempt<R>> attempt) {
    try {
      return lifecycle.writes().run(entityName, operation, id, attempt);
    } catch (KeyTooLargeException e) {
      throw keyTooLarge(e, entries.get());
    } catch (RuntimeException refused) {
      throw lifecycle.named(refused);
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
      AtomicOperation op, List<IndexEntry<T>> removed, List<IndexEntry<T>> added, List<IndexEntry<T>> after) {
    IndexWrite<T> write = lifecycle.prepare(store, removed, added, after);
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
      // the encoding is the write's own array, never changed: the operation may keep it
      OwnedValues.set(op.check(record.key(), null), record.key(), record.encoded());
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
    AtomicOperation op = store.atomic().check(current);
    IndexWrite<T> write = keptIndexWrite(current, record);
    if (write != null) {
      write.addTo(op);
    } else {
      IndexDiff<T> diff = IndexDiff.between(
          layout.entriesOf(layout.decodeStored(current), record.pkParts()), record.entries());
      write = plan(op, diff.removed(), diff.added(), diff.after());
    }
    CommitResult result = OwnedValues.set(op, record.key(), record.encoded()).commit();
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
   * The index part of an update from {@code current} to {@code record} that leaves every index
   * entry as it is, known from the bytes alone ({@link RecordLayout#keepsIndexEntries}), so neither
   * record's entries are derived; null when that is not certain, or an index being built rewrites
   * kept entries: then the entries are derived and compared. The stored record is still decoded
   * (unless this transaction decoded the very entry already, see {@link BindingMemory}), so an
   * update of one that does not decode fails as before; it holds the primary key it is
   * stored under, since its key part has the new record's bytes.
   */
  private IndexWrite<T> keptIndexWrite(KvEntry current, RecordWrite<T, ID> record) {
    if (!layout.keepsIndexEntries(current.value(), record.encoded())) {
      return null;
    }
    layout.requireDecodes(current, memory);
    return lifecycle.prepareKept(store);
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
      stored = layout.decodeStored(current);
    } catch (CorruptRecordException undecodable) {
      return deletedUndecodable(lifecycle.deleteUndecodable(store, current.key(), current), recordKey);
    }
    AtomicOperation op = store.atomic().check(current).delete(recordKey);
    IndexWrite<T> write = plan(op, layout.entriesOf(stored, mapping.keyParts(id)), List.of());
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

  // ---------------------------------------------------------------- what a lost commit means

  /**
   * Says which index (or the primary key) a too large key is for, and labels its parts with their
   * fields; the store only knows its bytes.
   */
  private RuntimeException keyTooLarge(KeyTooLargeException e, List<IndexEntry<T>> entries) {
    return lifecycle.named(owned(e, entries));
  }

  private KeyTooLargeException owned(KeyTooLargeException e, List<IndexEntry<T>> entries) {
    for (IndexEntry<T> entry : entries) {
      if (entry.key().equals(e.key())) {
        return e.withOwner("index '" + entry.index().name() + "' of entity '" + entityName + "'");
      }
    }
    if (e.key() != null && layout.isRecordKey(e.key())) {
      return e.withOwner("primary key '" + mapping.primaryKeyName() + "' of entity '" + entityName + "'");
    }
    return e;
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

  // ---------------------------------------------------------------- the record to write

  /**
   * A record ready to write: its key, encoding and index entries, derived on first use (an update
   * that keeps every entry never derives them). Not thread-safe: one per write call.
   */
  private static final class RecordWrite<T, ID> {
    private final RecordLayout<T, ID> layout;
    private final T value;
    private final ID id;
    private final Tuple key;
    private final byte[] encoded;
    private Tuple pkParts;
    private List<IndexEntry<T>> entries;

    private RecordWrite(RecordLayout<T, ID> layout, T value, BindingMemory memory) {
      this.layout = layout;
      this.value = value;
      this.id = layout.mapping().idOf(value);
      this.key = layout.recordKey(id, memory);
      this.encoded = layout.encode(value);
    }

    T value() {
      return value;
    }

    ID id() {
      return id;
    }

    /** The key parts of the primary key, derived on first use: the key was built without them. */
    Tuple pkParts() {
      if (pkParts == null) {
        pkParts = layout.mapping().keyParts(id);
      }
      return pkParts;
    }

    Tuple key() {
      return key;
    }

    byte[] encoded() {
      return encoded;
    }

    List<IndexEntry<T>> entries() {
      if (entries == null) {
        entries = layout.entriesOf(value, pkParts());
      }
      return entries;
    }
  }

  private RecordWrite<T, ID> recordWrite(T record) {
    return new RecordWrite<>(layout, record, memory);
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

  private T requireKey(T entity) {
    if (mapping.idOf(entity) == null) {
      throw new MissingPrimaryKeyException(entityName, mapping.primaryKeyName(), "update");
    }
    return entity;
  }
}
