package dev.tessera.repository;

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
import java.util.function.Function;

/**
 * Walks non-unique index keys and yields the records they point to, one batch of keys at a time:
 * each batch of pointers is resolved with one multi-get in the same snapshot as the index scan, so
 * memory stays bounded by the batch size. Not thread-safe (a stream is consumed on one thread).
 */
final class IndexedRecordSpliterator<T> extends Spliterators.AbstractSpliterator<T> {
  private final KvSnapshot snapshot;
  private final KvIterator indexKeys;
  private final Function<Tuple, Tuple> recordKeyOfIndexKey;
  private final Function<KvEntry, T> decodeMatching;
  private final int batchSize;
  private final ArrayDeque<T> buffer = new ArrayDeque<>();

  /**
   * @param recordKeyOfIndexKey maps an index key to the key of the record it points to
   * @param decodeMatching decodes a record entry, or returns {@code null} when it is absent or no
   *     longer holds the indexed value
   */
  IndexedRecordSpliterator(
      KvSnapshot snapshot,
      KvIterator indexKeys,
      Function<Tuple, Tuple> recordKeyOfIndexKey,
      Function<KvEntry, T> decodeMatching,
      int batchSize) {
    super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
    this.snapshot = snapshot;
    this.indexKeys = indexKeys;
    this.recordKeyOfIndexKey = recordKeyOfIndexKey;
    this.decodeMatching = decodeMatching;
    this.batchSize = batchSize;
  }

  @Override
  public boolean tryAdvance(Consumer<? super T> action) {
    while (buffer.isEmpty()) {
      if (!indexKeys.hasNext()) {
        close();
        return false;
      }
      fillBuffer();
    }
    action.accept(buffer.poll());
    return true;
  }

  private void fillBuffer() {
    List<Tuple> recordKeys = new ArrayList<>(batchSize);
    while (recordKeys.size() < batchSize && indexKeys.hasNext()) {
      recordKeys.add(recordKeyOfIndexKey.apply(indexKeys.next().key()));
    }
    for (KvEntry entry : snapshot.getMany(recordKeys)) {
      T record = decodeMatching.apply(entry);
      if (record != null) {
        buffer.add(record);
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
