package dev.tessera.query.spatial;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.query.RecordReader;
import dev.tessera.tuple.Tuple;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The records of a spatial index inside one box (both corners inclusive), returned by a generated
 * {@code byXY().within(x0, y0, x1, y1)}. Nothing is read until a terminal runs; each terminal reads
 * one snapshot.
 *
 * <p>How: the box is covered by at most 64 contiguous ranges of Z-order
 * codes; the index keys in those ranges are scanned (keys only), each key's code is de-interleaved
 * and kept only if its point lies inside the box (after a run of keys outside it, the scan
 * jumps to the next code inside it), and the kept keys' records are read by multi-get,
 * a batch at a time, in the same snapshot.
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
    try (Stream<T> records = stream()) {
      return records.toList();
    }
  }

  /**
   * Every record inside the box, lazily: index keys and records are read batch by batch from one
   * snapshot, so memory stays bounded. The stream holds a read transaction until it is exhausted
   * or closed: use it in try-with-resources.
   */
  public Stream<T> stream() {
    KvSnapshot snapshot = store.snapshot();
    try {
      Records records = new Records(snapshot, new BoxScan(snapshot, index, lo, hi));
      return StreamSupport.stream(records, false).onClose(records::close);
    } catch (RuntimeException e) {
      snapshot.close();
      throw e;
    }
  }

  /** The number of records inside the box, from the index keys alone: no record is read. */
  public long count() {
    try (KvSnapshot snapshot = store.snapshot();
        BoxScan keys = new BoxScan(snapshot, index, lo, hi)) {
      long count = 0;
      while (keys.hasNext()) {
        keys.next();
        count++;
      }
      return count;
    }
  }

  /** Resolves index keys to records with one multi-get per batch. */
  private final class Records extends Spliterators.AbstractSpliterator<T> {
    private final KvSnapshot snapshot;
    private final BoxScan keys;
    private final Tuple entityPrefix = Tuple.of(entityName);
    private final ArrayDeque<T> buffer = new ArrayDeque<>();

    Records(KvSnapshot snapshot, BoxScan keys) {
      super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
      this.snapshot = snapshot;
      this.keys = keys;
    }

    @Override
    public boolean tryAdvance(Consumer<? super T> action) {
      while (buffer.isEmpty()) {
        if (!keys.hasNext()) {
          close();
          return false;
        }
        fillBuffer();
      }
      action.accept(buffer.poll());
      return true;
    }

    private void fillBuffer() {
      List<Tuple> codes = new ArrayList<>(BATCH_SIZE);
      List<Tuple> recordKeys = new ArrayList<>(BATCH_SIZE);
      while (recordKeys.size() < BATCH_SIZE && keys.hasNext()) {
        Tuple key = keys.next();
        codes.add(key.subTuple(1, 2));
        recordKeys.add(entityPrefix.addAll(key.subTuple(2, key.size())));
      }
      List<KvEntry> entries = snapshot.getMany(recordKeys);
      for (int i = 0; i < entries.size(); i++) {
        KvEntry entry = entries.get(i);
        if (!entry.exists()) {
          continue; // cannot happen within one snapshot of a consistent store
        }
        T record = reader.decode(entry); // the repository reports undecodable bytes with the key
        if (codes.get(i).equals(index.definition().values().apply(record))) {
          buffer.add(record);
        }
      }
    }

    void close() {
      try {
        keys.close();
      } finally {
        snapshot.close();
      }
    }
  }
}
