package dev.tessera.processor.data;

import dev.tessera.annotations.Normalize;
import dev.tessera.processor.ProcessorErrors;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chooses how an entity's primary key or one of its indexes serves a query, or refuses it naming the
 * index to declare. A scan serves conditions when, in the index's component order, every condition
 * but the last fixes its component's values (equality, {@code In}) and the last is one range
 * ({@code Between}, the comparisons, {@code StartsWith}, {@code Null}) on the next component. Rows
 * come in index key order: by the components not fixed by equality, then by primary key (a
 * non-unique index); a static order must be a leading part of that order, all ascending or all
 * descending (a reverse scan).
 *
 * <p>Candidates are tried in this order: the primary key, unique indexes, other indexes, each in
 * declaration order; the first that serves the conditions and the order wins.
 *
 * <p>Stateless and thread-safe.
 */
final class QueryPlanner {
  private final EntityModel entity;

  QueryPlanner(EntityModel entity) {
    this.entity = entity;
  }

  /**
   * The access path of a query.
   *
   * @param method the method, for messages ({@code Books.findByAuthor})
   * @throws QueryRefusal if nothing serves it
   */
  AccessPath plan(String method, List<Condition> conditions, List<OrderKey> order) {
    Map<String, Condition> byField = new LinkedHashMap<>();
    for (Condition condition : conditions) {
      if (byField.put(condition.field(), condition) != null) {
        throw new QueryRefusal(ProcessorErrors.repeatedQueryField(method, condition.field()));
      }
    }
    List<String> ranges = conditions.stream()
        .filter(c -> !c.operator().fixesValues()).map(Condition::field).toList();
    if (ranges.size() > 1) {
      throw new QueryRefusal(ProcessorErrors.severalRanges(method, ranges));
    }
    List<OrderKey> wanted = order.stream()
        .filter(key -> !fixed(byField.get(key.field())))
        .toList();
    List<AccessPath> servingConditions = new ArrayList<>();
    for (AccessPath path : candidates(byField)) {
      servingConditions.add(path);
      Boolean reverse = direction(path.order(), wanted);
      if (reverse != null) {
        return new AccessPath(path.index(), path.conditions(), path.order(), reverse,
            path.description());
      }
    }
    if (servingConditions.isEmpty()) {
      throw new QueryRefusal(ProcessorErrors.noIndexForQuery(method, entity.type().simpleName(),
          describe(conditions), suggestion(conditions, order)));
    }
    AccessPath nearest = servingConditions.get(0);
    throw new QueryRefusal(ProcessorErrors.unservedOrder(method, describeOrder(order),
        nearest.description(), String.join(", ", nearest.order()), suggestion(conditions, order)));
  }

  /** True if {@code condition} fixes its field to one value, so ordering by it is moot. */
  private static boolean fixed(Condition condition) {
    return condition != null && condition.operator() == Operator.EQUAL;
  }

  /** Whether {@code order} scans forward (false), backward (true), or is not served (null). */
  private static Boolean direction(List<String> natural, List<OrderKey> wanted) {
    if (wanted.isEmpty()) {
      return false;
    }
    if (natural.isEmpty()) {
      return false; // every field fixed on a unique index: at most one row
    }
    boolean descending = wanted.get(0).descending();
    for (int i = 0; i < wanted.size(); i++) {
      if (i >= natural.size()
          || !natural.get(i).equals(wanted.get(i).field())
          || wanted.get(i).descending() != descending) {
        return null;
      }
    }
    return descending;
  }

  private List<AccessPath> candidates(Map<String, Condition> byField) {
    List<AccessPath> paths = new ArrayList<>();
    String key = entity.primaryKey().name();
    boolean keyServes = byField.isEmpty()
        || (byField.size() == 1 && byField.containsKey(key) && keyOperator(byField.get(key)));
    if (keyServes) {
      paths.add(new AccessPath(null, List.copyOf(byField.values()), List.of(key), false,
          "the primary key of " + entity.entityName()));
    }
    for (boolean unique : new boolean[] {true, false}) {
      for (IndexModel index : entity.indexes()) {
        if (index.unique() == unique && !entity.multiValue(index)) {
          AccessPath path = indexPath(index, byField);
          if (path != null) {
            paths.add(path);
          }
        }
      }
    }
    return paths;
  }

  private boolean keyOperator(Condition condition) {
    switch (condition.operator()) {
      case IN:
      case NULL:
        return false;
      case STARTS_WITH:
        return entity.primaryKey().type().kind() == ValueKind.STRING && !condition.ignoreCase();
      default:
        return !condition.ignoreCase();
    }
  }

  /** The scan of {@code index} serving {@code byField}, or null if it does not serve them. */
  private AccessPath indexPath(IndexModel index, Map<String, Condition> byField) {
    List<Condition> applied = new ArrayList<>();
    for (String field : index.fields()) {
      Condition condition = byField.get(field);
      if (condition == null) {
        break;
      }
      if (!serves(index, condition)) {
        return null;
      }
      applied.add(condition);
      if (!condition.operator().fixesValues()) {
        break;
      }
    }
    if (applied.size() != byField.size()) {
      return null;
    }
    if (byField.isEmpty() && !holdsEveryRecord(index)) {
      return null; // a full scan for its order must see every record
    }
    List<String> order = new ArrayList<>();
    for (String field : index.fields()) {
      if (!fixed(byField.get(field))) {
        order.add(field);
      }
    }
    if (!index.unique()) {
      order.add(entity.primaryKey().name());
    }
    return new AccessPath(index, applied, order, false,
        "index '" + index.name() + "' of " + entity.entityName());
  }

  private boolean serves(IndexModel index, Condition condition) {
    if (condition.ignoreCase() && index.normalize() == Normalize.NONE) {
      return false;
    }
    boolean text = entity.component(condition.field()).type().kind() == ValueKind.STRING;
    switch (condition.operator()) {
      case STARTS_WITH:
        return text;
      case NULL:
        return !index.unique() && !entity.component(condition.field()).type().primitive();
      default:
        return true;
    }
  }

  /** True if every record has an entry: a non-unique index, or a unique one over primitives. */
  private boolean holdsEveryRecord(IndexModel index) {
    return !index.unique()
        || index.fields().stream().allMatch(f -> entity.component(f).type().primitive());
  }

  /**
   * The index to declare: equality fields in condition order, then the range field, then the
   * order fields not already in it.
   */
  private static String suggestion(List<Condition> conditions, List<OrderKey> order) {
    List<String> fields = new ArrayList<>();
    conditions.stream().filter(c -> c.operator().fixesValues()).forEach(c -> fields.add(c.field()));
    conditions.stream().filter(c -> !c.operator().fixesValues()).forEach(c -> fields.add(c.field()));
    Set<String> seen = new HashSet<>(fields);
    order.stream().map(OrderKey::field).filter(seen::add).forEach(fields::add);
    boolean ignoreCase = conditions.stream().anyMatch(Condition::ignoreCase);
    return "@Index(fields = {\"" + String.join("\", \"", fields) + "\"}"
        + (ignoreCase ? ", normalize = Normalize.CASE_INSENSITIVE" : "") + ")";
  }

  private static String describe(List<Condition> conditions) {
    List<String> parts = new ArrayList<>();
    for (Condition condition : conditions) {
      String operator = condition.operator() == Operator.EQUAL
          ? "equality" : condition.operator().keyword();
      parts.add(operator + (condition.ignoreCase() ? " ignoring case" : "") + " on "
          + condition.field());
    }
    return String.join(", ", parts);
  }

  private static String describeOrder(List<OrderKey> order) {
    List<String> parts = new ArrayList<>();
    for (OrderKey key : order) {
      parts.add(key.field() + (key.descending() ? " desc" : " asc"));
    }
    return String.join(", ", parts);
  }
}
