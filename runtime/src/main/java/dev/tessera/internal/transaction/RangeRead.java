package dev.tessera.internal.transaction;

import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One range scan of a transaction's snapshot, recorded for validation at commit: the entries the
 * scan pulled from the snapshot, and how far the caller consumed it. Only the consumed part is
 * validated: from the range's start (in the scan's direction) through the last key the merged
 * listing revealed, or the whole range once the scan was exhausted. Not thread-safe.
 */
public final class RangeRead {
  private final TupleRange range;
  private final boolean reverse;
  private final List<KvEntry> pulled = new ArrayList<>();
  private byte[] lastRevealed;
  private boolean exhausted;

  RangeRead(TupleRange range, boolean reverse) {
    this.range = range;
    this.reverse = reverse;
  }

  /** The scan pulled {@code entry} from the snapshot. */
  void pulled(KvEntry entry) {
    pulled.add(entry);
  }

  /** The listing revealed the entry at {@code packed} to its caller. */
  void revealed(byte[] packed) {
    lastRevealed = packed;
  }

  /** The scan reached the end of its range. */
  void exhausted() {
    exhausted = true;
  }

  /** The keys pulled so far (for naming a transaction's biggest readers). */
  List<Tuple> pulledKeys() {
    List<Tuple> keys = new ArrayList<>(pulled.size());
    pulled.forEach(e -> keys.add(e.key()));
    return keys;
  }

  /**
   * Adds range checks over the consumed part to {@code op}, split into pieces of at most {@link
   * AtomicOperation#MAX_RANGE_CHECK_KEYS} keys; nothing if nothing was consumed.
   */
  void addTo(AtomicOperation op) {
    TupleRange consumed = consumed();
    if (consumed == null) {
      return;
    }
    List<KvEntry> seen = new ArrayList<>(pulled.size());
    for (KvEntry entry : pulled) {
      if (consumed.contains(entry.packedKey())) {
        seen.add(entry);
      }
    }
    if (reverse) {
      Collections.reverse(seen);
    }
    byte[] begin = consumed.begin();
    int max = AtomicOperation.MAX_RANGE_CHECK_KEYS;
    for (int from = 0; from + max < seen.size(); from += max) {
      byte[] split = seen.get(from + max).packedKey(); // the next piece starts at its first key
      op.checkRange(TupleRange.ofPacked(begin, split), seen.subList(from, from + max));
      begin = split;
    }
    int last = seen.size() <= max ? 0 : (seen.size() - 1) / max * max;
    op.checkRange(TupleRange.ofPacked(begin, consumed.end()), seen.subList(last, seen.size()));
  }

  private TupleRange consumed() {
    if (exhausted) {
      return range;
    }
    if (lastRevealed == null) {
      return null;
    }
    return KeyOrder.through(range, lastRevealed, reverse);
  }
}
