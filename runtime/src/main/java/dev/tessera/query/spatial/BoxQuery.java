package dev.tessera.query.spatial;

import dev.tessera.internal.query.BatchedSpliterator.Snapshots;
import dev.tessera.internal.query.BatchedSpliterator;
import dev.tessera.internal.query.PageRows;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.internal.catalog.KeySpace;
import dev.tessera.kv.KvStore;
import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.query.RecordReader;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The records of a spatial index inside one box (both corners inclusive), returned by a generated
 * {@code byXY().within(x0, y0, x1, y1)}, with {@code limit} and {@code after(cursor)}, and the
 * terminals every query has: {@code list()}, {@code first()}, {@code exists()}, {@code count()},
 * {@code page(n)} and {@code stream()}. Nothing is read until a terminal runs; {@code list()},
 * {@code first()}, {@code exists()}, {@code count()} and {@code page(n)} read one snapshot, {@code
 * stream()} one short snapshot per batch. There is no {@code reverse()}: the scan follows the
 * Z-order curve forward.
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
 * Page<Place> page = places.byXY().within(-10, -10, 10, 10).limit(500).page(50);
 * }</pre>
 *
 * <p>Immutable and thread-safe: the modifiers return new queries; a stream is consumed on one
 * thread.
 *
 * @param <T> the record type
 */
public final class BoxQuery<T> {
  private static final int BATCH_SIZE = 256;

  /** A record and the index key it was found under (for a page's cursor). */
  private record Row<T>(Tuple indexKey, T record) {}

  private final KvStore store;
  private final String entityName;
  private final long entityId;
  private final long subspaceId;
  private final RecordReader<T> reader;
  private final SpatialIndex<T> index;
  private final long[] lo;
  private final long[] hi;
  private final int limit;
  private final byte[] after;

  BoxQuery(
      KvStore store,
      String entityName,
      long entityId,
      long subspaceId,
      RecordReader<T> reader,
      SpatialIndex<T> index,
      long[] lo,
      long[] hi) {
    this(store, entityName, entityId, subspaceId, reader, index, lo, hi, Integer.MAX_VALUE, null);
  }

  private BoxQuery(
      KvStore store,
      String entityName,
      long entityId,
      long subspaceId,
      RecordReader<T> reader,
      SpatialIndex<T> index,
      long[] lo,
      long[] hi,
      int limit,
      byte[] after) {
    this.store = store;
    this.entityName = entityName;
    this.entityId = entityId;
    this.subspaceId = subspaceId;
    this.reader = reader;
    this.index = index;
    this.lo = lo;
    this.hi = hi;
    this.limit = limit;
    this.after = after;
  }

  /**
   * {@return this query returning at most {@code n} records, the first in its order (Z-order, then
   * primary key)}
   *
   * @param n the most records to return
   * @throws IllegalArgumentException if {@code n} is negative
   */
  public BoxQuery<T> limit(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("limit must be >= 0, was " + n);
    }
    return new BoxQuery<>(store, entityName, entityId, subspaceId, reader, index, lo, hi, n, after);
  }

  /**
   * {@return this query resumed strictly after the row {@code cursor} was taken at, from a {@link
   * Page} of the same index} Rows inserted, deleted or moved meanwhile neither shift nor repeat the
   * rows that follow (a record moved to a point later in Z-order may be returned again there).
   *
   * @param cursor the cursor of a page
   * @throws IllegalArgumentException if the cursor belongs to another index
   */
  public BoxQuery<T> after(PageCursor cursor) {
    byte[] key = Objects.requireNonNull(cursor, "cursor").keyFor(subspaceId, 3,
        "spatial index '" + index.name() + "' of entity '" + entityName + "'");
    return new BoxQuery<>(store, entityName, entityId, subspaceId, reader, index, lo, hi, limit, key);
  }

  /**
   * {@return every record inside the box (up to the limit, after the cursor), read in one snapshot}
   */
  public List<T> list() {
    return rows(limit).stream().map(Row::record).toList();
  }

  /** {@return the first record inside the box in this query's order, if any; one snapshot} */
  public Optional<T> first() {
    return rows(Math.min(limit, 1)).stream().map(Row::record).findFirst();
  }

  /**
   * {@return whether any record lies inside the box (after the cursor; false under a limit of 0),
   * from the index keys alone: the scan stops at the first point inside the box and no record is
   * read}
   */
  public boolean exists() {
    return limit > 0 && countKeys(1) > 0;
  }

  /**
   * {@return the first {@code n} records (fewer under a smaller {@link #limit}) and a cursor to
   * resume after the last of them, read in one snapshot} The cursor is present when the page is
   * full and another record inside the box follows.
   *
   * <pre>{@code
   * Page<Place> page = places.byXY().within(-10, -10, 10, 10).page(50);
   * Page<Place> next = places.byXY().within(-10, -10, 10, 10).after(page.next().orElseThrow()).page(50);
   * }</pre>
   *
   * @param n the most records on the page
   * @throws IllegalArgumentException if {@code n} is less than 1
   */
  public Page<T> page(int n) {
    return PageRows.page(rows(PageRows.toRead(n, limit)), n, Row::record, Row::indexKey);
  }


  /**
   * {@return every record inside the box (up to the limit, after the cursor), lazily, in batches:
   * each batch of index keys and the records they point to is read in one short snapshot of its
   * own, closed before the batch is handed out, so the stream holds no read transaction between
   * batches and one that is never closed (say, after {@code findFirst()}) costs nothing} Each
   * record returned is inside the box in the snapshot it was read in; a record moved while the
   * stream runs may be returned at its new point or missed (as a list taken a moment earlier or
   * later would), but none is returned twice and none that stays inside the box throughout is
   * missed. Use {@link #list()} for one snapshot.
   */
  public Stream<T> stream() {
    if (limit == 0) {
      return Stream.empty();
    }
    Records records = new Records(Snapshots.PER_BATCH, limit);
    return StreamSupport.stream(records, false).onClose(records::close).map(Row::record);
  }

  /**
   * {@return the number of records inside the box (at most the limit, after the cursor), from the
   * index keys alone: no record is read}
   */
  public long count() {
    return countKeys(limit);
  }

  private long countKeys(int most) {
    if (most == 0) {
      return 0;
    }
    try (KvSnapshot snapshot = store.snapshot();
        BoxScan keys = new BoxScan(index, subspaceId, lo, hi, after)) {
      keys.bind(snapshot);
      long count = 0;
      while (count < most && keys.hasNext()) {
        keys.next();
        count++;
      }
      return count;
    } catch (RuntimeException failed) {
      throw reader.named(failed); // an undecodable key names its index and fields
    }
  }

  /** At most {@code most} rows, read in one snapshot. */
  private List<Row<T>> rows(int most) {
    List<Row<T>> found = new ArrayList<>();
    if (most == 0) {
      return found;
    }
    try (Records records = new Records(Snapshots.ONE, most)) {
      records.forEachRemaining(found::add);
    }
    return found;
  }

  /** Resolves index keys to records with one multi-get per batch, in the batch's snapshot. */
  private final class Records extends BatchedSpliterator<Row<T>> {
    private final BoxScan keys = new BoxScan(index, subspaceId, lo, hi, after);
    private final Tuple entityPrefix = KeySpace.recordPrefix(entityId);
    private final int most;
    private int produced;

    Records(Snapshots snapshots, int most) {
      super(store, snapshots, Math.max(1, Math.min(BATCH_SIZE, most)));
      this.most = most;
    }

    @Override
    protected boolean readBatch(KvSnapshot snapshot, int size, Consumer<? super Row<T>> out) {
      int wanted = Math.min(size, most - produced);
      List<Tuple> indexKeys = new ArrayList<>(wanted);
      List<Tuple> recordKeys = new ArrayList<>(wanted);
      keys.bind(snapshot);
      try {
        while (recordKeys.size() < wanted && keys.hasNext()) {
          Tuple key = keys.next();
          indexKeys.add(key);
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
        Tuple code = indexKeys.get(i).subTuple(1, 2);
        if (code.equals(index.definition().values().apply(record))) {
          produced++;
          out.accept(new Row<>(indexKeys.get(i), record));
        }
      }
      return recordKeys.size() == wanted && produced < most;
    }

    @Override
    protected RuntimeException named(RuntimeException failure) {
      return reader.named(failure);
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
