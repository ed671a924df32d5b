package dev.tessera.query;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A query over one index of an entity: a range of index keys, read in key order (or reverse),
 * resolved to records. Every query is served by a scan of the index's keys, then one multi-get of
 * the records they point to in the same snapshot (per batch, for {@link #stream()}); records are
 * never scanned.
 *
 * <p>Results come in index key order: by the indexed values as the key encoding orders them
 * (numbers numerically, negative ones first; {@code -0.0} before {@code 0.0}; times
 * chronologically; enums in declaration order; strings by their UTF-8 bytes), then by primary key.
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

  /** {@return this query in descending key order} */
  Query<T> reverse();

  /**
   * {@return this query returning at most {@code n} records}
   *
   * @param n the most records to return
   * @throws IllegalArgumentException if {@code n} is negative
   */
  Query<T> limit(int n);

  /**
   * {@return this query resumed strictly after the row {@code cursor} was taken at (before it, when
   * reversed)} Rows inserted or deleted meanwhile neither shift nor repeat the rows that follow.
   *
   * @param cursor the cursor of a page
   * @throws IllegalArgumentException if the cursor belongs to another index
   */
  Query<T> after(PageCursor cursor);

  /** {@return the matching records, read in one snapshot} */
  List<T> list();

  /**
   * {@return the matching records, lazily, in batches: each batch of index keys and the records
   * they point to is read in one short snapshot of its own, which ends before the batch is handed
   * out} The first batch reads one key and each next one four times as many, up to 256, so memory
   * stays bounded however many records match and a pipeline that stops early reads little.
   *
   * <p>Between batches the stream holds no read transaction, so it need not be closed: a stream
   * that is abandoned or short-circuited ({@code findFirst()}, {@code anyMatch}, an iterator left
   * half-way) costs nothing. Closing it is allowed and harmless.
   *
   * <p>Consistency: each batch is one snapshot, and a later batch may see later commits, as if
   * the query were resumed with a {@linkplain #page page cursor} after every batch. Index keys are
   * visited in order and never twice, each batch continuing strictly after the last key read. A
   * record that holds the queried values throughout the stream is returned exactly once. A record
   * changed meanwhile is returned in the state its batch read, and only if it then still holds the
   * values of the index key it was found under: one whose new values sort before the keys already
   * passed is missed, one whose new values sort ahead may be returned again under its new key.
   * Records inserted or deleted meanwhile may or may not appear. Use {@link #list()} or {@link
   * #page} for one snapshot.
   */
  Stream<T> stream();

  /** {@return the first matching record in this query's order, if any} */
  Optional<T> first();

  /**
   * {@return the number of matching index entries (at most the limit, after the cursor if one is
   * set), counted on the index keys alone: no record is read}
   */
  long count();

  /**
   * {@return whether at least one index entry matches (after the cursor if one is set; false under
   * a limit of 0), read on the keys alone: at most one key is read and no record}
   *
   * <pre>{@code
   * boolean taken = users.byEmail().equalTo("ada@example.com").exists();
   * }</pre>
   */
  boolean exists();

  /**
   * {@return the first {@code n} matching records (fewer when a smaller {@link #limit} is set) and
   * a cursor to resume after the last of them} The cursor is present when the page is full and at
   * least one more matching record follows in the same snapshot (not merely another key: a record a
   * multi-value {@code in} returned under an earlier element is not returned again), so a last page
   * that happens to be full has none.
   *
   * @param n the most records on the page
   * @throws IllegalArgumentException if {@code n} is less than 1
   */
  Page<T> page(int n);
}
