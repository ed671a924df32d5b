package dev.tessera.query;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.tuple.Tuple;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;

/**
 * Walks index keys and yields the records they point to, one batch of keys at a time: each batch
 * of pointers is resolved with one multi-get in the same snapshot as the index scan, so memory
 * stays bounded by the batch size. Entries whose record no longer holds the indexed values are
 * skipped and do not count toward the limit. Remembers the index key of the last record yielded,
 * for page cursors. Not thread-safe (a stream is consumed on one thread).
 */
final class IndexedRecordSpliterator<T> extends Spliterators.AbstractSpliterator<T> {
  private record Row<T>(Tuple indexKey, T record) {}

  private final KvSnapshot snapshot;
  private final KvIterator indexKeys;
  private final IndexTarget<T> target;
  private final int batchSize;
  private final ArrayDeque<Row<T>> buffer = new ArrayDeque<>();
  private int remaining;
  private Tuple lastKey;

  /**
   * @param snapshot the snapshot {@code indexKeys} lists in; closed with this spliterator
   * @param limit the most records to yield
   */
  IndexedRecordSpliterator(
      KvSnapshot snapshot, KvIterator indexKeys, IndexTarget<T> target, int limit, int batchSize) {
    super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
    this.snapshot = snapshot;
    this.indexKeys = indexKeys;
    this.target = target;
    this.remaining = limit;
    this.batchSize = batchSize;
  }

  @Override
  public boolean tryAdvance(Consumer<? super T> action) {
    while (buffer.isEmpty()) {
      if (remaining == 0 || !indexKeys.hasNext()) {
        close();
        return false;
      }
      fillBuffer();
    }
    Row<T> row = buffer.poll();
    lastKey = row.indexKey();
    remaining--;
    action.accept(row.record());
    return true;
  }

  /** The index key of the last record yielded, or {@code null} before the first. */
  Tuple lastKey() {
    return lastKey;
  }

  /** True if the index holds another key in range after the ones read (before closing). */
  boolean hasMoreKeys() {
    return !buffer.isEmpty() || indexKeys.hasNext();
  }

  private void fillBuffer() {
    int wanted = Math.min(batchSize, remaining);
    List<Tuple> indexKeysRead = new ArrayList<>(wanted);
    List<Tuple> recordKeys = new ArrayList<>(wanted);
    while (recordKeys.size() < wanted && indexKeys.hasNext()) {
      KvEntry entry = indexKeys.next();
      indexKeysRead.add(entry.key());
      recordKeys.add(target.recordKeyOf(entry));
    }
    List<KvEntry> records = snapshot.getMany(recordKeys);
    for (int i = 0; i < records.size(); i++) {
      T record = target.decodeIfIndexed(indexKeysRead.get(i), records.get(i));
      if (record != null) {
        buffer.add(new Row<>(indexKeysRead.get(i), record));
      }
    }
  }

  /** Releases the index iterator and the snapshot. Idempotent. */
  void close() {
    try {
      indexKeys.close();
    } finally {
      snapshot.close();
    }
  }
}
