package dev.tessera.testkit;

import dev.tessera.internal.kv.BatchGrowth;
import dev.tessera.internal.kv.ListCursor;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.testkit.StoredState.Stored;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;

/**
 * A lazy listing of a {@link SimulatedKvStore}, read in batches exactly as the LMDB store reads
 * them: the first batch holds the whole limit when it fits in one batch, else one entry, and each
 * next batch four times as many, up to the batch size. A listing of the store reads each batch from
 * the store's latest state (so a later batch may see later commits, as in LMDB); a listing of a
 * snapshot reads the snapshot. Each batch continues strictly after the last key read. Not
 * thread-safe.
 */
final class SimulatedIterator implements KvIterator {
  private final SimulatedKvStore store;
  /** The snapshot listed, or {@code null} for a listing of the store. */
  private final SimulatedSnapshot snapshot;
  private final byte[] begin;
  private final byte[] end;
  private final boolean reverse;
  private final int batchSize;
  private final ArrayDeque<KvEntry> batch = new ArrayDeque<>();
  private final ArrayDeque<byte[]> batchKeys = new ArrayDeque<>();
  private byte[] resumeAfter;
  private final BatchGrowth batches;
  private int remaining;
  private boolean exhausted;
  private boolean closed;
  private byte[] lastKey;

  SimulatedIterator(SimulatedKvStore store, SimulatedSnapshot snapshot, ListSelector selector) {
    this.store = store;
    this.snapshot = snapshot;
    this.begin = selector.range().begin();
    this.end = selector.range().end();
    this.reverse = selector.isReverse();
    this.batchSize = selector.batchSize();
    this.remaining = selector.limit();
    this.batches = BatchGrowth.forListing(remaining, batchSize);
    this.resumeAfter = selector.cursor() == null
        ? null
        : ListCursor.decode(selector.cursor(), selector.range(), SimulatedKvStore.MAX_KEY_SIZE);
    if (remaining == 0 || Arrays.compareUnsigned(begin, end) >= 0) {
      exhausted = true;
    }
  }

  @Override
  public boolean hasNext() {
    if (closed) {
      return false;
    }
    if (!exhausted) {
      ensureOpen();
      if (batch.isEmpty()) {
        fill();
      }
    }
    if (batch.isEmpty()) {
      close();
      return false;
    }
    return true;
  }

  @Override
  public KvEntry next() {
    if (!hasNext()) {
      throw new NoSuchElementException("The listing is exhausted");
    }
    lastKey = batchKeys.poll();
    return batch.poll();
  }

  @Override
  public String cursor() {
    return lastKey == null ? null : ListCursor.encode(lastKey);
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    exhausted = true;
    batch.clear();
    batchKeys.clear();
  }

  private void ensureOpen() {
    if (snapshot != null) {
      snapshot.ensureOpen("iterate");
    } else {
      store.ensureOpen("iterate");
    }
  }

  private void fill() {
    int wanted = Math.min(batches.next(), remaining);
    StoredState state;
    if (snapshot != null) {
      snapshot.beforeRead("iterate");
      state = snapshot.state();
    } else {
      store.enter(StoreCall.LIST_BATCH, "iterate");
      state = store.state();
    }
    Iterator<Map.Entry<byte[], Stored>> entries = remainder(state.entries()).iterator();
    int read = 0;
    while (read < wanted && entries.hasNext()) {
      Map.Entry<byte[], Stored> entry = entries.next();
      batchKeys.add(entry.getKey());
      batch.add(SimulatedKvStore.entryOf(entry.getValue().key(), entry.getValue()));
      resumeAfter = entry.getKey();
      read++;
    }
    remaining -= read;
    // As LMDB's cursor: a full batch does not know yet whether more follow.
    if (read < wanted || remaining == 0) {
      exhausted = true;
    }
  }

  /** The entries left to list in the listing's direction, from {@code entries}. */
  private Iterable<Map.Entry<byte[], Stored>> remainder(NavigableMap<byte[], Stored> entries) {
    if (reverse) {
      byte[] upper = resumeAfter != null ? resumeAfter : end;
      return entries.subMap(begin, true, upper, false).descendingMap().entrySet();
    }
    if (resumeAfter != null) {
      return entries.subMap(resumeAfter, false, end, false).entrySet();
    }
    return entries.subMap(begin, true, end, false).entrySet();
  }
}
