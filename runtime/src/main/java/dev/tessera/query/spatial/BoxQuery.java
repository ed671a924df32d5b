package dev.tessera.query.spatial;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.query.BatchedSpliterator;
import dev.tessera.query.BatchedSpliterator.Snapshots;
import dev.tessera.query.RecordReader;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The records of a spatial index inside one box (both corners inclusive), returned by a generated
 * {@code byXY().within(x0, y0, x1, y1)}. Nothing is read until a terminal runs; {@code list()} and
 * {@code count()} read one snapshot, {@code stream()} one short snapshot per batch.
 *
 * <p>How: the box is covered by at most 64 contiguous ranges of Z-order
 * codes; the index keys in those ranges are scanned (keys only), each key's code is de-interleaved
 * and kept only if its point lies inside the box (after a run of keys outside it, the scan
 * jumps to the next code inside it), and the kept keys' records are read by multi-get,
 * a batch at a time, in the same snapshot as the batch's keys.
 *
 * <p>Order: Z-order of the points (the index's key order), then primary key order. Z-order is not
 * sorted by any single coordinate; sort the result if you need that.
 *
 * <pre>{@code
 * List<Place> near = places.byXY().within(-10, -10, 10, 10).list();
 * long howMany = places.byXY().within(-10, -10, 10, 10).count(); // keys only
 * }</pre>
 *
 * <p>Immutable; terminals may run on any thread, but a stream is consumed on one.
 *
 * @param <T> the record type
 */
public final class BoxQuery<T> {
  private static final int BATCH_SIZE = 256;

  private final KvStore store;
  private final String entityName;
  private final RecordReader<T> reader;
  private final SpatialIndex<T> index;
  private final long[] lo;
  private final long[] hi;

  BoxQuery(
      KvStore store,
      String entityName,
      RecordReader<T> reader,
      SpatialIndex<T> index,
      long[] lo,
      long[] hi) {
    this.store = store;
    this.entityName = entityName;
    this.reader = reader;
    this.index = index;
    this.lo = lo;
    this.hi = hi;
  }

  /** Every record inside the box, read in one snapshot. */
  public List<T> list() {
    List<T> found = new ArrayList<>();
    try (Records records = new Records(Snapshots.ONE)) {
      records.forEachRemaining(found::add);
    }
    return found;
  }

  /**
   * Every record inside the box, lazily, in batches: each batch of index keys and the records they
   * point to is read in one short snapshot of its own, closed before the batch is handed out, so
   * the stream holds no read transaction between batches and one that is never closed (say, after
   * {@code findFirst()}) costs nothing. Each record returned is inside the box in the snapshot it
   * was read in; a record moved while the stream runs may be returned at its new point or missed
   * (as a list taken a moment earlier or later would), but none is returned twice and none that
   * stays inside the box throughout is missed. Use {@link #list()} for one snapshot.
   */
  public Stream<T> stream() {
    Records records = new Records(Snapshots.PER_BATCH);
    return StreamSupport.stream(records, false).onClose(records::close);
  }

  /** The number of records inside the box, from the index keys alone: no record is read. */
  public long count() {
    try (KvSnapshot snapshot = store.snapshot();
        BoxScan keys = new BoxScan(index, lo, hi)) {
      keys.bind(snapshot);
      long count = 0;
      while (keys.hasNext()) {
        keys.next();
        count++;
      }
      return count;
    }
  }

  /** Resolves index keys to records with one multi-get per batch, in the batch's snapshot. */
  private final class Records extends BatchedSpliterator<T> {
    private final BoxScan keys = new BoxScan(index, lo, hi);
    private final Tuple entityPrefix = Tuple.of(entityName);

    Records(Snapshots snapshots) {
      super(store, snapshots, BATCH_SIZE);
    }

    @Override
    protected boolean readBatch(KvSnapshot snapshot, int size, Consumer<? super T> out) {
      List<Tuple> codes = new ArrayList<>(size);
      List<Tuple> recordKeys = new ArrayList<>(size);
      keys.bind(snapshot);
      try {
        while (recordKeys.size() < size && keys.hasNext()) {
          Tuple key = keys.next();
          codes.add(key.subTuple(1, 2));
          recordKeys.add(entityPrefix.addAll(key.subTuple(2, key.size())));
        }
      } finally {
        keys.unbind();
      }
      List<KvEntry> entries = snapshot.getMany(recordKeys);
      for (int i = 0; i < entries.size(); i++) {
        KvEntry entry = entries.get(i);
        if (!entry.exists()) {
          continue; // deleted after a batch read its key in an earlier snapshot
        }
        T record = reader.decode(entry); // the repository reports undecodable bytes with the key
        if (codes.get(i).equals(index.definition().values().apply(record))) {
          out.accept(record);
        }
      }
      return recordKeys.size() == size;
    }

    @Override
    public void close() {
      try {
        keys.close();
      } finally {
        super.close();
      }
    }
  }
}
