package dev.tessera.internal.query;

import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * How every query builds a {@link Page}: it reads one row more than a full page, and the page has a
 * cursor exactly when that row exists. Another key is not enough: the record of a multi-value key
 * may already have been returned under an earlier element. Used by this package's queries and the
 * spatial ones, not meant for applications. Stateless.
 */
public final class PageRows {
  private PageRows() {}

  /**
   * How many rows a page of {@code n} reads from a query of at most {@code limit} rows: one more
   * than a full page, so that a following row is seen; no more than the limit allows.
   *
   * @throws IllegalArgumentException if {@code n} is less than 1
   */
  public static int toRead(int n, int limit) {
    if (n < 1) {
      throw new IllegalArgumentException("page size must be >= 1, was " + n);
    }
    int size = Math.min(n, limit);
    return size == n && n < Integer.MAX_VALUE ? n + 1 : size;
  }

  /**
   * The page of {@code n} from {@code rows} read as {@link #toRead} says: the first {@code n}
   * rows' records, and a cursor after the last of them if another row was read.
   *
   * @param <R> the row type
   * @param <T> the record type
   * @param rows the rows read, in query order
   * @param n the page size
   * @param record a row's record
   * @param key the key a cursor after a row resumes from
   * @return the page
   */
  public static <R, T> Page<T> page(
      List<R> rows, int n, Function<R, T> record, Function<R, Tuple> key) {
    boolean more = rows.size() > n;
    List<R> shown = more ? rows.subList(0, n) : rows;
    List<T> records = new ArrayList<>(shown.size());
    for (R row : shown) {
      records.add(record.apply(row));
    }
    Optional<PageCursor> next = more
        ? Optional.of(PageCursor.ofKey(key.apply(shown.get(shown.size() - 1)).pack()))
        : Optional.empty();
    return new Page<>(records, next);
  }
}
