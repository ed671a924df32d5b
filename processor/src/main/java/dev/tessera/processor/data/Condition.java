package dev.tessera.processor.data;

import java.util.List;
import java.util.Objects;

/**
 * One condition of a query method: {@code field operator parameters}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param field the entity component
 * @param operator the comparison
 * @param parameters the names of the method parameters it takes, as many as the operator needs
 * @param ignoreCase whether the method name asks for case-insensitive comparison
 */
record Condition(String field, Operator operator, List<String> parameters, boolean ignoreCase) {

  /** Validates and copies the fields. */
  Condition {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(operator, "operator");
    parameters = List.copyOf(parameters);
  }
}
