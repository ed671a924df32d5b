package dev.tessera.query;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The base of the typed query stages a repository generates for each index ({@code
 * UserRepository.ByAgeQuery}, {@code ProductRepository.ByRoomAndPriceQuery}): a stage holds equal
 * values for the index's leading components and offers typed operations on the next one only, so
 * a query the index cannot serve does not compile. A stage is itself a query: all records with
 * those leading values, in key order.
 *
 * <p>What a composite index serves, and why: its entries are sorted by the first component, then
 * the second, ..., then primary key. So a query gives {@code equalTo} or {@code in} (any of
 * several values, which counts as equality) on leading components in key order, then at most one
 * range ({@code between}, {@code greaterThan}, {@code atLeast}, {@code lessThan}, {@code atMost}),
 * {@code startsWith} or {@code isNull} on the next component, which ends the narrowing: equal
 * leading values followed by one range are one contiguous run of keys. A range on a later
 * component without the earlier ones, or a second range, would need a scan of the whole index;
 * the stages do not offer it, so it does not compile (javac then reports a type mismatch, e.g.
 * "LocalDate cannot be converted to String", when a later component's value is passed where the
 * first one's is expected).
 *
 * <p>Generated subclasses only encode and normalise their typed arguments (as writes do) and call
 * the protected methods here; the key ranges are built by {@link IndexQuery}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the record type
 */
public abstract class IndexQueryStage<T> implements Query<T> {
  private final IndexQuery<T> query;

  /**
   * Creates a stage over {@code query}, whose equal values are this stage's.
   *
   * @param query the query of every record with this stage's leading values
   */
  protected IndexQueryStage(IndexQuery<T> query) {
    this.query = Objects.requireNonNull(query, "query");
  }

  /**
   * The query with the next component equal to {@code part}, for a stage's {@code equalTo}.
   *
   * @param part the encoded, normalised value
   * @return the narrowed query, to wrap in the next stage
   */
  protected final IndexQuery<T> equal(Object part) {
    return query.equal(Objects.requireNonNull(part, "part"));
  }

  /**
   * The query with the next component equal to any of {@code parts}, for a stage's {@code in}: one
   * range per distinct value, results merged in index order; a value given twice (or two values
   * that normalise alike) matches its records once, and no value matches nothing.
   *
   * @param parts the encoded, normalised values
   * @return the narrowed query, to wrap in the next stage
   */
  protected final IndexQuery<T> anyOf(List<?> parts) {
    return query.anyOf(List.copyOf(Objects.requireNonNull(parts, "parts")));
  }

  /**
   * The query with the next component between {@code lower} and {@code upper}, both inclusive.
   *
   * @param lower the encoded lowest value
   * @param upper the encoded highest value
   * @return the bounded query
   */
  protected final IndexQuery<T> rangeBetween(Object lower, Object upper) {
    return query.range(
        Objects.requireNonNull(lower, "lower"), true, Objects.requireNonNull(upper, "upper"), true);
  }

  /**
   * The query with the next component above {@code lower}.
   *
   * @param lower the encoded bound
   * @param inclusive whether the bound itself matches
   * @return the bounded query
   */
  protected final IndexQuery<T> rangeFrom(Object lower, boolean inclusive) {
    return query.range(Objects.requireNonNull(lower, "lower"), inclusive, null, false);
  }

  /**
   * The query with the next component below {@code upper}.
   *
   * @param upper the encoded bound
   * @param inclusive whether the bound itself matches
   * @return the bounded query
   */
  protected final IndexQuery<T> rangeTo(Object upper, boolean inclusive) {
    return query.range(null, false, Objects.requireNonNull(upper, "upper"), inclusive);
  }

  /**
   * The query with the next (string) component starting with {@code partial}.
   *
   * @param partial the normalised prefix; may be empty (every value)
   * @return the bounded query
   */
  protected final IndexQuery<T> prefixed(String partial) {
    return query.startingWith(Objects.requireNonNull(partial, "partial"));
  }

  /**
   * The records whose next component is null, in index order (then by later components and
   * primary key). Only a non-unique index over a nullable field holds such records: a unique index
   * leaves records with a null field out (several records may hold null), so it refuses.
   *
   * <pre>{@code
   * List<Book> undated = books.byPublished().isNull().list();
   * List<Loan> openEnded = loans.byStatusAndDueDate().equalTo(LoanStatus.OUT).isNull().list();
   * }</pre>
   *
   * <p>Ranges ({@code lessThan}, {@code between}, ...) and {@code startsWith} never return null
   * values; the stage run as it is (no narrowing of this component) returns them first.
   *
   * @return the query of those records
   * @throws IllegalStateException if the index holds no null values (a unique index, or a field
   *     that cannot be null)
   */
  public final IndexQuery<T> isNull() {
    return query.isNull();
  }

  /** {@return the query this stage stands for} */
  public final IndexQuery<T> query() {
    return query;
  }

  @Override
  public final IndexQuery<T> reverse() {
    return query.reverse();
  }

  @Override
  public final IndexQuery<T> limit(int n) {
    return query.limit(n);
  }

  @Override
  public final IndexQuery<T> after(PageCursor cursor) {
    return query.after(cursor);
  }

  @Override
  public final List<T> list() {
    return query.list();
  }

  @Override
  public final Stream<T> stream() {
    return query.stream();
  }

  @Override
  public final Optional<T> first() {
    return query.first();
  }

  @Override
  public final long count() {
    return query.count();
  }

  @Override
  public final boolean exists() {
    return query.exists();
  }

  @Override
  public final Page<T> page(int n) {
    return query.page(n);
  }

  /** The query's description. */
  @Override
  public String toString() {
    return query.toString();
  }
}
