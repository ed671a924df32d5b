package dev.tessera.query.spatial;

import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.repository.CorruptRecordException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The index keys of one spatial index whose points lie inside a box, in key (Z-order, then primary
 * key) order, read from one snapshot: keys only, no record is read.
 *
 * <p>It scans the ranges of a {@link ZRangeCover} one after the other, de-interleaves each key's
 * code and keeps the points inside the box. Where a range holds a run of points outside the box
 * (the cover is coarse along the box's border), it jumps to the next code inside the box (BIGMIN)
 * instead of reading on, so a thin box over dense data reads few keys outside it.
 *
 * <p>Not thread-safe. Closing it releases its iterator; the snapshot belongs to the caller.
 */
final class BoxScan implements Iterator<Tuple>, AutoCloseable {
  /** Enough to follow a box's border closely; each range costs one cursor positioning. */
  static final int MAX_RANGES = 64;
  /** Reading a few keys is cheaper than repositioning the cursor, so jump only after a run. */
  private static final int MISSES_BEFORE_JUMP = 8;
  private static final int BATCH_SIZE = 64;

  private final KvSnapshot snapshot;
  private final ZOrderCurve curve;
  private final Tuple subspace;
  private final long[] lo;
  private final long[] hi;
  private final List<ZRange> ranges;
  private int nextRange;
  private byte[] skipTo;
  private ZRange range;
  private KvIterator keys;
  private Tuple pending;
  private int misses;

  BoxScan(KvSnapshot snapshot, SpatialIndex<?> index, long[] lo, long[] hi) {
    this.snapshot = snapshot;
    this.curve = index.curve();
    this.subspace = Tuple.of(index.definition().subspace());
    this.lo = lo;
    this.hi = hi;
    this.ranges = ZRangeCover.cover(curve, lo, hi, MAX_RANGES);
  }

  @Override
  public boolean hasNext() {
    while (pending == null) {
      if (keys == null || !keys.hasNext()) {
        if (!openNextRange()) {
          return false;
        }
        continue;
      }
      Tuple key = keys.next().key();
      long[] point = pointOf(key);
      if (ZRangeCover.contains(point, lo, hi)) {
        pending = key;
        misses = 0;
      } else if (++misses >= MISSES_BEFORE_JUMP) {
        jumpFrom(point);
      }
    }
    return true;
  }

  @Override
  public Tuple next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Tuple key = pending;
    pending = null;
    return key;
  }

  /** Releases the current iterator. Idempotent. */
  @Override
  public void close() {
    if (keys != null) {
      keys.close();
      keys = null;
    }
    nextRange = ranges.size();
  }

  private long[] pointOf(Tuple key) {
    try {
      return curve.decode(key.getBytes(1));
    } catch (RuntimeException e) {
      throw new CorruptRecordException(key, e);
    }
  }

  /** Continues at the first code inside the box after {@code point}'s, or ends the scan. */
  private void jumpFrom(long[] point) {
    misses = 0;
    long[] target = ZRangeCover.nextInBox(curve, point, lo, hi);
    keys.close();
    keys = null;
    if (target == null) {
      close();
      return;
    }
    byte[] code = curve.encode(target);
    if (Arrays.compareUnsigned(code, range.last()) <= 0) {
      keys = list(code, range.last());
    } else {
      skipTo = code;
    }
  }

  private boolean openNextRange() {
    if (keys != null) {
      keys.close();
      keys = null;
    }
    while (nextRange < ranges.size()) {
      range = ranges.get(nextRange++);
      if (skipTo != null && Arrays.compareUnsigned(range.last(), skipTo) < 0) {
        continue; // BIGMIN showed that this range holds no point of the box
      }
      byte[] first = range.first();
      if (skipTo != null && Arrays.compareUnsigned(first, skipTo) < 0) {
        first = skipTo;
      }
      keys = list(first, range.last());
      misses = 0;
      return true;
    }
    return false;
  }

  /** The keys whose code lies in {@code [first, last]}. */
  private KvIterator list(byte[] first, byte[] last) {
    byte[] begin = subspace.add(first).pack();
    byte[] end = TupleRange.prefix(subspace.add(last)).end();
    return snapshot.list(ListSelector.of(TupleRange.ofPacked(begin, end)).batchSize(BATCH_SIZE));
  }
}
