package dev.tessera.query;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The stage of a typed query over a multi-value index (one over a {@code List} or {@code Set}
 * component, with one entry per element): {@code equalTo} and {@code in}, each finding a record
 * once however many of the asked elements it holds. Ranges and prefixes are not offered: a record
 * holding several elements in a range would be found once per element.
 *
 * <pre>{@code
 * List<Book> books = books.byTags().in("sf", "classic").list();
 * List<Book> same = books.byTags().in(Set.of("sf", "classic")).list();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the record type
 * @param <E> the element type (boxed for a primitive)
 */
public abstract class MultiValueStage<T, E> extends IndexQueryStage<T> {
  private final String component;
  private final Function<? super E, ?> indexKey;

  /**
   * A stage over {@code query} for the collection component {@code component}.
   *
   * @param query the query of every record in the index
   * @param component the component's name, for the messages of null arguments
   * @param indexKey an element's index key: normalised and encoded as the index stores it
   */
  protected MultiValueStage(IndexQuery<T> query, String component, Function<? super E, ?> indexKey) {
    super(query);
    this.component = Objects.requireNonNull(component, "component");
    this.indexKey = Objects.requireNonNull(indexKey, "indexKey");
  }

  /**
   * The records whose collection holds {@code element}, each once, in primary key order.
   *
   * @param element the element, not null
   * @return the query
   */
  public final IndexQuery<T> equalTo(E element) {
    return equal(key(element));
  }

  /**
   * The records whose collection holds any of {@code elements}, each once: a record comes under
   * the first of the asked elements it holds, in index order (the last, reversed), then by primary
   * key. No element returns no record. {@code count()} reads the records to count each once.
   *
   * @param elements the elements, not null (nor any of them)
   * @return the query
   */
  @SafeVarargs
  public final IndexQuery<T> in(E... elements) {
    return in(Arrays.asList(Objects.requireNonNull(elements, component)));
  }

  /**
   * As {@link #in(Object[]) in(elements...)}, for elements already in a collection.
   *
   * <pre>{@code
   * Set<String> followed = Set.of("sf", "classic");
   * List<Book> books = books.byTags().in(followed).list();
   * }</pre>
   *
   * @param elements the elements, not null (nor any of them)
   * @return the query
   */
  public final IndexQuery<T> in(Collection<? extends E> elements) {
    Objects.requireNonNull(elements, component);
    List<Object> parts = new ArrayList<>(elements.size());
    for (E element : elements) {
      parts.add(key(element));
    }
    return anyOf(parts);
  }

  private Object key(E element) {
    return indexKey.apply(Objects.requireNonNull(element, component));
  }
}
