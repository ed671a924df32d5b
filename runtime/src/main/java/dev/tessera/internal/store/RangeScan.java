package dev.tessera.internal.store;

import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads a key range batch by batch for verify and repair, on damaged data too: an entry the store
 * reports as corrupt, or lists out of key order, is handed to a callback and stepped over, and the
 * scan never goes backwards, so it ends on any input. Each batch starts strictly after the previous
 * one's last key, compared as stored bytes.
 *
 * <p>Not thread-safe: one per scan.
 */
public final class RangeScan {
  private final TupleRange range;
  private int batchSize;
  private byte[] cursor;
  private boolean done;

  public RangeScan(TupleRange range, int batchSize) {
    this.range = range;
    this.batchSize = batchSize;
  }

  /** Sets how many entries the next batches read at most (at least 1). */
 public void batchSize(int batchSize) {
    this.batchSize = Math.max(1, batchSize);
  }

  /** True once a call to {@link #next} found nothing more. */
 public boolean done() {
    return done;
  }

  /** The packed key the last batch ended at (the first batch starts at the range's begin). */
  byte[] cursor() {
    return cursor;
  }

  /**
   * The next batch: up to the batch size of entries after the cursor, read through {@code lister}
   * (the store or one snapshot). Corrupt entries met before the batch is full go to {@code
   * corrupt}, in key order with the entries, and are not returned. An empty batch with {@link
   * #done()} false means only corrupt entries were stepped over: call again. The cursor moves only
   * when {@link #advance} is called, so a batch whose repair lost a race can be read again.
   *
   * @throws CorruptEntryException if the store lists only keys before the cursor, or reports a
   *     corrupt entry outside the range asked for (a damaged file): going on could loop
   */
 public Batch next(Function<ListSelector, KvIterator> lister, Consumer<CorruptEntryException> corrupt) {
    TupleRange rest = KeyOrder.after(range, cursor);
    byte[] begin = rest.begin();
    byte[] end = rest.end();
    CorruptEntryException pending = null;
    while (true) {
      List<KvEntry> entries = new ArrayList<>();
      List<CorruptEntryException> misplaced = new ArrayList<>();
      byte[] last = null;
      try (KvIterator it =
          lister.apply(ListSelector.of(TupleRange.ofPacked(begin, end)).limit(batchSize))) {
        while (it.hasNext()) {
          KvEntry entry = it.next();
          byte[] key = entry.packedKey();
          if (Arrays.compareUnsigned(key, last == null ? begin : last) < 0
              || (last != null && Arrays.equals(key, last))) {
            // A key listed before one it sorts after: the file is damaged. Stepping back to it
            // could list the same keys forever, so it is reported and the scan goes on.
            misplaced.add(new CorruptEntryException(key, null, "the store lists " + entry.key()
                + " out of key order (its file is damaged); it cannot be repaired in place", null));
            continue;
          }
          entries.add(entry);
          last = key;
        }
      } catch (CorruptEntryException e) {
        byte[] bad = e.packedKey();
        if (Arrays.compareUnsigned(bad, begin) < 0 || Arrays.compareUnsigned(bad, end) >= 0
            || (last != null && Arrays.compareUnsigned(bad, last) <= 0)) {
          throw e;
        }
        pending = e; // read what lies before it, then step over it
        end = bad;
        continue;
      }
      if (last == null && !misplaced.isEmpty()) {
        throw misplaced.get(0); // nothing listed in order: there is no way forward
      }
      misplaced.forEach(corrupt);
      if (pending != null && entries.size() + misplaced.size() < batchSize) {
        corrupt.accept(pending);
        return new Batch(entries, pending.packedKey());
      }
      if (entries.isEmpty()) {
        done = true;
      }
      return new Batch(entries, last);
    }
  }

  /** Moves the cursor past {@code batch}. */
  public void advance(Batch batch) {
    if (batch.last() != null) {
      cursor = batch.last();
    }
  }

  /**
   * One batch of a scan.
   *
   * @param entries the entries read, in key order
   * @param last the packed key of the last entry read or corrupt entry stepped over, or null
   */
  public record Batch(List<KvEntry> entries, byte[] last) {}
}
