package dev.tessera.query.spatial;

import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The index keys of one spatial index whose points lie inside a box, in key (Z-order, then primary
 * key) order: keys only, no record is read.
 *
 * <p>It scans the ranges of a {@link ZRangeCover} one after the other, de-interleaves each key's
 * code and keeps the points inside the box. Where a range holds a run of points outside the box
 * (the cover is coarse along the box's border), it jumps to the next code inside the box (BIGMIN)
 * instead of reading on, so a thin box over dense data reads few keys outside it.
 *
 * <p>The scan reads through the snapshot it is {@linkplain #bind bound} to. It may be unbound
 * between batches and bound to a newer snapshot: it then continues strictly after the last key it
 * read, in the range it was scanning.
 *
 * <p>Not thread-safe. Closing it releases its iterator; snapshots belong to the caller.
 */
final class BoxScan implements Iterator<Tuple>, AutoCloseable {
  /** Enough to follow a box's border closely; each range costs one cursor positioning. */
  static final int MAX_RANGES = 64;
  /** Reading a few keys is cheaper than repositioning the cursor, so jump only after a run. */
  private static final int MISSES_BEFORE_JUMP = 8;
  private static final int BATCH_SIZE = 64;

  private final ZOrderCurve curve;
  private final Tuple subspace;
  private final long[] lo;
  private final long[] hi;
  private final List<ZRange> ranges;
  private int nextRange;
  private byte[] skipTo;
  private ZRange range;
  /** The keys of the range being scanned (from a jump target on), or {@code null} when done. */
  private ListSelector current;
  /** The cursor of the last key read from {@code current}, or {@code null}. */
  private String resume;
  private KvSnapshot snapshot;
  private KvIterator keys;
  private Tuple pending;
  private int misses;
  /** The key of the row a page resumed after, or {@code null}: from the start. */
  private final byte[] resumeAfter;


  /**
   * A scan of the keys strictly after the packed key {@code after} ({@code null}: all of them),
   * for a page resumed after a cursor.
   */
  BoxScan(SpatialIndex<?> index, long subspaceId, long[] lo, long[] hi, byte[] after) {
    this.curve = index.curve();
    this.subspace = IndexDefinition.subspaceKey(subspaceId);
    this.lo = lo;
    this.hi = hi;
    this.ranges = ZRangeCover.cover(curve, lo, hi, MAX_RANGES);
    this.resumeAfter = after;
  }

  /** Reads through {@code snapshot} from now on, continuing where the scan stopped. */
  void bind(KvSnapshot snapshot) {
    unbind();
    this.snapshot = snapshot;
    if (current != null) {
      keys = snapshot.list(resume == null ? current : current.after(resume));
    }
  }

  /** Stops reading the bound snapshot (which may then close), keeping the scan's position. */
  void unbind() {
    if (keys != null) {
      rememberPosition();
      keys.close();
      keys = null;
    }
    snapshot = null;
  }

  private void rememberPosition() {
    if (keys.cursor() != null) {
      resume = keys.cursor();
    }
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

  /** Releases the current iterator and ends the scan. Idempotent. */
  @Override
  public void close() {
    if (keys != null) {
      keys.close();
      keys = null;
    }
    current = null;
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
    current = null;
    if (target == null) {
      close();
      return;
    }
    byte[] code = curve.encode(target);
    if (Arrays.compareUnsigned(code, range.last()) <= 0) {
      open(code, range.last());
    } else {
      skipTo = code;
    }
  }

  private boolean openNextRange() {
    if (keys != null) {
      keys.close();
      keys = null;
    }
    current = null;
    while (nextRange < ranges.size()) {
      range = ranges.get(nextRange++);
      if (skipTo != null && Arrays.compareUnsigned(range.last(), skipTo) < 0) {
        continue; // BIGMIN showed that this range holds no point of the box
      }
      byte[] first = range.first();
      if (skipTo != null && Arrays.compareUnsigned(first, skipTo) < 0) {
        first = skipTo;
      }
      open(first, range.last());
      misses = 0;
      return true;
    }
    return false;
  }

  /**
   * Starts listing the keys whose code lies in {@code [first, last]} (after the cursor's key, if
   * any); an empty listing when the cursor lies past them.
   */
  private void open(byte[] first, byte[] last) {
    TupleRange codes = TupleRange.ofPacked(
        subspace.add(first).pack(), TupleRange.prefix(subspace.add(last)).end());
    current = ListSelector.of(KeyOrder.after(codes, resumeAfter)).batchSize(BATCH_SIZE);
    resume = null;
    keys = snapshot.list(current);
  }
}
