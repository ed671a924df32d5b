package dev.tessera.jakarta;

import dev.tessera.query.PageCursor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What an application-built cursor ({@code PageRequest.Cursor.forKey(...)}) holds for one query
 * method, and how it becomes Tessera's {@link PageCursor}: the values of the attributes the query's
 * key orders its results by (those its conditions do not fix, most significant first, ending with
 * the primary key), in that order, each of the attribute's type. Generated code builds one per
 * method returning {@code CursoredPage}; the conversion calls the generated repository's typed
 * query stages, so values are encoded and normalised exactly as writes encode them.
 *
 * <pre>{@code
 * // Books.pagesByAuthor(String author, PageRequest request), served by index (author, year):
 * new CursorKey("Books.pagesByAuthor", List.of("year", "isbn"), List.of(Integer.class, String.class),
 *     false, values -> repository.byAuthorAndYear().equalTo(author).equalTo((Integer) values.get(0))
 *         .cursorAt(repository.byId().cursorAt((String) values.get(1))));
 * }</pre>
 *
 * <p>Immutable and thread-safe if {@code encoder} is.
 */
public final class CursorKey {
  private final String method;
  private final List<String> attributes;
  private final List<Class<?>> types;
  private final boolean keyOptional;
  private final Function<List<Object>, PageCursor> encoder;

  /**
   * The key of {@code method}'s cursors.
   *
   * @param method the repository method, for messages, e.g. {@code "Books.pagesByAuthor"}
   * @param attributes the attributes whose values a cursor holds, in order
   * @param types each attribute's type (boxed for a primitive)
   * @param keyOptional true if the last attribute (the primary key) may be left out: a unique
   *     index's values name one record without it
   * @param encoder the page cursor of values of {@code types}, one per attribute (or all but the
   *     last when it is left out)
   */
  public CursorKey(
      String method,
      List<String> attributes,
      List<Class<?>> types,
      boolean keyOptional,
      Function<List<Object>, PageCursor> encoder) {
    this.method = Objects.requireNonNull(method, "method");
    this.attributes = List.copyOf(attributes);
    this.types = List.copyOf(types);
    this.keyOptional = keyOptional;
    this.encoder = Objects.requireNonNull(encoder, "encoder");
    if (this.attributes.size() != this.types.size()) {
      throw new IllegalArgumentException(attributes + " and " + types + " differ in length");
    }
  }

  /** {@return the attributes whose values a cursor holds, in order} */
  public List<String> attributes() {
    return attributes;
  }

  /**
   * The page cursor of an application's cursor {@code values}.
   *
   * @param values the cursor's values
   * @return the page cursor
   * @throws IllegalArgumentException if there are not as many values as attributes, or one is null
   *     or not of its attribute's type; the message names the attributes expected
   */
  PageCursor pageCursor(List<?> values) {
    int given = values.size();
    if (given != attributes.size() && !(keyOptional && given == attributes.size() - 1)) {
      throw refused(values, "it has " + given + " value(s), and the key has " + attributes.size());
    }
    List<Object> converted = new ArrayList<>(given);
    for (int i = 0; i < given; i++) {
      Object value = converted(values.get(i), types.get(i));
      if (value == null) {
        Object original = values.get(i);
        throw refused(
            values,
            "value " + (i + 1) + " (" + original + ") for " + attributes.get(i) + " is "
                + (original == null ? "null" : "a " + original.getClass().getName())
                + ", not a " + types.get(i).getName());
      }
      converted.add(value);
    }
    return encoder.apply(converted);
  }

  private IllegalArgumentException refused(List<?> values, String why) {
    return new IllegalArgumentException(
        "the cursor " + values + " does not fit " + method + ": " + why + ". Its cursors hold the"
            + " values of " + String.join(", ", attributes) + ", in this order"
            + (keyOptional ? " (the last may be left out)" : "")
            + ", e.g. PageRequest.Cursor.forKey(" + String.join(", ", attributes) + ")");
  }

  /**
   * {@code value} as a {@code type}, widening integers ({@code 1965} for a {@code long}) and
   * floats; null if it is not one.
   */
  private static Object converted(Object value, Class<?> type) {
    if (value == null) {
      return null;
    }
    if (type.isInstance(value)) {
      return value;
    }
    boolean integral =
        value instanceof Byte || value instanceof Short || value instanceof Integer;
    if (type == Long.class && (integral || value instanceof Long)) {
      return ((Number) value).longValue();
    }
    if (type == Integer.class && (value instanceof Byte || value instanceof Short)) {
      return ((Number) value).intValue();
    }
    if (type == Double.class && value instanceof Float) {
      return ((Number) value).doubleValue();
    }
    return null;
  }
}
