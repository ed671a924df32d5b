package dev.tessera.query;

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
  private final ListSelector keys;
  private final int limit;
  private int produced;
  private String resume;

  /**
   * @param keys the index keys to walk, in order (its limit and batch size are replaced)
   * @param limit the most records to yield
   */
  IndexedRecordSpliterator(
      IndexTarget<T> target, ListSelector keys, int limit, Snapshots snapshots, int maxBatch) {
    super(target.store(), snapshots, maxBatch);
    this.target = target;
    this.keys = keys;
    this.limit = limit;
  }

  @Override
  protected boolean readBatch(KvSnapshot snapshot, int size, Consumer<? super Row<T>> out) {
    int wanted = Math.min(size, limit - produced);
    List<Tuple> indexKeysRead = new ArrayList<>(wanted);
    List<Tuple> recordKeys = new ArrayList<>(wanted);
    try (KvIterator it = snapshot.list(following().limit(wanted).batchSize(wanted))) {
      while (it.hasNext()) {
        KvEntry entry = it.next();
        indexKeysRead.add(entry.key());
        recordKeys.add(target.recordKeyOf(entry));
      }
      if (it.cursor() != null) {
        resume = it.cursor();
      }
    }
    List<KvEntry> records = snapshot.getMany(recordKeys);
    for (int i = 0; i < records.size(); i++) {
      T record = target.decodeIfIndexed(indexKeysRead.get(i), records.get(i));
      if (record != null) {
        produced++;
        out.accept(new Row<>(indexKeysRead.get(i), record));
      }
    }
    return indexKeysRead.size() == wanted && produced < limit;
  }

  /**
   * True if the index holds another key in range after the records yielded so far: buffered
   * records, or a key after the last one read (looked up in the spliterator's snapshot).
   */
  boolean hasMoreKeys() {
    if (hasBuffered()) {
      return true;
    }
    if (resume == null) {
      return !sourceExhausted();
    }
    return read(snapshot -> {
      try (KvIterator it = snapshot.list(following().limit(1).batchSize(1))) {
        return it.hasNext();
      }
    });
  }

  /** The index keys after the last one read. */
  private ListSelector following() {
    return resume == null ? keys : keys.after(resume);
  }
}
