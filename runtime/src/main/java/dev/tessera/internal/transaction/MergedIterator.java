package dev.tessera.internal.transaction;

import dev.tessera.internal.kv.ListCursor;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import java.util.Arrays;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;

/**
 * A listing of a {@link TransactionView}: the snapshot's entries of a range merged with the
 * transaction's writes in it (two sorted iterations), a write replacing or masking the snapshot's
 * entry of its key. Records what it pulls from the snapshot and how far it was consumed in its
 * {@link RangeRead}. Not thread-safe.
 */
public final class MergedIterator implements KvIterator {
  private final TransactionView view;
  private final KvIterator scan;
  /**
   * The transaction's writes in the listed range, in the listing's order: a live view, so each step
   * sees the writes made before it.
   */
  private final NavigableMap<byte[], TransactionView.Write> writes;
  private final RangeRead record;
  private final boolean reverse;
  private int remaining;
  private KvEntry scanned;
  private byte[] scannedPacked;
  /**
   * The packed key of the last entry the listing went past, from either side, shown or hidden:
   * the next write it shows comes after it. Null before the first.
   */
  private byte[] passed;
  /**
   * The first write after {@link #passed}, as looked up when the transaction's writes were at
   * {@link #aheadAt} ({@link TransactionView#writeCount()}); looked up again once they change or it
   * is used.
   */
  private Map.Entry<byte[], TransactionView.Write> ahead;
  private long aheadAt = -1;
  private KvEntry next;
  private byte[] nextPacked;
  /** The packed key of the last entry returned; its cursor is encoded only when asked for. */
  private byte[] lastKey;
  private boolean done;

  MergedIterator(TransactionView view, KvIterator scan,
      NavigableMap<byte[], TransactionView.Write> writes, RangeRead record, boolean reverse, int limit) {
    this.view = view;
    this.scan = scan;
    this.writes = writes;
    this.record = record;
    this.reverse = reverse;
    this.remaining = limit;
    if (limit == 0) {
      finish(false);
    }
  }

  @Override
  public boolean hasNext() {
    if (next == null && !done) {
      advance();
    }
    return next != null;
  }

  @Override
  public KvEntry next() {
    if (!hasNext()) {
      throw new NoSuchElementException("The listing is exhausted");
    }
    KvEntry entry = next;
    lastKey = nextPacked;
    next = null;
    nextPacked = null;
    if (--remaining == 0) {
      finish(false);
    }
    return entry;
  }

  @Override
  public String cursor() {
    return lastKey == null ? null : ListCursor.encode(lastKey);
  }

  @Override
  public void close() {
    if (!done) {
      finish(false);
    }
  }

  // Finds the next visible entry: the smaller key (in the scan's direction) of the two sides; a
  // write over the same key replaces the snapshot's entry, a delete hides it. The next write is
  // looked up again at every step, after the last key passed: the transaction may have written
  // since the last step (a key ahead shows, a changed value shows changed, a delete hides).
  private void advance() {
    view.ensureOpen();
    while (true) {
      if (scanned == null && scan.hasNext()) {
        scanned = scan.next();
        scannedPacked = scanned.packedKey();
        record.pulled(scanned);
        view.countRead();
      }
      Map.Entry<byte[], TransactionView.Write> written = writeAhead();
      if (scanned == null && written == null) {
        finish(true);
        return;
      }
      // Negative: the scanned entry comes first in the listing's direction. A side that is used
      // up always comes last, whichever the direction.
      int order;
      if (scanned == null || written == null) {
        order = scanned == null ? 1 : -1;
      } else {
        order = Arrays.compareUnsigned(scannedPacked, written.getKey());
        order = reverse ? -order : order;
      }
      KvEntry candidate;
      byte[] packed;
      if (order < 0) {
        candidate = scanned;
        packed = scannedPacked;
        scanned = null;
      } else {
        TransactionView.Write write = written.getValue();
        packed = written.getKey();
        KvEntry base = order == 0 ? scanned : KvEntry.absent(write.key());
        candidate = write.entryOver(base);
        aheadAt = -1; // used: the next one is looked up
        if (order == 0) {
          scanned = null;
        }
      }
      passed = packed;
      if (candidate.exists()) {
        next = candidate;
        nextPacked = packed;
        record.revealed(packed);
        return;
      }
    }
  }

  private Map.Entry<byte[], TransactionView.Write> writeAhead() {
    if (aheadAt != view.writeCount()) {
      ahead = passed == null ? writes.firstEntry() : writes.higherEntry(passed);
      aheadAt = view.writeCount();
    }
    return ahead;
  }

  private void finish(boolean exhausted) {
    done = true;
    if (exhausted) {
      record.exhausted();
    }
    scan.close();
  }
}
