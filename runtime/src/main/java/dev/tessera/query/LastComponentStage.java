package dev.tessera.query;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The stage of a typed index query that offers operations on the index's last component (its only
 * one for a single-component index): {@code equalTo}, {@code in} and the ranges, each returning the
 * runtime query. A generated stage subclasses it with the component's name and the function that
 * turns a value into its index key (normalised and encoded as writes do), so every index shares
 * this code.
 *
 * <pre>{@code
 * List<User> adults = users.byAge().atLeast(18).list();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the record type
 * @param <V> the component's type (boxed for a primitive component)
 */
public abstract class LastComponentStage<T, V> extends IndexQueryStage<T> {
  private final String component;
  private final Function<? super V, ?> indexKey;

  /**
   * A stage over {@code query} for component {@code component}.
   *
   * @param query the query of every record with this stage's leading values
   * @param component the component's name, for the messages of null arguments
   * @param indexKey a value's index key: normalised and encoded as the index stores it
   */
  protected LastComponentStage(
      IndexQuery<T> query, String component, Function<? super V, ?> indexKey) {
    super(query);
    this.component = Objects.requireNonNull(component, "component");
    this.indexKey = Objects.requireNonNull(indexKey, "indexKey");
  }

  /**
   * The records whose component equals {@code value}.
   *
   * @param value the value, not null
   * @return the query
   */
  public final IndexQuery<T> equalTo(V value) {
    return equal(key(value, component));
  }

  /**
   * The records whose component equals any of {@code values}: one range scan per distinct value,
   * merged in index order (by this component, then as {@code equalTo} orders). A value given
   * twice, or two that compare equal as the index stores them, returns each record once; no value
   * returns no record.
   *
   * @param values the values, not null (nor any of them)
   * @return the query
   */
  @SafeVarargs
  public final IndexQuery<T> in(V... values) {
    Objects.requireNonNull(values, component);
    List<Object> parts = new ArrayList<>(values.length);
    for (V value : values) {
      parts.add(key(value, component));
    }
    return anyOf(parts);
  }

  /**
   * As {@link #in(Object[]) in(values...)}, for values already in a collection.
   *
   * @param values the values, not null (nor any of them)
   * @return the query
   */
  public final IndexQuery<T> in(Collection<? extends V> values) {
    Objects.requireNonNull(values, component);
    List<Object> parts = new ArrayList<>(values.size());
    for (V value : values) {
      parts.add(key(value, component));
    }
    return anyOf(parts);
  }

  /**
   * The records whose component lies between {@code from} and {@code to}, both inclusive, in index
   * order.
   *
   * @param from the lowest value, inclusive, not null
   * @param to the highest value, inclusive, not null
   * @return the query
   */
  public final IndexQuery<T> between(V from, V to) {
    return rangeBetween(key(from, "from" + capitalized()), key(to, "to" + capitalized()));
  }

  /**
   * The records whose component is greater than {@code value}, in index order.
   *
   * @param value the exclusive lower bound, not null
   * @return the query
   */
  public final IndexQuery<T> greaterThan(V value) {
    return rangeFrom(key(value, component), false);
  }

  /**
   * The records whose component is at least {@code value}, in index order.
   *
   * @param value the inclusive lower bound, not null
   * @return the query
   */
  public final IndexQuery<T> atLeast(V value) {
    return rangeFrom(key(value, component), true);
  }

  /**
   * The records whose component is less than {@code value}, in index order.
   *
   * @param value the exclusive upper bound, not null
   * @return the query
   */
  public final IndexQuery<T> lessThan(V value) {
    return rangeTo(key(value, component), false);
  }

  /**
   * The records whose component is at most {@code value}, in index order.
   *
   * @param value the inclusive upper bound, not null
   * @return the query
   */
  public final IndexQuery<T> atMost(V value) {
    return rangeTo(key(value, component), true);
  }

  /** {@return the component's name, for the messages of null arguments} */
  protected final String component() {
    return component;
  }

  private Object key(V value, String name) {
    return indexKey.apply(Objects.requireNonNull(value, name));
  }

  private String capitalized() {
    return Character.toUpperCase(component.charAt(0)) + component.substring(1);
  }
}
