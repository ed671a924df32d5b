package dev.tessera.query;

import dev.tessera.internal.query.BatchedSpliterator;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Walks index keys and yields the records they point to, one batch of keys at a time: each batch
 * of pointers is resolved with one multi-get in the same snapshot as that batch's index scan, so
 * memory stays bounded by the batch size. The next batch continues strictly after the last index
 * key read, in its own snapshot or the shared one (see {@link BatchedSpliterator}).
 *
 * <p>Entries whose record, read in the same snapshot as the entry, is gone or no longer holds the
 * entry's values are skipped and do not count toward the limit, in every batch: a batch never
 * pairs a key from one snapshot with a record from another. Not thread-safe (a stream is consumed
 * on one thread).
 */
final class IndexedRecordSpliterator<T> extends BatchedSpliterator<IndexedRecordSpliterator.Row<T>> {
  /** A record and the index key it was found under. */
  record Row<T>(Tuple indexKey, T record) {}

  private final IndexTarget<T> target;
  private final List<ListSelector> ranges;
  private final int limit;
  private final List<Tuple> valuesInScanOrder;
  private int produced;
  /** The range being read: ranges before it are exhausted. */
  private int current;
  private String resume;

  /**
   * @param ranges the index keys to walk, range after range, each in order (their limits and batch
   *     sizes are replaced)
   * @param limit the most records to yield
   * @param valuesInScanOrder for a multi-value index queried for several values, those values in
   *     the order their ranges are walked: a record holding several of them is yielded under the
   *     first only; empty otherwise
   */
  IndexedRecordSpliterator(
      IndexTarget<T> target,
      List<ListSelector> ranges,
      int limit,
      List<Tuple> valuesInScanOrder,
      Snapshots snapshots,
      int maxBatch) {
    super(target.store(), snapshots, maxBatch);
    this.target = target;
    this.ranges = List.copyOf(ranges);
    this.limit = limit;
    this.valuesInScanOrder = List.copyOf(valuesInScanOrder);
  }

  @Override
  protected boolean readBatch(KvSnapshot snapshot, int size, Consumer<? super Row<T>> out) {
    int wanted = Math.min(size, limit - produced);
    List<Tuple> indexKeysRead = new ArrayList<>(wanted);
    List<Tuple> recordKeys = new ArrayList<>(wanted);
    while (indexKeysRead.size() < wanted && current < ranges.size()) {
      int want = wanted - indexKeysRead.size();
      int read = 0;
      try (KvIterator it = snapshot.list(following().limit(want).batchSize(want))) {
        while (it.hasNext()) {
          KvEntry entry = it.next();
          indexKeysRead.add(entry.key());
          recordKeys.add(target.recordKeyOf(entry));
          read++;
        }
        if (it.cursor() != null) {
          resume = it.cursor();
        }
      }
      if (read < want) { // this range is exhausted: continue with the next one
        current++;
        resume = null;
      }
    }
    List<KvEntry> records = snapshot.getMany(recordKeys);
    for (int i = 0; i < records.size(); i++) {
      T record = target.decodeIfIndexed(indexKeysRead.get(i), records.get(i));
      if (record != null && firstMatch(indexKeysRead.get(i), record)) {
        produced++;
        out.accept(new Row<>(indexKeysRead.get(i), record));
      }
    }
    return indexKeysRead.size() == wanted && produced < limit;
  }

  @Override
  protected RuntimeException named(RuntimeException failure) {
    return target.reader().named(failure);
  }

  /**
   * False if {@code record}, found under {@code indexKey}, holds a value whose range is walked
   * before this key's: it was yielded there (on this page or an earlier one), so each record comes
   * once, without remembering what was yielded.
   */
  private boolean firstMatch(Tuple indexKey, T record) {
    if (valuesInScanOrder.isEmpty()) {
      return true;
    }
    Tuple values = indexKey.subTuple(1, 1 + target.components());
    for (Tuple earlier : valuesInScanOrder) {
      if (earlier.equals(values)) {
        return true;
      }
      if (target.index().holds(record, earlier)) {
        return false;
      }
    }
    return true;
  }

  /** The index keys of the current range after the last one read. */
  private ListSelector following() {
    ListSelector keys = ranges.get(current);
    return resume == null ? keys : keys.after(resume);
  }
}
