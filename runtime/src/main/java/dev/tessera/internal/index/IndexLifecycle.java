package dev.tessera.internal.index;

import dev.tessera.OperationInterruptedException;
import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexPhase;
import dev.tessera.catalog.IndexState;
import dev.tessera.internal.catalog.KeyNames;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.internal.store.RangeScan;
import dev.tessera.internal.store.RecordCount;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.kv.TransientFailure;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.repository.IndexAdmin;
import dev.tessera.repository.IndexBuildFailedException;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.IndexNotReadyException;
import dev.tessera.repository.IndexVerification;
import dev.tessera.repository.QuarantinedRecord;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.TimeSource;
import dev.tessera.tuple.Tuple;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The index life cycle of one repository: on open it reconciles the generated index definitions
 * with the store's catalog, then builds as the {@link IndexBuildPolicy} says; it keeps the
 * {@link IndexModes} writes follow, refusing queries on indexes that are not readable, and backs the
 * {@link IndexAdmin}.
 *
 * <p>Thread-safe: the modes are an immutable snapshot in a volatile field; the background builder
 * is one daemon thread, started at most once at a time, and stoppable.
 *
 * @param <T> the record type
 */
public final class IndexLifecycle<T> {
  /** How many samples a failure or verification report keeps per kind. */
  public static final int SAMPLES = 10;

  private static final System.Logger LOG = System.getLogger("dev.tessera.index");
  private static final long POLL_MILLIS = 20;

  private final KvStore store;
  private final EntityMapping<T, ?> mapping;
  private final KeySpace keys;
  private final Function<KvEntry, T> decoder;
  private final RepositoryOptions options;
  private final String entityName;
  private final List<IndexDefinition<T>> indexes;
  private final IndexBuilder<T> builder;
  private final Object monitor = new Object();
  private volatile IndexModes modes = new IndexModes(Map.of(), null);
  /** The key every write checks (see {@link IndexWrite}); null when the entity has no index. */
  private final Tuple statesKey;
  private Thread background; // guarded by monitor
  /** {@link Retry#WRITES} on the options' time source. */
  private final Retry writes;
  /** How often a background build waits out a store failure that may pass before it stops. */
  static final int TRANSIENT_FAILURE_ATTEMPTS = 1000;
  /** {@link #TRANSIENT_FAILURE_ATTEMPTS} with waits up to half a second, on the options' time source. */
  private final Retry transientFailures;

  private IndexLifecycle(KvStore store, EntityMapping<T, ?> mapping, KeySpace keys,
      Function<KvEntry, T> decoder, RepositoryOptions options) {
    this.store = store;
    this.mapping = mapping;
    this.keys = keys;
    this.decoder = decoder;
    this.options = options;
    this.entityName = mapping.entityName();
    this.indexes = List.copyOf(mapping.indexes());
    this.statesKey = indexes.isEmpty() ? null : IndexCatalog.statesKey(entityName);
    this.builder = new IndexBuilder<>(store, mapping, keys, decoder, options, this::stateChanged);
    this.writes = timed(Retry.WRITES, options.timeSource());
    this.transientFailures = timed(Retry.atMost(TRANSIENT_FAILURE_ATTEMPTS, Backoff.REQUESTS,
        "An index build waiting out a store failure"), options.timeSource());
  }

  /**
   * Reconciles the catalog with {@code mapping}'s indexes and starts building as {@code options}
   * say.
   *
   * @throws IndexBuildFailedException with {@link IndexBuildPolicy#BLOCKING}, if a unique index
   *     cannot be built over duplicates
   */
  public static <T> IndexLifecycle<T> open(KvStore store, EntityMapping<T, ?> mapping, KeySpace keys,
      Function<KvEntry, T> decoder, RepositoryOptions options) {
    IndexLifecycle<T> lifecycle = new IndexLifecycle<>(store, mapping, keys, decoder, options);
    lifecycle.reconcile();
    lifecycle.refresh();
    switch (options.buildPolicy()) {
      case BLOCKING:
        lifecycle.runPending(); // a FAILED index stays failed: buildIndexes() retries it
        break;
      case BACKGROUND:
        if (lifecycle.hasPendingWork() && lifecycle.records() <= options.inlineBuildLimit()) {
          lifecycle.buildInline();
        }
        if (lifecycle.hasPendingWork()) {
          lifecycle.startBackground();
        }
        break;
      default:
        break;
    }
    return lifecycle;
  }

  /**
   * {@code failure} with the keys it names named by entity and index ({@link KeyNames#named}),
   * from the catalog of the store the repository opened on (never a transaction's view, whose
   * reads it would join).
   */
  public RuntimeException named(RuntimeException failure) {
    return KeyNames.named(failure, store);
  }

  /** The modes writes follow now. */
  public IndexModes modes() {
    return modes;
  }

  /** Reads the catalog again (after a commit told a writer the states it followed changed). */
  public void refresh() {
    try (KvSnapshot snapshot = store.snapshot()) {
      modes = IndexModes.read(snapshot, entityName);
    }
  }

  /**
   * The last write {@link #prepareKept} made that read nothing (no index guarded), for the modes it
   * was made with: such a write depends on those modes alone and is immutable, so every update
   * that keeps its entries under the same modes shares it. Null before the first.
   */
  private volatile IndexWrite<T> keptWrite;

  /**
   * The modes a write through {@code kv} follows. On the store: the cached ones (the write's
   * commit checks their generation). Through a transaction's view: the ones of the view's snapshot,
   * read through it when they differ from the cached ones, so the transaction's commit validates
   * them like any other read.
   */
  public IndexModes modes(KvStore kv) {
    IndexModes cached = modes;
    if (kv == store || indexes.isEmpty()) {
      return cached;
    }
    KvEntry states = kv.get(statesKey); // one key per entity, packed once
    if (Objects.equals(states.versionstamp(), cached.statesStamp())) {
      return cached;
    }
    try (KvSnapshot snapshot = kv.snapshot()) {
      return IndexModes.read(snapshot, entityName);
    }
  }

  /**
   * Prepares the index mutations of one write attempt, reading through {@code kv}; {@code after} is
   * every entry of an update's new record, whose unchanged ones an index being built rewrites (see
   * {@link IndexModes#rewritesKept}), empty for inserts and deletes.
   */
 public IndexWrite<T> prepare(
      KvStore kv, List<IndexEntry<T>> removed, List<IndexEntry<T>> added, List<IndexEntry<T>> after) {
    return IndexWrite.prepare(kv, entityName, indexes, modes(kv), statesKey, removed, added, after);
  }

  /**
   * Prepares the index part of an update that changes no index entry (see {@link IndexInputs}),
   * reading through {@code kv}: the same write {@link #prepare} makes when the old and new entries
   * are equal. Returns null when an index being built rewrites the kept entries too ({@link
   * IndexModes#rewritesKept}): the caller derives them and calls {@link #prepare}.
   */
  public IndexWrite<T> prepareKept(KvStore kv) {
    IndexModes current = modes(kv);
    IndexWrite<T> shared = keptWrite;
    if (shared != null && shared.modes() == current) {
      return shared;
    }
    for (int i = 0; i < indexes.size(); i++) { // indexed: no iterator on every update
      if (current.rewritesKept(indexes.get(i))) {
        return null;
      }
    }
    IndexWrite<T> write = IndexWrite.prepare(
        kv, entityName, indexes, current, statesKey, List.of(), List.of(), List.of());
    if (write.readNothing()) {
      keptWrite = write;
    }
    return write;
  }

  /**
   * Returns if {@code index} is readable for reads through {@code kv}: on the store, reading the
   * catalog again when the last reading said it was not; in a transaction, as its snapshot says.
   *
   * @throws IndexNotReadyException if it is still not readable
   */
 public void requireReadable(IndexDefinition<T> index, KvStore kv) {
    if (kv != store) {
      // In a transaction: the state of its snapshot, whose reading the commit validates.
      IndexCatalogEntry entry = modes(kv).entry(index);
      if (entry != null && entry.state() != IndexState.READABLE) {
        throw notReady(entry);
      }
      return;
    }
    if (modes.state(index) == IndexState.READABLE) {
      return;
    }
    refresh();
    IndexCatalogEntry entry = modes.entry(index);
    if (entry == null || entry.state() == IndexState.READABLE) {
      return;
    }
    throw notReady(entry);
  }

  // ---------------------------------------------------------------- admin

  /** The catalog entries of the entity's indexes, declared or being dropped. */
 public List<IndexCatalogEntry> states() {
    refresh();
    return List.copyOf(modes.entries().values());
  }

  /** Restarts failed builds, then does all pending work in the calling thread. */
 public void build() {
    builder.resume();
    restartFailed();
    runPending();
  }

  private void runPending() {
    try {
      builder.runPending();
    } finally {
      refresh();
    }
  }

  /**
   * Waits until every declared index is readable.
   *
   * @return false if {@code timeout} passed first
   * @throws IndexNotReadyException at once if an index's build failed
   */
  public boolean await(Duration timeout) throws InterruptedException {
    TimeSource time = options.timeSource();
    long deadline = time.nanoTime() + timeout.toNanos();
    while (true) {
      refresh();
      boolean readable = true;
      for (IndexDefinition<T> index : indexes) {
        IndexCatalogEntry entry = modes.entry(index);
        if (entry != null && entry.state() == IndexState.FAILED) {
          throw notReady(entry);
        }
        readable &= modes.state(index) == IndexState.READABLE;
      }
      long left = deadline - time.nanoTime();
      if (readable) {
        return true;
      }
      if (left <= 0) {
        return false;
      }
      if (time != TimeSource.system()) {
        time.pause(Math.min(POLL_MILLIS * 1_000_000, left)); // no monitor wakes another clock's waits
        if (Thread.interrupted()) {
          throw new InterruptedException("awaitIndexes of " + entityName);
        }
        continue;
      }
      synchronized (monitor) {
        monitor.wait(Math.max(1, Math.min(POLL_MILLIS, left / 1_000_000)));
      }
    }
  }

  /** Stops the background builder after its current batch and waits for it to end. */
 public void stop() throws InterruptedException {
    Thread thread;
    synchronized (monitor) {
      thread = background;
    }
    builder.stop();
    if (thread != null) {
      thread.join();
    }
  }

  /** Verifies the records and every readable declared index; writes nothing. */
 public IndexVerification verify() {
    return verifier().verify(readableIndexes());
  }

  /** Verifies the records and every readable declared index, and repairs what it finds. */
 public IndexVerification repair() {
    return verifier().repair(readableIndexes());
  }

  private IndexVerifier<T> verifier() {
    return new IndexVerifier<>(store, mapping, keys, decoder, options.batchSize(), options.timeSource());
  }

  private List<IndexDefinition<T>> readableIndexes() {
    refresh();
    List<IndexDefinition<T>> readable = new ArrayList<>();
    for (IndexDefinition<T> index : indexes) {
      if (modes.state(index) == IndexState.READABLE) {
        readable.add(index);
      }
    }
    return readable;
  }

  /** The records of the entity a repair moved to the quarantine. */
 public List<QuarantinedRecord> quarantined() {
    return Quarantine.list(store, keys);
  }

  /** Deletes the quarantined copy of the record once stored under {@code recordKey}. */
 public boolean discardQuarantined(Tuple recordKey) {
    return Quarantine.discard(store, keys, recordKey);
  }

  /** Deletes the quarantined copy {@code record}, whether its key decodes or not. */
 public boolean discardQuarantined(QuarantinedRecord record) {
    return Quarantine.discard(store, keys, record);
  }

  /**
   * Deletes a record whose stored bytes do not decode, every entry of a declared index that points to
   * it (found by scanning the indexes: its values cannot be read) and one from the count, in one
   * commit checked on the record read (unless {@code current} is null: a value the store cannot
   * read) and on the entries found.
   *
   * @return false if the record or an entry changed meanwhile: read again
   */
  public boolean deleteUndecodable(KvStore store, Tuple recordKey, KvEntry current) {
    Tuple pkParts = recordKey.subTuple(1, recordKey.size());
    byte[] pkPacked = pkParts.pack();
    AtomicOperation op = store.atomic();
    if (current != null) {
      op.check(current);
    }
    op.delete(recordKey);
    for (IndexDefinition<T> index : indexes) {
      RangeScan scan = new RangeScan(IndexDefinition.range(keys.indexId(index)), options.batchSize());
      while (true) {
        RangeScan.Batch batch = scan.next(store::list, corrupt -> { });
        if (scan.done()) {
          break;
        }
        for (KvEntry entry : batch.entries()) {
          if (pointsTo(index, entry, pkParts, pkPacked)) {
            op.check(entry).delete(entry.key());
          }
        }
        scan.advance(batch);
      }
    }
    return RecordCount.add(store, op, entityName, -1L).commit().ok();
  }

  private static boolean pointsTo(IndexDefinition<?> index, KvEntry entry, Tuple pkParts, byte[] pkPacked) {
    if (index.unique()) {
      return Arrays.equals(entry.value(), pkPacked);
    }
    Tuple key = entry.key();
    return key.size() > pkParts.size()
        && key.subTuple(key.size() - pkParts.size(), key.size()).equals(pkParts);
  }

  // ---------------------------------------------------------------- internals

  /**
   * Records new indexes (READABLE at once when the entity has no records, else BUILDING), changed
   * ones (BUILDING again, a new generation) and removed ones (DROPPING), in one commit checked on
   * every catalog entry read, so concurrent openers agree.
   */
  private void reconcile() {
    writes.run(entityName, "open", null, this::tryReconcile).forEach(this::log);
  }

  /** One attempt of {@link #reconcile}: done with the entries it changed, or lost to another opener. */
  private Attempt<List<IndexCatalogEntry>> tryReconcile() {
    Map<String, IndexCatalog.Stored> catalog;
    RecordCount.Shards count;
    try (KvSnapshot snapshot = store.snapshot()) {
      catalog = IndexCatalog.read(snapshot, entityName);
      count = RecordCount.readShards(snapshot::list, entityName);
    }
    boolean empty = count.sum() == 0;
    boolean countChecked = false;
    AtomicOperation op = store.atomic();
    Set<String> declared = new HashSet<>();
    List<IndexCatalogEntry> changes = new ArrayList<>();
    for (IndexDefinition<T> index : indexes) {
      declared.add(index.name());
      IndexCatalog.Stored stored = catalog.get(index.name());
      IndexCatalogEntry next = reconciled(index, stored == null ? null : stored.entry(), empty);
      if (next == null) {
        continue;
      }
      changes.add(next);
      if (stored == null) {
        op.check(IndexCatalog.key(entityName, index.name()), null);
      } else {
        op.check(stored.stored());
      }
      if (next.state() == IndexState.READABLE && !countChecked) {
        count.checkUnchanged(op); // no record was inserted meanwhile
        countChecked = true;
      }
      op.set(IndexCatalog.key(entityName, index.name()), IndexCatalog.encode(next))
          .sum(IndexCatalog.fenceKey(entityName, index.name()), 1);
    }
    for (IndexCatalog.Stored stored : catalog.values()) {
      IndexCatalogEntry entry = stored.entry();
      if (!declared.contains(entry.indexName()) && entry.state() != IndexState.DROPPING) {
        IndexCatalogEntry next = entry.startPhase(IndexState.DROPPING, IndexPhase.CLEARING);
        changes.add(next);
        op.check(stored.stored())
            .set(stored.stored().key(), IndexCatalog.encode(next))
            .sum(IndexCatalog.fenceKey(entityName, entry.indexName()), 1);
      }
    }
    if (changes.isEmpty()) {
      return Attempt.done(changes);
    }
    IndexCatalog.statesChanged(op, entityName);
    return committed(op, changes); // lost: another opener changed the catalog, read it again
  }

  /** Done with {@code changes} if {@code op} commits, else lost on the catalog key that changed. */
  private static Attempt<List<IndexCatalogEntry>> committed(
      AtomicOperation op, List<IndexCatalogEntry> changes) {
    CommitResult result = op.commit();
    return result.ok()
        ? Attempt.done(changes)
        : Attempt.lost(
            "a concurrent writer changed the index catalog or the record count", result.failedKey());
  }

  /** The catalog entry {@code index} needs instead of {@code entry}, or null if it is right. */
  private IndexCatalogEntry reconciled(IndexDefinition<T> index, IndexCatalogEntry entry, boolean empty) {
    if (entry == null && empty) {
      return IndexCatalogEntry.readable(
          entityName, index.name(), index.descriptor(), index.subspace(), index.unique());
    }
    if (entry == null
        || entry.state() == IndexState.DROPPING
        || !entry.descriptor().equals(index.descriptor())
        || !entry.subspace().equals(index.subspace())) {
      return IndexCatalogEntry.building(
          entityName, index.name(), index.descriptor(), index.subspace(), index.unique(),
          entry == null ? 0 : entry.generation());
    }
    return null;
  }

  private void restartFailed() {
    writes.run(entityName, "buildIndexes", null, this::tryRestartFailed).forEach(this::log);
    refresh();
  }

  /** One attempt of {@link #restartFailed}: done with the entries it changed, or lost. */
  private Attempt<List<IndexCatalogEntry>> tryRestartFailed() {
    Map<String, IndexCatalog.Stored> catalog;
    try (KvSnapshot snapshot = store.snapshot()) {
      catalog = IndexCatalog.read(snapshot, entityName);
    }
    AtomicOperation op = store.atomic();
    List<IndexCatalogEntry> changes = new ArrayList<>();
    for (IndexDefinition<T> index : indexes) {
      IndexCatalog.Stored stored = catalog.get(index.name());
      if (stored != null && stored.entry().state() == IndexState.FAILED) {
        IndexCatalogEntry entry = stored.entry();
        IndexCatalogEntry next =
            IndexCatalogEntry.building(
                entityName, entry.indexName(), entry.descriptor(), entry.subspace(),
                entry.unique(), entry.generation());
        op.check(stored.stored())
            .set(stored.stored().key(), IndexCatalog.encode(next))
            .sum(IndexCatalog.fenceKey(entityName, index.name()), 1);
        changes.add(next);
      }
    }
    if (changes.isEmpty()) {
      return Attempt.done(changes);
    }
    IndexCatalog.statesChanged(op, entityName);
    return committed(op, changes);
  }

  private long records() {
    return RecordCount.read(store::list, entityName);
  }

  /** The retry of single writes, on the options' time source (shared with the record writer). */
  public Retry writes() {
    return writes;
  }

  /** {@code retry}, reading the time and waiting through {@code time}. */
  static Retry timed(Retry retry, TimeSource time) {
    return time == TimeSource.system() ? retry : retry.withClockAndPause(time::nanoTime, time::pause);
  }

  /**
   * Builds a small entity's pending indexes on the opening thread, so they are readable when the
   * constructor returns. A unique index failing over duplicates is left FAILED, as a background
   * build leaves it; it does not fail the constructor.
   */
  private void buildInline() {
    try {
      runPending();
    } catch (IndexBuildFailedException failed) {
      LOG.log(Level.WARNING, failed.getMessage());
    }
  }

  private boolean hasPendingWork() {
    for (IndexCatalogEntry entry : modes.entries().values()) {
      if (entry.hasPendingWork()) {
        return true;
      }
    }
    return false;
  }

  private void startBackground() {
    synchronized (monitor) {
      if (background != null && background.isAlive()) {
        return;
      }
      background = options.buildThreads()
          .map(threads -> threads.newThread(this::runInBackground))
          .orElseGet(() -> {
            Thread thread = new Thread(this::runInBackground, "tessera-index-build-" + entityName);
            thread.setDaemon(true);
            return thread;
          });
      background.start();
    }
  }

  private void runInBackground() {
    try {
      transientFailures.run(entityName, "build indexes", null, this::tryBuildPending);
    } catch (OperationInterruptedException interrupted) {
      // stopped while waiting out a store failure: it resumes on the next open or buildIndexes()
    } catch (StoreClosedException closed) {
      // the store closed under the build: it resumes from the catalog's cursor on the next open
    } catch (IndexBuildFailedException failed) {
      LOG.log(Level.WARNING, failed.getMessage());
    } catch (RuntimeException | Error e) {
      LOG.log(Level.WARNING, "index build of " + entityName + " stopped; it resumes on the next open", e);
    } finally {
      stateChanged();
    }
  }

  /**
   * Runs the pending builds; a store failure that may pass ({@link TransientFailure}) loses the
   * attempt, so the build waits and goes on from the cursor its catalog entry keeps.
   */
  private Attempt<Boolean> tryBuildPending() {
    try {
      builder.runPending();
      return Attempt.done(true);
    } catch (RuntimeException e) {
      if (!(e instanceof TransientFailure)) {
        throw e;
      }
      LOG.log(Level.DEBUG, "index build of " + entityName + " waits after a store failure: " + e);
      return Attempt.failed("the store failed for a moment: " + e.getMessage(), e);
    }
  }

  private void stateChanged() {
    try {
      refresh();
    } catch (StoreClosedException closed) {
      // nothing left to refresh
    } catch (RuntimeException e) {
      // A notification, not part of the build: a failed read (a compacted snapshot, a store that did
      // not answer) must neither end the build nor leave waiters asleep. The modes are read again by
      // the next write (its commit checks the states generation) and by awaitIndexes.
      LOG.log(Level.DEBUG, "index states of " + entityName + " not read after a change: " + e);
    }
    synchronized (monitor) {
      monitor.notifyAll();
    }
  }

  private IndexNotReadyException notReady(IndexCatalogEntry entry) {
    long total = records();
    return new IndexNotReadyException(
        entityName, entry.indexName(), entry.state(), entry.phase(), entry.done(), total,
        entry.failure());
  }

  private void log(IndexCatalogEntry entry) {
    // READABLE at once means an empty entity: routine. Building or dropping is work to wait on
    // only when the caller waits on it.
    Level level = entry.state() == IndexState.READABLE ? Level.DEBUG : level(options, true);
    LOG.log(level, "index {0}.{1} is now {2}", entityName, entry.indexName(), entry.state());
  }

  /**
   * The level of a line about index work: {@code INFO} only for work over existing records that
   * the caller waits on (the {@link IndexBuildPolicy#BLOCKING} constructor, or {@link
   * IndexBuildPolicy#ON_DEMAND}'s {@code buildIndexes()}); {@code DEBUG} for the rest, such as the
   * default background builds, which the {@code IndexBuildListener} and {@code awaitIndexes}
   * follow. Quiet by default: an application's logs hold what it asked for.
   */
  static Level level(RepositoryOptions options, boolean overRecords) {
    return overRecords && options.buildPolicy() != IndexBuildPolicy.BACKGROUND ? Level.INFO : Level.DEBUG;
  }
}
