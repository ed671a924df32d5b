package dev.tessera.processor.validation;

import dev.tessera.processor.model.DataMethod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a query from a repository method's name, the subset of Jakarta Data's Query by Method Name
 * (and of Spring Data's derived queries) that keys can serve: {@code find}, {@code count}, {@code
 * exists} or {@code delete}; {@code First}/{@code Top} with an optional number; conditions joined
 * by {@code And}, each an attribute with an optional operator ({@code Between}, {@code
 * GreaterThan}, {@code GreaterThanEqual}, {@code LessThan}, {@code LessThanEqual}, {@code
 * StartsWith}, {@code In}, {@code Null}) and {@code IgnoreCase}; then {@code OrderBy} attributes
 * with {@code Asc} or {@code Desc}. Attributes match the longest component name, so an attribute
 * that contains a keyword ({@code author} holds no {@code Or}) reads right. Keywords that need a
 * scan ({@code Or}, {@code Not}, {@code Like}, {@code Contains}, {@code EndsWith}, {@code True},
 * {@code False}, {@code Empty}) are refused with the reason, but for {@code Contains} after a
 * component holding several values ({@code List}, {@code Set}), which compares one element. Pure.
 *
 * <p>Stateless and thread-safe.
 */
final class MethodNameParser {
  private MethodNameParser() {}

  /** What the method does with the records it selects. */
  enum Action {
    FIND,
    COUNT,
    EXISTS,
    DELETE
  }

  /** The outcome of reading a name. */
  sealed interface Outcome {}

  /** The name is not a query ({@code findBy...}); nothing to report here. */
  record NotAQuery() implements Outcome {}

  /**
   * A query.
   *
   * @param action what it does
   * @param first how many records {@code First}/{@code Top} reads, or 0
   * @param predicates its conditions, in the name's order
   * @param order its {@code OrderBy} attributes
   */
  record Parsed(
      Action action,
      int first,
      List<QueryPlanner.Predicate> predicates,
      List<QueryPlanner.OrderSpec> order)
      implements Outcome {}

  /**
   * A name that reads as a query Tessera refuses.
   *
   * @param keyword the keyword (or text) refused
   * @param reason why, and what to write instead
   */
  record Refused(String keyword, String reason) implements Outcome {}

  private static final String SCAN =
      "it needs a scan of every value, and Tessera reads only through keys: an index serves"
          + " equality, In, ranges (Between, GreaterThan, LessThan...) and StartsWith";

  /** Keywords after an attribute: those served, then those refused, longest first. */
  private static final List<String> OPERATORS =
      List.of(
          "GreaterThanEqual", "LessThanEqual", "GreaterThan", "LessThan", "Between", "StartsWith",
          "EndsWith", "Contains", "IgnoreCase", "Like", "True", "False", "Empty", "Null", "Not",
          "In");

  /**
   * Reads {@code name}.
   *
   * @param name the method name
   * @param attributes the entity's components
   * @param key the primary key component, which {@code Id} also names
   * @param collections the components that hold several values ({@code List}, {@code Set}), on
   *     which {@code Contains} compares one element
   */
  static Outcome parse(
      String name, List<String> attributes, String key, java.util.Set<String> collections) {
    Action action = null;
    String rest = null;
    for (Action candidate : Action.values()) {
      String verb = candidate.name().toLowerCase(Locale.ROOT);
      if (name.startsWith(verb)
          && (name.length() == verb.length() || Character.isUpperCase(name.charAt(verb.length())))) {
        action = candidate;
        rest = name.substring(verb.length());
      }
    }
    if (action == null) {
      return new NotAQuery();
    }
    int first = 0;
    for (String limit : List.of("First", "Top")) {
      if (rest.startsWith(limit)) {
        int end = limit.length();
        while (end < rest.length() && Character.isDigit(rest.charAt(end))) {
          end++;
        }
        first = end == limit.length() ? 1 : Integer.parseInt(rest.substring(limit.length(), end));
        if (first == 0 || action != Action.FIND) {
          return new Refused(limit, limit + " takes a positive number of records, on a find method");
        }
        rest = rest.substring(end);
      }
    }
    int by = restrictionStart(rest);
    int orderBy = rest.indexOf("OrderBy", Math.max(by, 0));
    if (by < 0 && orderBy < 0) {
      return new Parsed(action, first, List.of(), List.of());
    }
    List<QueryPlanner.Predicate> predicates = new ArrayList<>();
    List<QueryPlanner.OrderSpec> order = new ArrayList<>();
    Reader reader =
        new Reader(
            by < 0 ? rest.substring(orderBy) : rest.substring(by + 2),
            attributes,
            key,
            collections);
    if (by >= 0) {
      Refused refused = reader.predicates(predicates);
      if (refused != null) {
        return refused;
      }
    }
    if (reader.remaining().startsWith("OrderBy")) {
      reader.skip("OrderBy".length());
      Refused refused = reader.order(order);
      if (refused != null) {
        return refused;
      }
    }
    if (!reader.remaining().isEmpty()) {
      return new Refused(reader.remaining(), "this part of the name reads as no attribute or keyword");
    }
    return new Parsed(action, first, predicates, order);
  }

  /** The position of the {@code By} that starts the conditions (not {@code OrderBy}'s), or -1. */
  private static int restrictionStart(String rest) {
    for (int i = rest.indexOf("By"); i >= 0; i = rest.indexOf("By", i + 1)) {
      if (!(i >= 5 && rest.startsWith("Order", i - 5))) {
        return i;
      }
    }
    return -1;
  }

  /** Reads conditions and orders from the text after {@code By}. Not thread-safe. */
  private static final class Reader {
    private final String text;
    private final List<String> attributes;
    private final String key;
    private final java.util.Set<String> collections;
    private int position;

    Reader(String text, List<String> attributes, String key, java.util.Set<String> collections) {
      this.text = text;
      this.key = key;
      this.collections = collections;
      this.attributes =
          attributes.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
    }

    String remaining() {
      return text.substring(position);
    }

    void skip(int length) {
      position += length;
    }

    Refused predicates(List<QueryPlanner.Predicate> predicates) {
      while (true) {
        Optional<String> attribute = attribute();
        if (attribute.isEmpty()) {
          return new Refused(
              remaining(), "no attribute of the entity starts here; attributes: "
                  + String.join(", ", attributes));
        }
        DataMethod.Operator operator = DataMethod.Operator.EQUAL;
        boolean ignoreCase = false;
        for (String keyword : OPERATORS) {
          if (remaining().startsWith(keyword) && !remaining().startsWith("OrderBy")) {
            if (keyword.equals("Contains") && collections.contains(attribute.get())) {
              skip(keyword.length()); // one element of a List or Set: element equality
              break;
            }
            Refused refused = refusal(keyword);
            if (refused != null) {
              return refused;
            }
            if (!keyword.equals("IgnoreCase")) {
              operator = operatorOf(keyword);
              skip(keyword.length());
            }
            break;
          }
        }
        if (remaining().startsWith("IgnoreCase")) {
          ignoreCase = true;
          skip("IgnoreCase".length());
        }
        predicates.add(new QueryPlanner.Predicate(attribute.get(), operator, ignoreCase));
        if (remaining().startsWith("And")) {
          skip(3);
        } else if (remaining().startsWith("Or") && !remaining().startsWith("OrderBy")) {
          return new Refused(
              "Or",
              "an Or reads two key ranges and merges them; declare two methods and combine their"
                  + " results");
        } else {
          return null;
        }
      }
    }

    Refused order(List<QueryPlanner.OrderSpec> order) {
      while (position < text.length()) {
        Optional<String> attribute = attribute();
        if (attribute.isEmpty()) {
          return new Refused(remaining(), "no attribute of the entity starts here after OrderBy");
        }
        boolean descending = false;
        if (remaining().startsWith("Desc")) {
          descending = true;
          skip(4);
        } else if (remaining().startsWith("Asc")) {
          skip(3);
        }
        boolean ignoreCase = remaining().startsWith("IgnoreCase");
        if (ignoreCase) {
          skip("IgnoreCase".length());
        }
        order.add(new QueryPlanner.OrderSpec(attribute.get(), descending, ignoreCase));
      }
      return null;
    }

    /** The longest attribute whose capitalised name starts here, consumed. */
    private Optional<String> attribute() {
      for (String attribute : attributes) {
        String capitalized =
            attribute.substring(0, 1).toUpperCase(Locale.ROOT) + attribute.substring(1);
        if (text.startsWith(capitalized, position)) {
          skip(capitalized.length());
          return Optional.of(attribute);
        }
      }
      if (text.startsWith("Id", position)) {
        skip(2);
        return Optional.of(key);
      }
      return Optional.empty();
    }

    private static Refused refusal(String keyword) {
      switch (keyword) {
        case "Not":
          return new Refused(
              "Not", "an index serves the values it holds, not their complement, which needs a scan");
        case "Contains":
          return new Refused(
              keyword,
              "Contains on text: " + SCAN + " (Contains compares one element of a List or Set"
                  + " component, served by an @Index over it)");
        case "Like":
        case "EndsWith":
          return new Refused(keyword, keyword + ": " + SCAN);
        case "True":
        case "False":
          return new Refused(
              keyword, keyword + ": compare the attribute with a boolean parameter instead");
        case "Empty":
          return new Refused(keyword, "Empty: " + SCAN);
        default:
          return null;
      }
    }

    private static DataMethod.Operator operatorOf(String keyword) {
      switch (keyword) {
        case "GreaterThanEqual":
          return DataMethod.Operator.GREATER_THAN_EQUAL;
        case "LessThanEqual":
          return DataMethod.Operator.LESS_THAN_EQUAL;
        case "GreaterThan":
          return DataMethod.Operator.GREATER_THAN;
        case "LessThan":
          return DataMethod.Operator.LESS_THAN;
        case "Between":
          return DataMethod.Operator.BETWEEN;
        case "StartsWith":
          return DataMethod.Operator.STARTS_WITH;
        case "Null":
          return DataMethod.Operator.NULL;
        default:
          return DataMethod.Operator.IN;
      }
    }
  }
}
