package dev.tessera.jakarta;

import dev.tessera.TesseraException;
import dev.tessera.query.Query;
import dev.tessera.repository.ConcurrentModificationException;
import dev.tessera.repository.EntityNotFoundException;
import jakarta.data.Limit;
import jakarta.data.Sort;
import jakarta.data.exceptions.DataException;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.NonUniqueResultException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import dev.tessera.query.PageCursor;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.page.impl.CursoredPageRecord;
import jakarta.data.page.impl.PageRecord;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Adapts a generated repository's results and failures to Jakarta Data 1.0: the exceptions its
 * specification names, single results, run-time sorts, limits, offset pages and cursor-based pages. Code generated for
 * {@code @jakarta.data.repository.Repository} interfaces calls it; the queries stay Tessera's
 * (index scans, then one multi-get), this class only shapes what they return.
 *
 * <p>Stateless and thread-safe.
 */
public final class JakartaDataAdapter {
  private JakartaDataAdapter() {}

  /**
   * The Jakarta Data exception for a Tessera failure, with Tessera's message as its text and
   * {@code failure} as its cause: a primary key already taken gives {@link EntityExistsException};
   * an update of a record that is absent, or at another versionstamp than expected, gives {@link
   * OptimisticLockingFailureException}; anything else (a unique value already held, a store
   * problem) gives {@link DataException}.
   *
   * @param failure what the Tessera repository threw
   * @return the exception to throw
   */
  public static DataException translated(TesseraException failure) {
    if (failure instanceof dev.tessera.repository.EntityExistsException) {
      return new EntityExistsException(failure.getMessage(), failure);
    }
    if (failure instanceof EntityNotFoundException
        || failure instanceof ConcurrentModificationException) {
      return new OptimisticLockingFailureException(failure.getMessage(), failure);
    }
    return new DataException(failure.getMessage(), failure);
  }

  /**
   * The failure of a delete of an entity that is not stored: Jakarta Data requires {@link
   * OptimisticLockingFailureException} (a delete by id ignores an absent record instead).
   *
   * @param entity the entity name
   * @param key the primary key of the entity given
   * @return the exception to throw
   */
  public static OptimisticLockingFailureException notDeleted(String entity, Object key) {
    return new OptimisticLockingFailureException(
        entity + " with primary key " + key + " is not stored: nothing to delete");
  }

  /**
   * The one record of {@code results}, read with a limit of 2.
   *
   * @param results at most two records
   * @param method the repository method, for the message
   * @param <T> the record type
   * @return the record
   * @throws EmptyResultException if there is none
   * @throws NonUniqueResultException if there are two
   */
  public static <T> T singleResult(List<T> results, String method) {
    if (results.isEmpty()) {
      throw new EmptyResultException(method + " found no record");
    }
    return optionalResult(results, method).orElseThrow();
  }

  /**
   * The record of {@code results} if there is one, read with a limit of 2.
   *
   * @param results at most two records
   * @param method the repository method, for the message
   * @param <T> the record type
   * @return the record, or empty
   * @throws NonUniqueResultException if there are two
   */
  public static <T> Optional<T> optionalResult(List<T> results, String method) {
    if (results.size() > 1) {
      throw new NonUniqueResultException(
          method + " found more than one record, " + results.get(0) + " and " + results.get(1));
    }
    return results.stream().findFirst();
  }

  /**
   * {@code query} in the order {@code sorts} ask, when the key serving it gives it: the sorts,
   * leaving out those on {@code fixed} attributes (one value each, so any order holds), must name
   * the first attributes of {@code served} in that order, all ascending (the query as is) or all
   * descending (the query reversed), none ignoring case.
   *
   * @param <T> the type of the query's results
   * @param query the query, in its key's order
   * @param sorts the sorts of the call ({@code Order}, {@code Sort} parameters), possibly none
   * @param served the attributes the query's results are ordered by, most significant first
   * @param fixed the attributes the query holds at one value, in the order of its key
   * @param servedBy what serves the query, for the message, e.g. {@code "index authorAndYear
   *     (author, year)"} or {@code "the primary key isbn"}
   * @param entity the entity's simple class name, for the message, e.g. {@code "Book"}
   * @return the query in the requested order
   * @throws UnsupportedOperationException if the key does not give that order (the Jakarta Data
   *     specification's answer for a sort the store cannot perform); the message names the key,
   *     the orders it gives and the {@code @Index} that would give the one asked
   */
  public static <T> Query<T> ordered(
      Query<T> query,
      Iterable<? extends Sort<?>> sorts,
      List<String> served,
      Collection<String> fixed,
      String servedBy,
      String entity) {
    List<Sort<?>> effective = new ArrayList<>();
    for (Sort<?> sort : Objects.requireNonNull(sorts, "sorts")) {
      if (!fixed.contains(Objects.requireNonNull(sort, "sort").property())) {
        effective.add(sort);
      }
    }
    if (effective.isEmpty()) {
      return query;
    }
    boolean descending = effective.get(0).isDescending();
    for (int i = 0; i < effective.size(); i++) {
      Sort<?> sort = effective.get(i);
      if (i >= served.size()
          || !sort.property().equals(served.get(i))
          || sort.isDescending() != descending
          || sort.ignoreCase()) {
        throw new UnsupportedOperationException(
            unservedSort(effective, served, fixed, servedBy, entity));
      }
    }
    return descending ? query.reverse() : query;
  }

  /** Why {@code sorts} cannot be served, and what would serve them. */
  private static String unservedSort(
      List<Sort<?>> sorts,
      List<String> served,
      Collection<String> fixed,
      String servedBy,
      String entity) {
    Set<String> suggested = new LinkedHashSet<>(fixed);
    sorts.forEach(sort -> suggested.add(sort.property()));
    String gives =
        served.isEmpty()
            ? "gives no attribute's order (it holds several values per record, or orders by"
                + " normalised text)"
            : "orders by " + String.join(", ", served)
                + " (all ascending or all descending, case-sensitive)";
    boolean caseIgnored = sorts.stream().anyMatch(Sort::ignoreCase);
    return "cannot sort by "
        + sorts.stream().map(JakartaDataAdapter::describe).collect(Collectors.joining(", "))
        + ": " + servedBy + " serves this query"
        + (fixed.isEmpty() ? "" : " with " + String.join(", ", fixed) + " held at one value")
        + ", and " + gives + ". Sort as it orders, or add @Index(fields = {"
        + suggested.stream().map(name -> '"' + name + '"').collect(Collectors.joining(", "))
        + "}) to " + entity + " for this order"
        + (caseIgnored
            ? " (and sort with case: an index orders by the stored value; with"
                + " normalize = Normalize.CASE_INSENSITIVE it orders by the folded value, which"
                + " no sort names)"
            : "");
  }

  /**
   * The records of {@code query} that {@code limit} selects, read in one snapshot.
   *
   * @param query the query
   * @param limit the 1-based position of the first record and the maximum number of records
   * @param <T> the record type
   * @return the records
   */
  public static <T> List<T> list(Query<T> query, Limit limit) {
    long skip = limit.startAt() - 1;
    if (skip + limit.maxResults() <= Integer.MAX_VALUE) {
      List<T> rows = query.limit((int) (skip + limit.maxResults())).list();
      return rows.subList((int) Math.min(skip, rows.size()), rows.size());
    }
    return stream(query, limit).collect(Collectors.toList());
  }

  /**
   * The records of {@code query} that {@code limit} selects, lazily, as {@link Query#stream()}.
   *
   * @param query the query
   * @param limit the 1-based position of the first record and the maximum number of records
   * @param <T> the record type
   * @return the records, as a lazy stream
   */
  public static <T> Stream<T> stream(Query<T> query, Limit limit) {
    return query.stream().skip(limit.startAt() - 1).limit(limit.maxResults());
  }

  /**
   * The offset page of {@code query} that {@code request} asks for: its records, whether more
   * follow and, when the request asks for totals, the number of records the query matches
   * (counted on the index keys alone). The page is read lazily, skipping the earlier pages' records
   * as {@link Query#stream()} reads them; the total is a second read.
   *
   * @param query the query, in the order of the pages
   * @param request the page number and size
   * @param <T> the record type
   * @return the page
   * @throws IllegalArgumentException if {@code request} asks for a page after or before a cursor
   *     (cursor-based pagination needs a method returning {@code CursoredPage})
   */
  public static <T> Page<T> page(Query<T> query, PageRequest request) {
    Objects.requireNonNull(request, "pageRequest");
    if (request.mode() != PageRequest.Mode.OFFSET) {
      throw new IllegalArgumentException(
          "a " + request.mode() + " page request needs a method returning CursoredPage; this one"
              + " returns offset pages (PageRequest.ofPage)");
    }
    long skip = (request.page() - 1) * request.size();
    List<T> rows =
        query.stream().skip(skip).limit(request.size() + 1L).collect(Collectors.toList());
    boolean more = rows.size() > request.size();
    List<T> content = more ? rows.subList(0, request.size()) : rows;
    long total = request.requestTotal() ? query.count() : -1;
    return new PageRecord<>(request, List.copyOf(content), total, more);
  }

  /**
   * The cursor-based page of {@code query} that {@code request} asks for: the first page (a request
   * without cursor, page 1), the rows after a cursor, or the rows before one (read in reverse,
   * returned in query order). Each row has a cursor, the string form of Tessera's {@link PageCursor}
   * in a one-element {@link PageRequest.Cursor}: {@code page.nextPageRequest()} resumes after the
   * last row, {@code page.previousPageRequest()} before the first, and rows inserted or deleted
   * meanwhile do not shift them. Each row is read with its cursor in a short read of its own (one
   * index key and one record), so a page is not one snapshot; the total, when the request asks for
   * it, is a further read that counts index keys.
   *
   * <p>A cursor the application builds ({@code PageRequest.Cursor.forKey(...)}) holds the values
   * of the attributes {@code key} names, in order (the attributes the query's key orders by, past
   * those its conditions fix, ending with the primary key): the page starts strictly after (or,
   * for a previous page, before) the row those values would have, whether it exists or not.
   *
   * @param <T> the type of the query's results
   * @param query the query, in the order of the pages, without a cursor
   * @param request the page size and, after the first page, the cursor
   * @param key what an application-built cursor holds and how it becomes a page cursor; null if
   *     the query takes only the cursors of its pages
   * @return the page
   * @throws IllegalArgumentException if the request has no cursor but a page number above 1, or a
   *     cursor that neither came from a page of this query nor fits {@code key} (the message names
   *     the attributes expected)
   */
  public static <T> CursoredPage<T> cursoredPage(
      Query<T> query, PageRequest request, CursorKey key) {
    Objects.requireNonNull(request, "pageRequest");
    boolean backward = request.mode() == PageRequest.Mode.CURSOR_PREVIOUS;
    Query<T> direction = backward ? query.reverse() : query;
    Query<T> start = direction;
    if (request.mode() == PageRequest.Mode.OFFSET) {
      if (request.page() != 1) {
        throw new IllegalArgumentException(
            "page " + request.page() + " of cursor-based pages needs the cursor of the page before:"
                + " start from PageRequest.ofSize(n) and follow nextPageRequest()");
      }
    } else {
      start = after(direction, request.cursor().orElseThrow(), key);
    }
    List<T> rows = new ArrayList<>();
    List<PageCursor> cursors = new ArrayList<>();
    Query<T> rest = start;
    boolean more = false;
    while (rows.size() < request.size()) {
      dev.tessera.query.Page<T> one = rest.page(1);
      if (one.items().isEmpty()) {
        break;
      }
      rows.add(one.items().get(0));
      cursors.add(one.next().orElse(null));
      if (one.next().isEmpty()) {
        break;
      }
      more = rows.size() == request.size();
      rest = direction.after(one.next().get());
    }
    if (!cursors.isEmpty() && cursors.get(cursors.size() - 1) == null) {
      // The last row of the whole query: its cursor is the first one read the other way.
      cursors.set(cursors.size() - 1, (backward ? query : query.reverse()).page(1).next().orElse(null));
    }
    if (backward) {
      Collections.reverse(rows);
      Collections.reverse(cursors);
    }
    return cursoredPage(query, request, rows, cursors, backward, more);
  }

  private static <T> CursoredPage<T> cursoredPage(
      Query<T> query,
      PageRequest request,
      List<T> rows,
      List<PageCursor> cursors,
      boolean backward,
      boolean moreInReadOrder) {
    List<PageRequest.Cursor> jakartaCursors = new ArrayList<>();
    for (PageCursor cursor : cursors) {
      jakartaCursors.add(cursor == null ? null : new RowCursor(cursor.toString()));
    }
    PageRequest next = null;
    PageRequest previous = null;
    if (!rows.isEmpty()) {
      PageCursor first = cursors.get(0);
      PageCursor last = cursors.get(cursors.size() - 1);
      boolean moreAfter =
          backward ? last != null && query.after(last).exists() : moreInReadOrder;
      boolean moreBefore =
          backward
              ? moreInReadOrder
              : request.mode() != PageRequest.Mode.OFFSET
                  && first != null
                  && query.reverse().after(first).exists();
      if (moreAfter && last != null) {
        next = PageRequest.afterCursor(
            new RowCursor(last.toString()),
            request.page() + 1,
            request.size(),
            request.requestTotal());
      }
      if (moreBefore && first != null) {
        previous = PageRequest.beforeCursor(
            new RowCursor(first.toString()),
            Math.max(1, request.page() - 1),
            request.size(),
            request.requestTotal());
      }
    }
    long total = request.requestTotal() ? query.count() : -1;
    return new CursoredPageRecord<>(
        Collections.unmodifiableList(new ArrayList<>(rows)),
        Collections.unmodifiableList(jakartaCursors),
        total,
        request,
        next,
        previous);
  }

  /**
   * {@code query} resumed after {@code cursor}: a cursor of one of its pages, or one the
   * application built from the key's values ({@code key}), or the string form of a page's cursor
   * passed back through {@code Cursor.forKey(token)}.
   */
  private static <T> Query<T> after(Query<T> query, PageRequest.Cursor cursor, CursorKey key) {
    if (cursor instanceof RowCursor) {
      return query.after(PageCursor.parse(((RowCursor) cursor).token()));
    }
    IllegalArgumentException refused;
    if (key == null) {
      refused = new IllegalArgumentException(
          "the cursor " + cursor.elements() + " is not one of this query's pages' cursors, and"
              + " this query takes no other (a Null condition fixes a field of its key): take"
              + " cursors from a CursoredPage (page.cursor(i), nextPageRequest(),"
              + " previousPageRequest())");
    } else {
      try {
        return query.after(key.pageCursor(cursor.elements()));
      } catch (IllegalArgumentException e) {
        refused = e;
      }
    }
    if (cursor.size() == 1 && cursor.get(0) instanceof String) {
      try { // a page's cursor that travelled as text
        return query.after(PageCursor.parse((String) cursor.get(0)));
      } catch (IllegalArgumentException notOne) {
        refused.addSuppressed(notOne);
      }
    }
    throw refused;
  }

  /**
   * The cursor of a row of a {@link CursoredPage}: Tessera's page cursor in its string form, its
   * one element. Told apart from the cursors an application builds from attribute values.
   */
  private record RowCursor(String token) implements PageRequest.Cursor {
    @Override
    public Object get(int index) {
      return elements().get(index);
    }

    @Override
    public int size() {
      return 1;
    }

    @Override
    public List<?> elements() {
      return List.of(token);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof PageRequest.Cursor
          && ((PageRequest.Cursor) other).elements().equals(elements());
    }

    @Override
    public int hashCode() {
      return elements().hashCode();
    }

    @Override
    public String toString() {
      return "Cursor" + elements();
    }
  }

  /**
   * The elements of a primitive array of primary keys, boxed, for an {@code In} condition on the
   * key ({@code findByIdIn(long[] ids)}).
   *
   * @param keys the keys, not null
   * @return the boxed keys
   */
  public static List<Long> boxed(long[] keys) {
    return java.util.Arrays.stream(keys).boxed().collect(Collectors.toList());
  }

  /**
   * As {@link #boxed(long[])} for {@code int} keys.
   *
   * @param keys the keys, not null
   * @return the boxed keys
   */
  public static List<Integer> boxed(int[] keys) {
    return java.util.Arrays.stream(keys).boxed().collect(Collectors.toList());
  }

  /**
   * As {@link #boxed(long[])} for {@code short} keys.
   *
   * @param keys the keys, not null
   * @return the boxed keys
   */
  public static List<Short> boxed(short[] keys) {
    List<Short> boxed = new ArrayList<>(keys.length);
    for (short key : keys) {
      boxed.add(key);
    }
    return boxed;
  }

  /**
   * As {@link #boxed(long[])} for {@code byte} keys.
   *
   * @param keys the keys, not null
   * @return the boxed keys
   */
  public static List<Byte> boxed(byte[] keys) {
    List<Byte> boxed = new ArrayList<>(keys.length);
    for (byte key : keys) {
      boxed.add(key);
    }
    return boxed;
  }

  /**
   * As {@link #boxed(long[])} for {@code char} keys.
   *
   * @param keys the keys, not null
   * @return the boxed keys
   */
  public static List<Character> boxed(char[] keys) {
    List<Character> boxed = new ArrayList<>(keys.length);
    for (char key : keys) {
      boxed.add(key);
    }
    return boxed;
  }

  /**
   * As {@link #boxed(long[])} for {@code double} keys.
   *
   * @param keys the keys, not null
   * @return the boxed keys
   */
  public static List<Double> boxed(double[] keys) {
    return java.util.Arrays.stream(keys).boxed().collect(Collectors.toList());
  }

  /**
   * As {@link #boxed(long[])} for {@code float} keys.
   *
   * @param keys the keys, not null
   * @return the boxed keys
   */
  public static List<Float> boxed(float[] keys) {
    List<Float> boxed = new ArrayList<>(keys.length);
    for (float key : keys) {
      boxed.add(key);
    }
    return boxed;
  }

  /**
   * As {@link #boxed(long[])} for {@code boolean} keys.
   *
   * @param keys the keys, not null
   * @return the boxed keys
   */
  public static List<Boolean> boxed(boolean[] keys) {
    List<Boolean> boxed = new ArrayList<>(keys.length);
    for (boolean key : keys) {
      boxed.add(key);
    }
    return boxed;
  }

  private static String describe(Sort<?> sort) {
    return sort.property() + (sort.isDescending() ? " descending" : " ascending")
        + (sort.ignoreCase() ? " ignoring case" : "");
  }
}
