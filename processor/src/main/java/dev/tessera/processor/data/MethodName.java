package dev.tessera.processor.data;

import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.data.DataMethod.Action;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A query method name parsed: {@code find}, {@code count}, {@code exists} or {@code delete}, then
 * {@code First}/{@code Top N} for {@code find}, then {@code By}, conditions joined by {@code And}
 * (each a field and an optional operator and {@code IgnoreCase}), then {@code OrderBy} fields each
 * followed by an optional {@code Asc}/{@code Desc}. Field names are matched against the entity's
 * components, longest first, so a field whose name contains {@code And} still reads right.
 *
 * <p>Immutable and thread-safe.
 *
 * @param action what the method does
 * @param first the {@code First}/{@code Top} bound, or 0
 * @param conditions the conditions in name order, without parameters yet
 * @param order the static order
 */
record MethodName(Action action, int first, List<Condition> conditions, List<OrderKey> order) {
  /** Operators by keyword, longest keyword first so {@code GreaterThanEqual} wins over {@code GreaterThan}. */
  private static final List<Operator> OPERATORS = List.of(
      Operator.GREATER_THAN_EQUAL, Operator.LESS_THAN_EQUAL, Operator.GREATER_THAN,
      Operator.LESS_THAN, Operator.STARTS_WITH, Operator.BETWEEN, Operator.NULL, Operator.IN);
  /** Keywords of Jakarta Data and Spring Data that no index range serves. */
  private static final List<String> REFUSED = List.of(
      "NotNull", "NotIn", "Not", "Like", "Contains", "EndsWith", "True", "False", "Empty",
      "Before", "After", "Matches", "Within", "Near", "Regex", "Exists", "Is");

  /** Copies the lists. */
  MethodName {
    conditions = List.copyOf(conditions);
    order = List.copyOf(order);
  }

  /**
   * Parses {@code name}.
   *
   * @param method the method, for messages ({@code Books.findByTitle})
   * @param name the method name
   * @param fields the entity's components
   * @return the parsed name, or empty if {@code name} is not a query method name at all
   * @throws QueryRefusal if it is one, but asks for what Tessera does not serve
   */
  static Optional<MethodName> parse(String method, String name, List<String> fields, String entity) {
    for (Action action : Action.values()) {
      String verb = action.name().toLowerCase(Locale.ROOT);
      if (name.startsWith(verb)) {
        return new Parser(method, name, verb.length(), fields, entity).parse(action);
      }
    }
    return Optional.empty();
  }

  /** One parse: a position in the name. */
  private static final class Parser {
    private final String method;
    private final String name;
    private final List<String> fields;
    private final String entity;
    private int at;

    Parser(String method, String name, int at, List<String> fields, String entity) {
      this.method = method;
      this.name = name;
      this.at = at;
      this.fields = fields.stream().sorted(Comparator.comparing(String::length).reversed()).toList();
      this.entity = entity;
    }

    Optional<MethodName> parse(Action action) {
      int first = 0;
      if (action == Action.FIND && (take("First") || take("Top"))) {
        int digits = at;
        while (at < name.length() && Character.isDigit(name.charAt(at))) {
          at++;
        }
        first = digits == at ? 1 : Integer.parseInt(name.substring(digits, at));
        if (first < 1) {
          throw new QueryRefusal(ProcessorErrors.firstZero(method));
        }
      }
      if (!take("By")) {
        return Optional.empty();
      }
      List<Condition> conditions = new ArrayList<>();
      if (!name.startsWith("OrderBy", at)) {
        do {
          conditions.add(condition());
        } while (take("And"));
      }
      List<OrderKey> order = new ArrayList<>();
      if (take("OrderBy")) {
        do {
          String field = field();
          boolean descending = take("Desc");
          if (!descending) {
            take("Asc");
          }
          order.add(new OrderKey(field, descending));
        } while (at < name.length());
      }
      if (at < name.length()) {
        String rest = name.substring(at);
        if (rest.startsWith("Or")) {
          throw new QueryRefusal(ProcessorErrors.unsupportedQueryKeyword(method, "Or"));
        }
        refuseKeywordAhead();
        throw new QueryRefusal(ProcessorErrors.unreadableQueryName(method, rest));
      }
      return Optional.of(new MethodName(action, first, conditions, order));
    }

    private Condition condition() {
      String field = field();
      refuseKeywordAhead();
      Operator operator = Operator.EQUAL;
      for (Operator candidate : OPERATORS) {
        if (take(candidate.keyword())) {
          operator = candidate;
          break;
        }
      }
      boolean ignoreCase = take("IgnoreCase");
      return new Condition(field, operator, List.of(), ignoreCase);
    }

    private String field() {
      for (String field : fields) {
        String capitalized = field.substring(0, 1).toUpperCase(Locale.ROOT) + field.substring(1);
        if (name.startsWith(capitalized, at)) {
          at += capitalized.length();
          return field;
        }
      }
      int end = Math.min(at + 1, name.length());
      while (end < name.length() && !Character.isUpperCase(name.charAt(end))) {
        end++;
      }
      throw new QueryRefusal(ProcessorErrors.unknownQueryField(
          method, name.substring(at, end), entity, fields.stream().sorted().toList()));
    }

    private void refuseKeywordAhead() {
      for (String keyword : REFUSED) {
        if (name.startsWith(keyword, at)) {
          throw new QueryRefusal(ProcessorErrors.unsupportedQueryKeyword(method, keyword));
        }
      }
    }

    private boolean take(String keyword) {
      if (!keyword.isEmpty() && name.startsWith(keyword, at)) {
        at += keyword.length();
        return true;
      }
      return false;
    }
  }
}
