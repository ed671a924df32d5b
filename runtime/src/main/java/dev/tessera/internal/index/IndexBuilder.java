package dev.tessera.internal.index;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexPhase;
import dev.tessera.catalog.IndexState;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.internal.catalog.SubspaceCatalog;
import dev.tessera.internal.store.BatchWalk;
import dev.tessera.internal.store.RecordCount;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.repository.IndexBuildFailedException;
import dev.tessera.repository.IndexBuildProgress;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.TimeSource;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Does the pending work the catalog records for an entity's indexes, batch by batch, each batch one
 * atomic commit that also moves the catalog entry's cursor (checked against the entry read, so two
 * builders, in this process or another, never both apply a batch):
 *
 * <ol>
 *   <li>CLEARING: delete the index's old entries and older duplicate markers (a changed, failed or
 *       dropped index); a dropped index then leaves the catalog.
 *   <li>BACKFILLING: write the entry of every record after the cursor, checking each record's
 *       versionstamp, so a concurrent update or delete makes the batch retry. Writers maintain the
 *       index meanwhile, so records written behind the cursor are covered too; an update writes
 *       all of the new record's entries, unchanged ones too ({@link IndexModes#rewritesKept}), and
 *       a record whose entries are all there is skipped unchecked, so a record updated faster than
 *       a batch commits costs one lost race, not an endless retry.
 *   <li>RESOLVING (unique): settle the duplicate markers; if records still share a value, the index
 *       becomes FAILED and is cleared, else one commit, checked on the fence, makes it READABLE.
 * </ol>
 *
 * <p>Thread-safe: its state is the stop flag; concurrent runs are serialised by the catalog checks.
 *
 * @param <T> the record type
 */
public final class IndexBuilder<T> {
  private static final System.Logger LOG = System.getLogger("dev.tessera.index");
  private static final byte[] EMPTY = new byte[0];
  /** Lost commits in a row after which a phase stops (see {@link #walk}). */
  static final int MAX_LOST_RACES = 1000;

  private final KvStore store;
  private final EntityMapping<T, ?> mapping;
  private final KeySpace keys;
  private final Function<KvEntry, T> decoder;
  private final RepositoryOptions options;
  private final Runnable onStateChange;
  private final String entityName;
  private final Tuple entityPrefix;
  private final Map<String, IndexDefinition<T>> indexes = new HashMap<>();
  private volatile boolean stopped;

  IndexBuilder(
      KvStore store,
      EntityMapping<T, ?> mapping,
      KeySpace keys,
      Function<KvEntry, T> decoder,
      RepositoryOptions options,
      Runnable onStateChange) {
    this.store = store;
    this.mapping = mapping;
    this.keys = keys;
    this.decoder = decoder;
    this.options = options;
    this.onStateChange = onStateChange;
    this.entityName = mapping.entityName();
    this.entityPrefix = keys.recordPrefix();
    for (IndexDefinition<T> index : mapping.indexes()) {
      indexes.put(index.name(), index);
    }
  }

  /** Asks a running build to stop after its current batch; the work stays pending. */
  void stop() {
    stopped = true;
  }

  /** Lets builds run again after {@link #stop}. */
  void resume() {
    stopped = false;
  }

  /**
   * Does every piece of pending work of the entity's indexes until none is left (or {@link #stop}).
   *
   * @throws IndexBuildFailedException after the other work, if a unique build failed
   */
  void runPending() {
    List<IndexBuildFailedException> failures = new ArrayList<>();
    Set<String> skipped = new HashSet<>();
    while (!stopped) {
      IndexCatalog.Stored next = nextPending(skipped);
      if (next == null) {
        break;
      }
      try {
        if (!runPhase(next)) {
          skipped.add(next.entry().indexName());
        }
      } catch (IndexBuildFailedException e) {
        failures.add(e);
      }
    }
    if (!failures.isEmpty()) {
      IndexBuildFailedException first = failures.get(0);
      failures.subList(1, failures.size()).forEach(first::addSuppressed);
      throw first;
    }
  }

  private IndexCatalog.Stored nextPending(Set<String> skipped) {
    try (KvSnapshot snapshot = store.snapshot()) {
      for (IndexCatalog.Stored stored : IndexCatalog.read(snapshot, entityName).values()) {
        if (stored.entry().hasPendingWork() && !skipped.contains(stored.entry().indexName())) {
          return stored;
        }
      }
    }
    return null;
  }

  /** Runs the phase {@code stored} is in to its end; false if this code cannot do it. */
  private boolean runPhase(IndexCatalog.Stored stored) {
    IndexCatalogEntry entry = stored.entry();
    IndexDefinition<T> index = indexes.get(entry.indexName());
    boolean ours = index != null && index.descriptor().equals(entry.descriptor());
    switch (entry.phase()) {
      case CLEARING:
        clear(stored);
        return true;
      case BACKFILLING:
        if (ours) {
          backfill(stored, index);
        }
        return ours;
      case RESOLVING:
        if (ours) {
          resolve(stored, index);
        }
        return ours;
      default:
        return false;
    }
  }

  // ---------------------------------------------------------------- clearing

  private void clear(IndexCatalog.Stored start) {
    IndexCatalogEntry entry = start.entry();
    List<TupleRange> ranges = new ArrayList<>();
    ranges.add(
        entry.state() == IndexState.BUILDING
            ? IndexCatalog.markersBefore(entityName, entry.indexName(), entry.generation())
            : IndexCatalog.allMarkers(entityName, entry.indexName()));
    // a subspace the catalog gave no id holds no keys (ids are assigned before any entry is written)
    SubspaceCatalog.find(store, entry.subspace())
        .ifPresent(id -> ranges.add(IndexDefinition.range(id)));
    ranges.sort((a, b) -> Arrays.compareUnsigned(a.begin(), b.begin()));
    CatalogCursorJob job = new CatalogCursorJob(start, false) {
      @Override
      CursorBatch readAfter(KvSnapshot snapshot, AtomicOperation op, byte[] cursor, int limit) {
        List<Tuple> keys = keysAfter(snapshot, ranges, cursor, limit);
        keys.forEach(op::delete);
        return keys.isEmpty() ? null : new CursorBatch(keys.size(), keys.get(keys.size() - 1).pack());
      }
    };
    if (walk().run(job) == BatchWalk.End.EXHAUSTED) {
      finishClearing(job.current());
    }
  }

  private void finishClearing(IndexCatalog.Stored current) {
    AtomicOperation op = store.atomic().check(current.stored());
    IndexCatalogEntry entry = current.entry();
    Tuple key = current.stored().key();
    IndexState next;
    switch (entry.state()) {
      case DROPPING:
        op.delete(key).delete(IndexCatalog.fenceKey(entityName, entry.indexName()));
        IndexCatalog.statesChanged(op, entityName);
        next = null;
        break;
      case BUILDING:
        op.set(key, IndexCatalog.encode(entry.startPhase(IndexState.BUILDING, IndexPhase.BACKFILLING)));
        next = IndexState.BUILDING;
        break;
      default: // FAILED: cleared, nothing left to do until someone builds it again
        op.set(key, IndexCatalog.encode(entry.startPhase(IndexState.FAILED, IndexPhase.DONE)));
        next = IndexState.FAILED;
        break;
    }
    if (op.commit().ok() && next != IndexState.BUILDING) {
      announce(entry.indexName(), next == null ? IndexState.DROPPING : next,
          next == null ? "dropped: its entries are deleted and it left the catalog" : "cleared");
    }
  }

  private static List<Tuple> keysAfter(KvSnapshot snapshot, List<TupleRange> ranges, byte[] cursor, int limit) {
    List<Tuple> keys = new ArrayList<>();
    for (TupleRange range : ranges) {
      for (KvEntry entry : entriesAfter(snapshot, range, cursor, limit - keys.size())) {
        keys.add(entry.key());
      }
      if (keys.size() >= limit) {
        break;
      }
    }
    return keys;
  }

  // ---------------------------------------------------------------- backfilling

  private void backfill(IndexCatalog.Stored start, IndexDefinition<T> index) {
    TupleRange records = TupleRange.prefix(entityPrefix);
    CatalogCursorJob job = new CatalogCursorJob(start, true) {
      @Override
      CursorBatch readAfter(KvSnapshot snapshot, AtomicOperation op, byte[] cursor, int limit) {
        List<KvEntry> batch = entriesAfter(snapshot, records, cursor, limit);
        if (batch.isEmpty()) {
          return null;
        }
        backfillBatch(snapshot, op, index, current().entry().generation(), batch);
        return new CursorBatch(batch.size(), batch.get(batch.size() - 1).packedKey());
      }
    };
    if (walk().run(job) != BatchWalk.End.EXHAUSTED) {
      return;
    }
    IndexCatalog.Stored current = job.current();
    IndexState next = index.unique() ? IndexState.BUILDING : IndexState.READABLE;
    IndexPhase phase = index.unique() ? IndexPhase.RESOLVING : IndexPhase.DONE;
    AtomicOperation op = store.atomic().check(current.stored())
        .set(current.stored().key(), IndexCatalog.encode(current.entry().startPhase(next, phase)));
    if (next == IndexState.READABLE) {
      IndexCatalog.statesChanged(op, entityName);
    }
    if (op.commit().ok() && next == IndexState.READABLE) {
      announce(index.name(), next, "built");
    }
  }

  private void backfillBatch(
      KvSnapshot snapshot,
      AtomicOperation op,
      IndexDefinition<T> index,
      long generation,
      List<KvEntry> batch) {
    List<Tuple> pks = new ArrayList<>(batch.size());
    List<List<IndexEntry<T>>> entries = new ArrayList<>(batch.size());
    for (KvEntry record : batch) {
      Tuple pkParts = record.key().subTuple(1, record.key().size());
      pks.add(pkParts);
      entries.add(IndexEntry.forRecord(index, keys.indexId(index), decoder.apply(record), pkParts));
    }
    boolean[] whole = whole(snapshot, index, generation, pks, entries);
    Map<Tuple, byte[]> written = new HashMap<>();
    for (int i = 0; i < batch.size(); i++) {
      if (whole[i]) {
        continue; // an update since the build began wrote them: nothing to write, no race to lose
      }
      op.check(batch.get(i)); // a concurrent update or delete of the record makes the batch retry
      for (IndexEntry<T> entry : entries.get(i)) {
        backfillEntry(snapshot, op, index, generation, written, pks.get(i), entry);
      }
    }
  }

  /**
   * Which records of a batch the index already holds whole in {@code snapshot}: every entry is
   * there (a unique one pointing to the record, or the record's duplicate marker of this build).
   * Two multi-key reads: the entries, then the markers of unique values held by another record.
   */
  private boolean[] whole(
      KvSnapshot snapshot, IndexDefinition<T> index, long generation, List<Tuple> pks,
      List<List<IndexEntry<T>>> entries) {
    List<Tuple> keys = new ArrayList<>();
    entries.forEach(of -> of.forEach(entry -> keys.add(entry.key())));
    List<KvEntry> stored = snapshot.getMany(keys);
    int next = 0;
    boolean[] whole = new boolean[pks.size()];
    List<Tuple> markers = new ArrayList<>();
    List<Integer> markerOwners = new ArrayList<>();
    for (int i = 0; i < pks.size(); i++) {
      whole[i] = true;
      for (IndexEntry<T> entry : entries.get(i)) {
        KvEntry kv = stored.get(next++);
        if (!kv.exists()) {
          whole[i] = false;
        } else if (index.unique() && !Arrays.equals(kv.value(), entry.value())) {
          markers.add(marker(index, generation, entry.values(), pks.get(i)));
          markerOwners.add(i);
        }
      }
    }
    List<KvEntry> found = snapshot.getMany(markers);
    for (int m = 0; m < found.size(); m++) {
      if (!found.get(m).exists()) {
        whole[markerOwners.get(m)] = false;
      }
    }
    return whole;
  }

  private void backfillEntry(
      KvSnapshot snapshot,
      AtomicOperation op,
      IndexDefinition<T> index,
      long generation,
      Map<Tuple, byte[]> written,
      Tuple pkParts,
      IndexEntry<T> entry) {
    if (!index.unique()) {
      op.set(entry.key(), entry.value());
      return;
    }
    UniqueClaim.Decision claim;
    if (written.containsKey(entry.key())) { // an earlier record of this batch holds the value
      claim = UniqueClaim.Decision.DUPLICATE;
    } else {
      KvEntry pointer = snapshot.get(entry.key());
      op.check(pointer);
      claim = UniqueClaim.decide(pointer.value(), entry.value(),
          holder -> holderHolds(snapshot, op, index, pointer, entry.values()));
    }
    if (claim == UniqueClaim.Decision.DUPLICATE) {
      op.set(marker(index, generation, entry.values(), pkParts), EMPTY); // settled when resolving
    } else {
      op.set(entry.key(), entry.value());
      written.put(entry.key(), entry.value());
    }
  }

  /** The entries of {@code range} after the packed key {@code cursor} (null: from its start). */
  private static List<KvEntry> entriesAfter(KvSnapshot snapshot, TupleRange range, byte[] cursor, int limit) {
    List<KvEntry> entries = new ArrayList<>();
    TupleRange rest = BatchWalk.after(range, cursor);
    if (rest.isEmpty()) {
      return entries;
    }
    try (KvIterator it = snapshot.list(ListSelector.of(rest).limit(limit))) {
      it.forEachRemaining(entries::add);
    }
    return entries;
  }

  // ---------------------------------------------------------------- resolving duplicates

  private void resolve(IndexCatalog.Stored start, IndexDefinition<T> index) {
    Tuple fenceKey = IndexCatalog.fenceKey(entityName, index.name());
    while (!stopped) {
      KvEntry fence = store.get(fenceKey);
      Resolution resolution = resolveMarkers(start, index);
      if (resolution == null) {
        return; // the catalog entry changed under us, or we were stopped
      }
      IndexCatalog.Stored current = currentEntry(start);
      if (current == null || !current.stored().versionstamp().equals(start.stored().versionstamp())) {
        return;
      }
      // Either outcome changes the index's state: writers that followed the old one must retry.
      AtomicOperation op = IndexCatalog.statesChanged(
          store.atomic().check(current.stored()).sum(fenceKey, 1), entityName);
      if (resolution.duplicates > 0) {
        IndexBuildFailedException failure =
            new IndexBuildFailedException(
                entityName, index.name(), resolution.duplicates, resolution.samples);
        op.set(current.stored().key(), IndexCatalog.encode(current.entry().failed(failure.getMessage())));
        if (op.commit().ok()) {
          announce(index.name(), IndexState.FAILED, failure.getMessage());
          options.listener().onFailure(failure);
          throw failure;
        }
        return;
      }
      op.check(fence)
          .set(
              current.stored().key(),
              IndexCatalog.encode(current.entry().startPhase(IndexState.READABLE, IndexPhase.DONE)));
      CommitResult result = op.commit();
      if (result.ok()) {
        announce(index.name(), IndexState.READABLE, "built");
        return;
      }
      if (!fenceKey.equals(result.failedKey())) {
        return;
      }
      // a writer recorded a marker while we resolved: resolve again
    }
  }

  /**
   * One pass over the duplicate markers of the current generation, each batch checked on the
   * catalog entry {@code start}; null if the entry changed or the pass was stopped.
   */
  private Resolution resolveMarkers(IndexCatalog.Stored start, IndexDefinition<T> index) {
    TupleRange markers = TupleRange.prefix(
        IndexCatalog.markerPrefix(entityName, index.name(), start.entry().generation()));
    Resolution resolution = new Resolution();
    BatchWalk.Job<MarkerBatch> job = new BatchWalk.Job<>() {
      private byte[] cursor;

      @Override
      public MarkerBatch read(KvSnapshot snapshot, AtomicOperation op, int limit) {
        op.check(start.stored());
        List<KvEntry> found = entriesAfter(snapshot, markers, cursor, limit);
        if (found.isEmpty()) {
          return null;
        }
        Resolution batch = new Resolution();
        for (KvEntry marker : found) {
          resolveMarker(snapshot, op, index, marker, batch);
        }
        return new MarkerBatch(found.size(), found.get(found.size() - 1).packedKey(), batch);
      }

      @Override
      public int size(MarkerBatch batch) {
        return batch.count();
      }

      @Override
      public void committed(MarkerBatch batch, CommitResult result) {
        cursor = batch.last();
        resolution.add(batch.found());
      }

      @Override
      public BatchWalk.AfterConflict conflicted(CommitResult result) {
        return start.stored().key().equals(result.failedKey())
            ? BatchWalk.AfterConflict.ABANDON
            : BatchWalk.AfterConflict.RETRY_SMALLER;
      }
    };
    return walk().run(job) == BatchWalk.End.EXHAUSTED ? resolution : null;
  }

  /** A batch of markers: how many, the last one's packed key, the duplicates they found. */
  private record MarkerBatch(int count, byte[] last, Resolution found) {}

  private void resolveMarker(
      KvSnapshot snapshot, AtomicOperation op, IndexDefinition<T> index, KvEntry marker,
      Resolution resolution) {
    Tuple key = marker.key();
    Tuple values = key.getNestedTuple(key.size() - 2);
    Tuple pkParts = key.getNestedTuple(key.size() - 1);
    KvEntry record = snapshot.get(entityPrefix.addAll(pkParts));
    op.check(marker).check(record);
    if (!holds(record, index, values)) {
      op.delete(key); // the record no longer holds the value
      return;
    }
    Tuple entryKey = index.entryPrefix(keys.indexId(index), values);
    byte[] pk = pkParts.pack();
    KvEntry pointer = snapshot.get(entryKey);
    op.check(pointer);
    switch (UniqueClaim.decide(pointer.value(), pk, holder -> holderHolds(snapshot, op, index, pointer, values))) {
      case DUPLICATE:
        resolution.duplicate(
            values, mapping.idFromKeyParts(pkParts), mapping.idFromKeyParts(UniqueClaim.pointedKey(pointer)));
        return; // a real duplicate: the marker stays until the failed index is cleared
      case WRITE_ENTRY:
        op.set(entryKey, pk);
        break;
      default: // ALREADY_HELD
        break;
    }
    op.delete(key);
  }

  /** Duplicates found by a resolution pass. Not thread-safe. */
  private static final class Resolution {
    long duplicates;
    final List<IndexBuildFailedException.Duplicate> samples = new ArrayList<>();

    void duplicate(Tuple values, Object first, Object second) {
      duplicates++;
      if (samples.size() < IndexLifecycle.SAMPLES) {
        samples.add(new IndexBuildFailedException.Duplicate(values, List.of(first, second)));
      }
    }

    void add(Resolution other) {
      duplicates += other.duplicates;
      for (IndexBuildFailedException.Duplicate d : other.samples) {
        if (samples.size() < IndexLifecycle.SAMPLES) {
          samples.add(d);
        }
      }
    }
  }

  // ---------------------------------------------------------------- shared

  private boolean holds(KvEntry record, IndexDefinition<T> index, Tuple values) {
    return record.exists() && index.holds(decoder.apply(record), values);
  }

  /**
   * True if the record {@code pointer} names still holds {@code values}; checks the record read on
   * {@code op}.
   *
   * @throws CorruptRecordException if the pointer does not decode
   */
  private boolean holderHolds(
      KvSnapshot snapshot, AtomicOperation op, IndexDefinition<T> index, KvEntry pointer, Tuple values) {
    KvEntry holder = snapshot.get(entityPrefix.addAll(UniqueClaim.pointedKey(pointer)));
    op.check(holder);
    return holds(holder, index, values);
  }

  private Tuple marker(IndexDefinition<T> index, long generation, Tuple values, Tuple pkParts) {
    return IndexCatalog.markerKey(entityName, index.name(), generation, values, pkParts);
  }

  private IndexCatalog.Stored currentEntry(IndexCatalog.Stored start) {
    KvEntry kv = store.get(start.stored().key());
    return kv.exists() ? new IndexCatalog.Stored(IndexCatalog.decode(kv), kv) : null;
  }

  private long total() {
    return RecordCount.read(store::list, entityName);
  }

  private void announce(String index, IndexState state, String what) {
    onStateChange.run();
    // Over existing records a build the caller waits on is INFO; over none, or behind, DEBUG.
    LOG.log(IndexLifecycle.level(options, total() > 0), "index {0}.{1} {2}", entityName, index, what);
    options.listener().onStateChange(entityName, index, state);
  }

  private BatchWalk walk() {
    // Each lost batch is read again, smaller. A backfill cannot lose one record's batch twice to
    // updates (the update makes the record whole), so this many lost races in a row means writers
    // that do not follow the build (an older Tessera): the build stops, to resume on the next run.
    TimeSource time = options.timeSource();
    return new BatchWalk(store, entityName, "buildIndexes", options.batchSize(), MAX_LOST_RACES, () -> stopped,
        time::nanoTime, time::pause);
  }

  /** A batch of a phase whose cursor is the catalog entry's: how many keys, the last one. */
  private record CursorBatch(int count, byte[] last) {}

  /**
   * A phase of one index whose cursor lives in its catalog entry: each batch's commit is checked on
   * the entry read and moves its cursor, so two builders never both apply a batch; a builder whose
   * entry another one moved follows it while it is the same phase of the same build. Reports
   * progress after each batch. Not thread-safe.
   */
  private abstract class CatalogCursorJob implements BatchWalk.Job<CursorBatch> {
    private final IndexCatalog.Stored start;
    private final boolean countsRecords;
    private final long startedAt = System.nanoTime();
    private IndexCatalog.Stored current;
    private long processedHere;
    private long lastLog = System.nanoTime();

    CatalogCursorJob(IndexCatalog.Stored start, boolean countsRecords) {
      this.start = start;
      this.current = start;
      this.countsRecords = countsRecords;
    }

    /** The entry the phase continues from. */
    final IndexCatalog.Stored current() {
      return current;
    }

    /**
     * Reads the batch after {@code cursor} and adds its writes to {@code op}; null if nothing is
     * left.
     */
    abstract CursorBatch readAfter(KvSnapshot snapshot, AtomicOperation op, byte[] cursor, int limit);

    @Override
    public final CursorBatch read(KvSnapshot snapshot, AtomicOperation op, int limit) {
      op.check(current.stored());
      CursorBatch batch = readAfter(snapshot, op, current.entry().cursor(), limit);
      if (batch != null) {
        op.set(start.stored().key(), IndexCatalog.encode(current.entry().advance(batch.last(), batch.count())));
      }
      return batch;
    }

    @Override
    public final int size(CursorBatch batch) {
      return batch.count();
    }

    @Override
    public final void committed(CursorBatch batch, CommitResult result) {
      IndexCatalogEntry next = current.entry().advance(batch.last(), batch.count());
      processedHere += batch.count();
      current = new IndexCatalog.Stored(next, new KvEntry(start.stored().key(), null, result.versionstamp()));
      report(next, countsRecords ? total() : 0);
    }

    @Override
    public final BatchWalk.AfterConflict conflicted(CommitResult result) {
      if (!start.stored().key().equals(result.failedKey())) {
        return BatchWalk.AfterConflict.RETRY_SMALLER; // a writer changed a record of the batch
      }
      // another builder moved the entry: follow it while it is the same phase of the same build
      IndexCatalog.Stored reread = currentEntry(start);
      boolean samePhase =
          reread != null
              && reread.entry().generation() == start.entry().generation()
              && reread.entry().state() == start.entry().state()
              && reread.entry().phase() == start.entry().phase();
      if (!samePhase) {
        return BatchWalk.AfterConflict.ABANDON;
      }
      current = reread;
      return BatchWalk.AfterConflict.FOLLOW;
    }

    private void report(IndexCatalogEntry entry, long total) {
      double seconds = Math.max(1e-9, (System.nanoTime() - startedAt) / 1e9);
      IndexBuildProgress progress =
          new IndexBuildProgress(
              entityName, entry.indexName(), entry.phase(), entry.done(), total, processedHere / seconds);
      long now = System.nanoTime();
      if (now - lastLog >= options.logInterval().toNanos()) {
        lastLog = now;
        LOG.log(IndexLifecycle.level(options, true), progress.toString());
      }
      options.listener().onProgress(progress);
    }
  }
}
