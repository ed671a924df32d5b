package dev.tessera.repository;

import dev.tessera.catalog.IndexCatalog;
import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexPhase;
import dev.tessera.catalog.IndexState;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
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
 *       index meanwhile, so records written behind the cursor are covered too.
 *   <li>RESOLVING (unique): settle the duplicate markers; if records still share a value, the index
 *       becomes FAILED and is cleared, else one commit, checked on the fence, makes it READABLE.
 * </ol>
 *
 * <p>Thread-safe: its state is the stop flag; concurrent runs are serialised by the catalog checks.
 *
 * @param <T> the record type
 */
final class IndexBuilder<T> {
  private static final System.Logger LOG = System.getLogger("dev.tessera.index");
  private static final byte[] EMPTY = new byte[0];

  private final KvStore store;
  private final EntityMapping<T, ?> mapping;
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
      Function<KvEntry, T> decoder,
      RepositoryOptions options,
      Runnable onStateChange) {
    this.store = store;
    this.mapping = mapping;
    this.decoder = decoder;
    this.options = options;
    this.onStateChange = onStateChange;
    this.entityName = mapping.entityName();
    this.entityPrefix = Tuple.of(entityName);
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
    Batches batches = new Batches(start);
    IndexCatalogEntry entry = start.entry();
    List<TupleRange> ranges = new ArrayList<>();
    ranges.add(
        entry.state() == IndexState.BUILDING
            ? IndexCatalog.markersBefore(entityName, entry.indexName(), entry.generation())
            : IndexCatalog.allMarkers(entityName, entry.indexName()));
    ranges.add(TupleRange.prefix(Tuple.of(entry.subspace())));
    ranges.sort((a, b) -> Arrays.compareUnsigned(a.begin(), b.begin()));
    while (!stopped) {
      IndexCatalog.Stored current = batches.current();
      if (current == null) {
        return;
      }
      List<Tuple> keys = keysAfter(ranges, current.entry().cursor(), batches.size());
      AtomicOperation op = store.atomic().check(current.stored());
      if (keys.isEmpty()) {
        finishClearing(current, op);
        return;
      }
      keys.forEach(op::delete);
      Tuple last = keys.get(keys.size() - 1);
      batches.commit(op, current.entry().advance(last.pack(), keys.size()), keys.size(), 0);
    }
  }

  private void finishClearing(IndexCatalog.Stored current, AtomicOperation op) {
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

  private List<Tuple> keysAfter(List<TupleRange> ranges, byte[] cursor, int limit) {
    List<Tuple> keys = new ArrayList<>();
    for (TupleRange range : ranges) {
      byte[] begin = range.begin();
      if (cursor != null) {
        if (Arrays.compareUnsigned(cursor, range.end()) >= 0) {
          continue;
        }
        byte[] after = Arrays.copyOf(cursor, cursor.length + 1); // the first key after the cursor
        if (Arrays.compareUnsigned(after, begin) > 0) {
          begin = after;
        }
      }
      try (KvIterator it =
          store.list(
              ListSelector.of(TupleRange.ofPacked(begin, range.end())).limit(limit - keys.size()))) {
        while (it.hasNext()) {
          keys.add(it.next().key());
        }
      }
      if (keys.size() >= limit) {
        break;
      }
    }
    return keys;
  }

  // ---------------------------------------------------------------- backfilling

  private void backfill(IndexCatalog.Stored start, IndexDefinition<T> index) {
    Batches batches = new Batches(start);
    TupleRange records = TupleRange.prefix(entityPrefix);
    while (!stopped) {
      IndexCatalog.Stored current = batches.current();
      if (current == null) {
        return;
      }
      AtomicOperation op = store.atomic().check(current.stored());
      int count;
      byte[] last;
      try (KvSnapshot snapshot = store.snapshot()) {
        List<KvEntry> batch = recordsAfter(snapshot, records, current.entry().cursor(), batches.size());
        if (batch.isEmpty()) {
          IndexState next = index.unique() ? IndexState.BUILDING : IndexState.READABLE;
          IndexPhase phase = index.unique() ? IndexPhase.RESOLVING : IndexPhase.DONE;
          op.set(current.stored().key(), IndexCatalog.encode(current.entry().startPhase(next, phase)));
          if (next == IndexState.READABLE) {
            IndexCatalog.statesChanged(op, entityName);
          }
          if (op.commit().ok() && next == IndexState.READABLE) {
            announce(index.name(), next, "built");
          }
          return;
        }
        backfillBatch(snapshot, op, index, current.entry().generation(), batch);
        count = batch.size();
        last = batch.get(count - 1).key().pack();
      }
      batches.commit(op, current.entry().advance(last, count), count, total());
    }
  }

  private void backfillBatch(
      KvSnapshot snapshot,
      AtomicOperation op,
      IndexDefinition<T> index,
      long generation,
      List<KvEntry> batch) {
    Map<Tuple, byte[]> written = new HashMap<>();
    for (KvEntry record : batch) {
      Tuple pkParts = record.key().subTuple(1, record.key().size());
      IndexEntry<T> entry = IndexEntry.forRecord(index, decoder.apply(record), pkParts);
      op.check(record); // a concurrent update or delete of the record makes the batch retry
      if (entry == null) {
        continue;
      }
      if (!index.unique()) {
        op.set(entry.key(), entry.value());
        continue;
      }
      if (written.containsKey(entry.key())) { // an earlier record of this batch holds the value
        op.set(marker(index, generation, entry.values(), pkParts), EMPTY);
        continue;
      }
      KvEntry pointer = snapshot.get(entry.key());
      op.check(pointer);
      if (!pointer.exists() || Arrays.equals(pointer.value(), entry.value())) {
        op.set(entry.key(), entry.value());
        written.put(entry.key(), entry.value());
        continue;
      }
      KvEntry holder = snapshot.get(entityPrefix.addAll(Tuple.unpack(pointer.value())));
      op.check(holder);
      if (holds(holder, index, entry.values())) {
        op.set(marker(index, generation, entry.values(), pkParts), EMPTY); // a duplicate, settled when resolving
      } else {
        op.set(entry.key(), entry.value()); // the entry pointed to a record without the value
        written.put(entry.key(), entry.value());
      }
    }
  }

  private static List<KvEntry> recordsAfter(
      KvSnapshot snapshot, TupleRange range, byte[] cursor, int limit) {
    byte[] begin = cursor == null ? range.begin() : Arrays.copyOf(cursor, cursor.length + 1);
    List<KvEntry> batch = new ArrayList<>();
    try (KvIterator it =
        snapshot.list(ListSelector.of(TupleRange.ofPacked(begin, range.end())).limit(limit))) {
      it.forEachRemaining(batch::add);
    }
    return batch;
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

  /** One pass over the markers of the current generation; null if interrupted. */
  private Resolution resolveMarkers(IndexCatalog.Stored start, IndexDefinition<T> index) {
    Tuple prefix = IndexCatalog.markerPrefix(entityName, index.name(), start.entry().generation());
    TupleRange markers = TupleRange.prefix(prefix);
    Resolution resolution = new Resolution();
    byte[] cursor = null;
    BatchSize size = new BatchSize(options.batchSize());
    while (!stopped) {
      AtomicOperation op = store.atomic().check(start.stored());
      Resolution batch = new Resolution();
      List<KvEntry> found;
      try (KvSnapshot snapshot = store.snapshot()) {
        found = recordsAfter(snapshot, markers, cursor, size.get());
        if (found.isEmpty()) {
          return resolution;
        }
        for (KvEntry marker : found) {
          resolveMarker(snapshot, op, index, marker, batch);
        }
      }
      CommitResult result = size.commit(op, found.size());
      if (result == null) {
        continue; // too large for one commit of the store: read a smaller batch
      }
      if (result.ok()) {
        cursor = found.get(found.size() - 1).key().pack();
        resolution.add(batch);
        size.succeeded();
      } else if (start.stored().key().equals(result.failedKey())) {
        return null;
      } else {
        size.conflicted();
      }
    }
    return null;
  }

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
    Tuple entryKey = Tuple.of(index.subspace()).addAll(values);
    byte[] pk = pkParts.pack();
    KvEntry pointer = snapshot.get(entryKey);
    op.check(pointer);
    if (pointer.exists() && !Arrays.equals(pointer.value(), pk)) {
      Tuple holderParts = Tuple.unpack(pointer.value());
      KvEntry holder = snapshot.get(entityPrefix.addAll(holderParts));
      op.check(holder);
      if (holds(holder, index, values)) {
        resolution.duplicate(values, mapping.idFromKeyParts(pkParts), mapping.idFromKeyParts(holderParts));
        return; // a real duplicate: the marker stays until the failed index is cleared
      }
    }
    if (!pointer.exists() || !Arrays.equals(pointer.value(), pk)) {
      op.set(entryKey, pk);
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
    return record.exists() && values.equals(index.values().apply(decoder.apply(record)));
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
    // Over existing records the build was work users waited on; over none it is routine.
    LOG.log(total() > 0 ? Level.INFO : Level.DEBUG, "index {0}.{1} {2}", entityName, index, what);
    options.listener().onStateChange(entityName, index, state);
  }

  /**
   * The batches of one phase of one index: the catalog entry they move, an adaptive batch size
   * (halved after a conflict with a writer, grown back after a success), progress and logging.
   * Not thread-safe.
   */
  private final class Batches {
    private final IndexCatalog.Stored start;
    private final long startedAt = System.nanoTime();
    private IndexCatalog.Stored current;
    private final BatchSize size = new BatchSize(options.batchSize());
    private long processedHere;
    private long lastLog = System.nanoTime();

    Batches(IndexCatalog.Stored start) {
      this.start = start;
      this.current = start;
    }

    /** The entry to continue from, or null if another builder changed its phase or state. */
    IndexCatalog.Stored current() {
      return current;
    }

    int size() {
      return size.get();
    }

    void commit(AtomicOperation op, IndexCatalogEntry next, int count, long total) {
      Tuple key = start.stored().key();
      CommitResult result = size.commit(op.set(key, IndexCatalog.encode(next)), count);
      if (result == null) {
        return; // too large for one commit of the store: the next batch is smaller
      }
      if (result.ok()) {
        size.succeeded();
        processedHere += count;
        current = new IndexCatalog.Stored(next, new KvEntry(key, null, result.versionstamp()));
        report(next, total);
        return;
      }
      IndexCatalog.Stored reread = currentEntry(start);
      if (key.equals(result.failedKey())) {
        // another builder moved the entry: follow it while it is the same phase of the same build
        boolean samePhase =
            reread != null
                && reread.entry().generation() == start.entry().generation()
                && reread.entry().state() == start.entry().state()
                && reread.entry().phase() == start.entry().phase();
        current = samePhase ? reread : null;
      } else {
        size.conflicted(); // a writer changed a record of the batch: retry it smaller
      }
    }

    private void report(IndexCatalogEntry entry, long total) {
      double seconds = Math.max(1e-9, (System.nanoTime() - startedAt) / 1e9);
      IndexBuildProgress progress =
          new IndexBuildProgress(
              entityName, entry.indexName(), entry.phase(), entry.done(), total, processedHere / seconds);
      long now = System.nanoTime();
      if (now - lastLog >= options.logInterval().toNanos()) {
        lastLog = now;
        LOG.log(Level.INFO, progress.toString());
      }
      options.listener().onProgress(progress);
    }
  }
}
