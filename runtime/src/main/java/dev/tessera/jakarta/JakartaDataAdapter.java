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
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.page.impl.PageRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Adapts a generated repository's results and failures to Jakarta Data 1.0: the exceptions its
 * specification names, single results, run-time sorts, limits and offset pages. Code generated for
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
   * {@code query} in the order {@code sorts} ask, when the index gives it: the sorts, leaving
   * out those on {@code fixed} attributes (one value each, so any order holds), must name the
   * first attributes of {@code served} in that order, all ascending (the query as is) or all
   * descending (the query reversed).
   *
   * @param query the query, in its index's order
   * @param sorts the sorts of the call ({@code Order}, {@code Sort} parameters), possibly none
   * @param served the attributes the query's results are ordered by, most significant first
   * @param fixed the attributes the query holds at one value
   * @return the query in the requested order
   * @throws UnsupportedOperationException if the index does not give that order (the Jakarta Data
   *     specification's answer for a sort the store cannot perform)
   */
  public static <T> Query<T> ordered(
      Query<T> query, Iterable<? extends Sort<?>> sorts, List<String> served, Set<String> fixed) {
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
            "cannot sort by "
                + effective.stream().map(JakartaDataAdapter::describe).collect(Collectors.joining(", "))
                + ": the index serving this query orders by "
                + String.join(", ", served)
                + " (all ascending, or all descending), with case"
                + (fixed.isEmpty() ? "" : ", and holds " + String.join(", ", fixed) + " at one value"));
      }
    }
    return descending ? query.reverse() : query;
  }

  /**
   * The records of {@code query} that {@code limit} selects, read in one snapshot.
   *
   * @param query the query
   * @param limit the 1-based position of the first record and the maximum number of records
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

  private static String describe(Sort<?> sort) {
    return sort.property() + (sort.isDescending() ? " descending" : " ascending")
        + (sort.ignoreCase() ? " ignoring case" : "");
  }
}
