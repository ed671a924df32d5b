package dev.tessera.processor.validation;

import dev.tessera.annotations.Normalize;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.DataMethod;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Chooses what serves a query's conditions and static order: the primary key, an index whose
 * leading fields the equality (or any-of) conditions fix with at most one range on the next field,
 * or every record in key order. Never a scan of records: a query nothing serves has no plan, and
 * the processor reports it. Pure: it reads only the model.
 *
 * <p>Stateless and thread-safe.
 */
final class QueryPlanner {
  private QueryPlanner() {}

  /**
   * One condition, before a key orders them.
   *
   * @param attribute the record component
   * @param operator how it is compared
   * @param ignoreCase true if the comparison ignores case (an index must normalise case)
   */
  record Predicate(String attribute, DataMethod.Operator operator, boolean ignoreCase) {}

  /**
   * One attribute of a static order.
   *
   * @param attribute the record component
   * @param descending true for descending
   * @param ignoreCase true if the order ignores case
   */
  record OrderSpec(String attribute, boolean descending, boolean ignoreCase) {}

  /**
   * How a query is served.
   *
   * @param access the key or index read
   * @param keyOrder the condition attributes in the order of the key they narrow
   * @param served what the results are ordered by, most significant first
   * @param fixed the attributes held at one value
   * @param descending true if the static order asks for the reverse of the key's
   * @param staticOrder how many attributes of {@code served} the static order names
   */
  record Plan(
      DataMethod.Access access,
      List<String> keyOrder,
      List<String> served,
      Set<String> fixed,
      boolean descending,
      int staticOrder) {}

  /** The outcome: a plan, or why there is none. */
  sealed interface Outcome {}

  /** Served. */
  record Served(Plan plan) implements Outcome {}

  /**
   * No key serves the conditions.
   *
   * @param indexes the keys of the entity, for the message
   * @param suggestedFields the fields of the index that would serve them
   */
  record UnservedConditions(String indexes, List<String> suggestedFields) implements Outcome {}

  /** Keys serve the conditions, but none gives the order. */
  record UnservedOrder(String served, List<String> suggestedFields) implements Outcome {}

  /**
   * The plan for {@code predicates} ordered by {@code order}.
   *
   * @param model the entity
   * @param predicates the conditions, each on another attribute
   * @param order the static order, most significant first, possibly empty
   */
  static Outcome plan(EntityModel model, List<Predicate> predicates, List<OrderSpec> order) {
    Map<String, Predicate> byAttribute = new LinkedHashMap<>();
    for (Predicate predicate : predicates) {
      byAttribute.put(predicate.attribute(), predicate);
    }
    List<Plan> candidates = candidates(model, byAttribute);
    if (candidates.isEmpty()) {
      return new UnservedConditions(describeKeys(model), suggested(model, predicates));
    }
    for (Plan candidate : candidates) {
      Boolean descending = direction(candidate, order);
      if (descending != null) {
        int named =
            (int) order.stream().filter(spec -> !candidate.fixed().contains(spec.attribute())).count();
        return new Served(
            new Plan(
                candidate.access(),
                candidate.keyOrder(),
                candidate.served(),
                candidate.fixed(),
                descending,
                named));
      }
    }
    Set<String> suggested = new LinkedHashSet<>(suggested(model, predicates));
    for (OrderSpec spec : order) {
      suggested.add(spec.attribute());
    }
    return new UnservedOrder(String.join(", ", candidates.get(0).served()), List.copyOf(suggested));
  }

  /** The fields of an index that would serve the predicates: equalities first, the range last. */
  private static List<String> suggested(EntityModel model, List<Predicate> predicates) {
    List<String> fields = new ArrayList<>();
    for (ComponentModel component : model.components()) {
      for (Predicate predicate : predicates) {
        if (predicate.attribute().equals(component.name()) && !predicate.operator().range()) {
          fields.add(component.name());
        }
      }
    }
    for (Predicate predicate : predicates) {
      if (predicate.operator().range()) {
        fields.add(predicate.attribute());
      }
    }
    return fields;
  }

  /** Every key that serves the predicates, the primary key first. */
  private static List<Plan> candidates(EntityModel model, Map<String, Predicate> predicates) {
    List<Plan> plans = new ArrayList<>();
    List<Predicate> ranges =
        predicates.values().stream().filter(p -> p.operator().range()).toList();
    if (ranges.size() > 1) {
      return plans;
    }
    keyPlan(model, predicates).ifPresent(plans::add);
    for (IndexModel index : model.indexes()) {
      indexPlan(model, index, predicates, ranges.isEmpty() ? null : ranges.get(0))
          .ifPresent(plans::add);
    }
    return plans;
  }

  private static java.util.Optional<Plan> keyPlan(
      EntityModel model, Map<String, Predicate> predicates) {
    String key = model.primaryKey().name();
    if (predicates.isEmpty()) {
      return java.util.Optional.of(
          new Plan(new DataMethod.ByKey(), List.of(), List.of(key), Set.of(), false, 0));
    }
    Predicate predicate = predicates.get(key);
    if (predicates.size() != 1 || predicate == null || predicate.ignoreCase()) {
      return java.util.Optional.empty();
    }
    DataMethod.Operator operator = predicate.operator();
    if (operator == DataMethod.Operator.EQUAL) {
      return java.util.Optional.of(
          new Plan(new DataMethod.ByKey(), List.of(key), List.of(key), Set.of(key), false, 0));
    }
    boolean keyRange =
        operator.range()
            && operator != DataMethod.Operator.NULL
            && (operator != DataMethod.Operator.STARTS_WITH
                || model.primaryKey().type().kind() == ValueKind.STRING);
    return keyRange
        ? java.util.Optional.of(
            new Plan(new DataMethod.ByKey(), List.of(key), List.of(key), Set.of(), false, 0))
        : java.util.Optional.empty();
  }

  private static java.util.Optional<Plan> indexPlan(
      EntityModel model, IndexModel index, Map<String, Predicate> predicates, Predicate range) {
    List<String> fields = index.fields();
    int prefix = predicates.size() - (range == null ? 0 : 1);
    int narrowed = predicates.size();
    if (model.multiValue(index)
        || narrowed > fields.size()
        || (range != null && !fields.get(prefix).equals(range.attribute()))
        || (narrowed < fields.size() && !holdsEveryRecord(model, index))) {
      return java.util.Optional.empty();
    }
    for (String field : fields.subList(0, prefix)) {
      Predicate predicate = predicates.get(field);
      if (predicate == null || predicate.operator().range()) {
        return java.util.Optional.empty();
      }
    }
    for (Predicate predicate : predicates.values()) {
      if (predicate.ignoreCase() && index.normalize() != Normalize.CASE_INSENSITIVE) {
        return java.util.Optional.empty();
      }
    }
    if (range != null
        && range.operator() == DataMethod.Operator.NULL
        && (index.unique() || model.component(range.attribute()).type().primitive())) {
      return java.util.Optional.empty(); // a unique index holds no null, a primitive is never null
    }
    List<String> served = new ArrayList<>();
    Set<String> fixed = new LinkedHashSet<>();
    boolean complete = true;
    for (int i = 0; i < fields.size(); i++) {
      String field = fields.get(i);
      Predicate predicate = i < narrowed ? predicates.get(field) : null;
      if (predicate != null && predicate.operator().fixes()) {
        fixed.add(field);
      } else if (complete && normalizedText(model, index, field)) {
        complete = false; // entries follow the normalised value: no order past it
      } else if (complete) {
        served.add(field);
      }
    }
    if (complete) {
      served.add(model.primaryKey().name());
    }
    return java.util.Optional.of(
        new Plan(
            new DataMethod.ByIndex(index), fields.subList(0, narrowed), served, fixed, false, 0));
  }

  private static boolean normalizedText(EntityModel model, IndexModel index, String field) {
    return index.normalize() != Normalize.NONE
        && model.component(field).type().kind() == ValueKind.STRING;
  }

  /**
   * True if every record has an entry in {@code index}: a non-unique index holds a missing value
   * as a null part, a unique one holds no record with a missing value.
   */
  private static boolean holdsEveryRecord(EntityModel model, IndexModel index) {
    return !index.unique()
        || index.fields().stream().allMatch(field -> model.component(field).type().primitive());
  }

  /**
   * Whether {@code plan} gives {@code order} descending (true) or ascending (false), or null if it
   * does not give it. Attributes held at one value may appear anywhere in the order.
   */
  private static Boolean direction(Plan plan, List<OrderSpec> order) {
    List<OrderSpec> effective = new ArrayList<>();
    for (OrderSpec spec : order) {
      if (!plan.fixed().contains(spec.attribute())) {
        effective.add(spec);
      }
    }
    if (effective.isEmpty()) {
      return false;
    }
    boolean descending = effective.get(0).descending();
    for (int i = 0; i < effective.size(); i++) {
      OrderSpec spec = effective.get(i);
      if (i >= plan.served().size()
          || !Objects.equals(plan.served().get(i), spec.attribute())
          || spec.descending() != descending
          || spec.ignoreCase()) {
        return null;
      }
    }
    return descending;
  }

  /** The keys of the entity, for messages: {@code primary key id; indexes email (email), ...}. */
  private static String describeKeys(EntityModel model) {
    StringBuilder keys = new StringBuilder("primary key ").append(model.primaryKey().name());
    for (IndexModel index : model.indexes()) {
      keys.append(keys.indexOf(";") < 0 ? "; indexes " : ", ")
          .append(index.name())
          .append(" (")
          .append(String.join(", ", index.fields()))
          .append(')');
    }
    return keys.toString();
  }
}
