package dev.tessera.kv;

import dev.tessera.tuple.TupleRange;

/**
 * CONTRACT (the kv helper may add to it, not remove): what {@link KvStore#list} reads. A range,
 * direction, limit, an opaque cursor to resume after, and the batch size used to read lazily.
 * Build with {@code ListSelector.of(range).reverse(true).limit(10).after(cursor)}.
 */
public final class ListSelector {
  private final TupleRange range;
  private final boolean reverse;
  private final int limit;
  private final String cursor;
  private final int batchSize;

  private ListSelector(TupleRange range, boolean reverse, int limit, String cursor, int batchSize) {
    this.range = range;
    this.reverse = reverse;
    this.limit = limit;
    this.cursor = cursor;
    this.batchSize = batchSize;
  }

  /**
   * Selects every key in {@code range}, forward, without a limit.
   *
   * @param range the range to list
   * @return the selector
   */
  public static ListSelector of(TupleRange range) {
    return new ListSelector(range, false, Integer.MAX_VALUE, null, 256);
  }

  /**
   * {@return a copy that lists in descending key order when {@code reverse}}
   *
   * @param reverse true for descending order
   */
  public ListSelector reverse(boolean reverse) {
    return new ListSelector(range, reverse, limit, cursor, batchSize);
  }

  /**
   * {@return a copy that returns at most {@code limit} entries}
   *
   * @param limit the most entries to return
   */
  public ListSelector limit(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("limit must be >= 0, was " + limit);
    }
    return new ListSelector(range, reverse, limit, cursor, batchSize);
  }

  /**
   * {@return a copy that resumes just after the entry {@code cursor} was taken at ({@code null}:
   * start)}
   *
   * @param cursor the cursor of a listing, or {@code null}
   */
  public ListSelector after(String cursor) {
    return new ListSelector(range, reverse, limit, cursor, batchSize);
  }

  /**
   * {@return a copy that reads {@code batchSize} entries at a time}
   *
   * @param batchSize how many entries to read at a time
   */
  public ListSelector batchSize(int batchSize) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize must be >= 1, was " + batchSize);
    }
    return new ListSelector(range, reverse, limit, cursor, batchSize);
  }

  /** {@return the range listed} */
  public TupleRange range() {
    return range;
  }

  /** {@return true for descending key order} */
  public boolean isReverse() {
    return reverse;
  }

  /** {@return the maximum number of entries returned} */
  public int limit() {
    return limit;
  }

  /** {@return the cursor to resume after, or {@code null}} */
  public String cursor() {
    return cursor;
  }

  /** {@return how many entries are read at a time} */
  public int batchSize() {
    return batchSize;
  }
}
