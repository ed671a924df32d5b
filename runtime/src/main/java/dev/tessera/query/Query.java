package dev.tessera.query;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A query over one index of an entity: a range of index keys, read in key order (or reverse),
 * resolved to records. Every query is served by a scan of the index's keys, then one multi-get of
 * the records they point to in the same snapshot; records are never scanned.
 *
 * <p>Results come in index key order: by the indexed values as the key encoding orders them
 * (numbers numerically, negative ones first; {@code -0.0} before {@code 0.0}; times
 * chronologically; enums by name; strings by their UTF-8 bytes), then by primary key.
 *
 * <pre>{@code
 * List<Product> cheap = products.byRoomAndPrice().equalTo(56).between(10.0, 30.0).list();
 * Page<User> page = users.byAge().atLeast(18).page(20);
 * Page<User> next = users.byAge().atLeast(18).after(page.next().orElseThrow()).page(20);
 * }</pre>
 *
 * <p>Queries are immutable and thread-safe: the modifiers return new queries. Each terminal runs
 * the query anew on the current state of the store.
 *
 * @param <T> the record type
 */
public interface Query<T> {

  /** This query in descending key order. */
  Query<T> reverse();

  /**
   * This query returning at most {@code n} records.
   *
   * @throws IllegalArgumentException if {@code n} is negative
   */
  Query<T> limit(int n);

  /**
   * This query resumed strictly after the row {@code cursor} was taken at (before it, when
   * reversed). Rows inserted or deleted meanwhile neither shift nor repeat the rows that follow.
   *
   * @throws IllegalArgumentException if the cursor belongs to another index
   */
  Query<T> after(PageCursor cursor);

  /** The matching records, read in one snapshot. */
  List<T> list();

  /**
   * The matching records, lazily: index keys and records are read batch by batch from one
   * snapshot, so memory stays bounded however many records match. The stream holds a read
   * transaction until it is exhausted or closed: use it in try-with-resources.
   */
  Stream<T> stream();

  /** The first matching record in this query's order, if any. */
  Optional<T> first();

  /**
   * The number of matching index entries (at most the limit, after the cursor if one is set),
   * counted on the index keys alone: no record is read.
   */
  long count();

  /**
   * The first {@code n} matching records (fewer when a smaller {@link #limit} is set) and a cursor
   * to resume after the last of them. The cursor is present when the page is full and the index
   * holds at least one more matching key.
   *
   * @throws IllegalArgumentException if {@code n} is less than 1
   */
  Page<T> page(int n);
}
