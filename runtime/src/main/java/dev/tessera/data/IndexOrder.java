package dev.tessera.data;

import dev.tessera.query.Query;
import jakarta.data.Sort;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a sort requested at run time ({@code Order}, {@code Sort} parameters) against the order a
 * query's index gives. A Tessera query reads an index in key order: by the index components not
 * fixed by equality, then by primary key, or all of that reversed. A sort is served when its
 * properties are a prefix of that order and all ascending or all descending, and none ignores
 * case; otherwise the specification asks for {@link UnsupportedOperationException}, which names the
 * order the index would give.
 *
 * <p>Stateless and thread-safe.
 */
public final class IndexOrder {
  private IndexOrder() {}

  /**
   * {@code query} in the order {@code sorts} ask for.
   *
   * @param query the query, in its index order
   * @param sorts the requested sorts, most significant first; empty keeps index order
   * @param servedBy what the query reads, for the message, e.g. {@code "index 'author' of book"}
   * @param indexOrder the properties the query's rows are ordered by, most significant first
   * @param <T> the record type
   * @return the query, reversed when the sorts are descending
   * @throws UnsupportedOperationException if the index does not give that order
   */
  public static <T> Query<T> sorted(
      Query<T> query, Iterable<? extends Sort<?>> sorts, String servedBy, List<String> indexOrder) {
    List<Sort<?>> requested = new ArrayList<>();
    sorts.forEach(requested::add);
    if (requested.isEmpty()) {
      return query;
    }
    boolean descending = requested.get(0).isDescending();
    for (int i = 0; i < requested.size(); i++) {
      Sort<?> sort = requested.get(i);
      if (i >= indexOrder.size()
          || !indexOrder.get(i).equals(sort.property())
          || sort.isDescending() != descending
          || sort.ignoreCase()) {
        throw new UnsupportedOperationException(unserved(requested, servedBy, indexOrder));
      }
    }
    return descending ? query.reverse() : query;
  }

  private static String unserved(List<Sort<?>> requested, String servedBy, List<String> indexOrder) {
    List<String> asked = new ArrayList<>();
    for (Sort<?> sort : requested) {
      asked.add(sort.property() + (sort.isDescending() ? " desc" : " asc")
          + (sort.ignoreCase() ? " ignoring case" : ""));
    }
    return "Sort by " + String.join(", ", asked) + " is not served by " + servedBy
        + ", which is read in the order " + String.join(", ", indexOrder)
        + ": sort by a leading part of that order, all ascending or all descending, without"
        + " ignoring case, or declare an index whose order is the one wanted";
  }
}
