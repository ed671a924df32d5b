package dev.tessera.data;

import dev.tessera.query.PageCursor;
import dev.tessera.query.Query;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.page.impl.PageRecord;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * Serves Jakarta Data pages from Tessera queries.
 *
 * <p><b>Offset pages</b> ({@link Page}) skip {@code (page - 1) * size} rows of the query's index
 * scan, so a late page costs a scan of the keys before it; totals are counted on the index keys.
 *
 * <p><b>Cursored pages</b> ({@link CursoredPage}) resume from Tessera's page cursors: a {@link
 * PageRequest.Cursor} holds one element, the text of a {@link PageCursor} (the packed index key of a
 * row). A next page is a scan strictly after the last row's key; a previous page is a reverse scan
 * strictly before the first row's key, so rows inserted or deleted meanwhile never shift pages.
 * Cursors come from the pages ({@code cursor(i)}, {@code nextPageRequest()}, {@code
 * previousPageRequest()}); a cursor made of key values ({@code Cursor.forKey(title, id)}) is
 * refused with {@link IllegalArgumentException}.
 *
 * <p>Stateless and thread-safe.
 */
public final class DataPages {
  private DataPages() {}

  /**
   * The offset page {@code request} asks for.
   *
   * @throws IllegalArgumentException if {@code request} is a cursor request (declare the method to
   *     return {@code CursoredPage})
   */
  public static <T> Page<T> offsetPage(Query<T> query, PageRequest request) {
    if (request.mode() != PageRequest.Mode.OFFSET) {
      throw new IllegalArgumentException("A cursor PageRequest (" + request.mode()
          + ") needs a method returning CursoredPage; this one returns Page, which is by offset");
    }
    int size = request.size();
    long skip = (request.page() - 1) * (long) size;
    List<T> rows;
    try (Stream<T> all = query.stream()) {
      rows = all.skip(skip).limit(size + 1L).toList();
    }
    boolean more = rows.size() > size;
    long total = request.requestTotal() ? query.count() : -1;
    return new PageRecord<>(request, more ? rows.subList(0, size) : rows, total, more);
  }

  /**
   * The cursored page {@code request} asks for: the first page for an offset request of page 1,
   * the rows after or before its cursor otherwise.
   *
   * @throws IllegalArgumentException for an offset request beyond page 1, or a cursor that is not
   *     one of this query's page cursors
   */
  public static <T> CursoredPage<T> cursoredPage(Query<T> query, PageRequest request) {
    switch (request.mode()) {
      case OFFSET:
        if (request.page() != 1) {
          throw new IllegalArgumentException("A cursored page is reached from the first page by"
              + " its cursors; page " + request.page() + " by offset is not supported");
        }
        return forward(query, null, request);
      case CURSOR_NEXT:
        return forward(query, pageCursor(request), request);
      default:
        return backward(query, pageCursor(request), request);
    }
  }

  private static <T> CursoredPage<T> forward(Query<T> query, PageCursor after, PageRequest request) {
    Query<T> from = after == null ? query : query.after(after);
    dev.tessera.query.Page<T> page = from.page(request.size());
    // The key of row i: the cursor of a page ending there, or, for the query's last row, the cursor
    // of a reverse page of one row.
    IntFunction<Optional<PageCursor>> cursors =
        i -> from.page(i + 1).next().or(() -> query.reverse().page(1).next());
    PageRequest next = page.next().map(c -> nextRequest(c, request)).orElse(null);
    PageRequest previous = after == null ? null : previousRequest(successor(after), request);
    return new KeysetPage<>(page.items(), request, next, previous, cursors, total(query, request));
  }

  private static <T> CursoredPage<T> backward(Query<T> query, PageCursor before, PageRequest request) {
    Query<T> from = query.reverse().after(before);
    dev.tessera.query.Page<T> page = from.page(request.size());
    List<T> content = new ArrayList<>(page.items());
    Collections.reverse(content);
    int rows = content.size();
    IntFunction<Optional<PageCursor>> cursors =
        i -> from.page(rows - i).next().or(() -> query.page(1).next());
    PageRequest previous = page.next().map(c -> previousRequest(c, request)).orElse(null);
    PageRequest next = rows == 0
        ? PageRequest.ofPage(1, request.size(), request.requestTotal())
        : cursors.apply(rows - 1).map(c -> nextRequest(c, request)).orElse(null);
    return new KeysetPage<>(content, request, next, previous, cursors, total(query, request));
  }

  private static long total(Query<?> query, PageRequest request) {
    return request.requestTotal() ? query.count() : -1;
  }

  private static PageRequest nextRequest(PageCursor after, PageRequest request) {
    return PageRequest.afterCursor(
        cursor(after), request.page() + 1, request.size(), request.requestTotal());
  }

  private static PageRequest previousRequest(PageCursor before, PageRequest request) {
    return PageRequest.beforeCursor(
        cursor(before), Math.max(1, request.page() - 1), request.size(), request.requestTotal());
  }

  /** The Jakarta Data cursor holding {@code cursor}. */
  static PageRequest.Cursor cursor(PageCursor cursor) {
    return PageRequest.Cursor.forKey(cursor.toString());
  }

  private static PageCursor pageCursor(PageRequest request) {
    PageRequest.Cursor cursor = request.cursor().orElseThrow();
    if (cursor.size() != 1 || !(cursor.get(0) instanceof String)) {
      throw new IllegalArgumentException("Cursor " + cursor + " is not a Tessera page cursor:"
          + " resume from the cursors a CursoredPage gives (cursor(i), nextPageRequest(),"
          + " previousPageRequest()); cursors made of key values are not supported");
    }
    return PageCursor.parse((String) cursor.get(0));
  }

  /**
   * The cursor just after {@code cursor}'s key in key order: the key with one more (null) part
   * packed after it. No row key lies between them (the rows of one query have keys of one length),
   * so "before the successor" is "up to and including the key".
   */
  private static PageCursor successor(PageCursor cursor) {
    byte[] key = Base64.getUrlDecoder().decode(cursor.toString());
    byte[] next = new byte[key.length + 1];
    System.arraycopy(key, 0, next, 0, key.length);
    return PageCursor.ofKey(next);
  }
}
