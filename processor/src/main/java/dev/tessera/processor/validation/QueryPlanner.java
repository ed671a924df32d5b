package dev.tessera.processor.validation;

import dev.tessera.annotations.Normalize;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.DataMethod;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.SpatialIndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Chooses what serves a query's conditions and static order: the primary key (equality, any-of or
 * one range), an index whose leading fields the equality (or any-of) conditions fix with at most
 * one range on the next field (a unique index only when the fields after them cannot be null), a
 * multi-value index with one element or any of several, a spatial index whose every field a
 * {@code Between} bounds (a box query, in Z-order), or every record in key order. Never a
 * scan of records: a query nothing serves has no plan, and the processor reports it with the
 * reason each index over the compared fields does not serve it. Pure: it reads only the model.
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
   * @param suggestedFields the fields of the index that would serve them, or empty when an index
   *     over them exists and {@code reasons} say why it does not serve them
   * @param reasons why the indexes whose leading fields the conditions compare do not serve them
   */
  record UnservedConditions(String indexes, List<String> suggestedFields, List<String> reasons)
      implements Outcome {}

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
    java.util.Optional<SpatialIndexModel> spatial = spatialIndex(model, byAttribute);
    if (spatial.isPresent()) {
      // Z-order, no attribute's order: the reader refuses static and run-time sorts.
      return new Served(
          new Plan(
              new DataMethod.BySpatial(spatial.get()),
              spatial.get().fields(),
              List.of(),
              Set.of(),
              false,
              0));
    }
    List<String> reasons = new ArrayList<>();
    List<Plan> candidates = candidates(model, byAttribute, reasons);
    if (candidates.isEmpty()) {
      List<String> suggested = suggested(model, predicates);
      List<String> collections =
          suggested.stream()
              .filter(field -> model.component(field).type().multiValueIndexable())
              .toList();
      if (!collections.isEmpty() && predicates.size() > 1) {
        reasons.add(String.join(", ", collections) + " holds several values: an index over it"
            + " has one entry per element and cannot be part of a composite index, so it serves a"
            + " condition on " + String.join(", ", collections) + " alone; declare a method for it"
            + " and narrow its results in the application");
      }
      for (SpatialIndexModel index : model.spatialIndexes()) {
        if (index.fields().stream().anyMatch(byAttribute::containsKey)) {
          reasons.add("spatial index " + index.name() + " (" + String.join(", ", index.fields())
              + ") serves a Between on each of its fields and no other condition (a box query,"
              + " e.g. findBy" + index.fields().stream().map(f -> capitalized(f) + "Between")
                  .collect(Collectors.joining("And")) + ")");
        }
      }
      boolean indexed =
          (!collections.isEmpty() && predicates.size() > 1)
              || model.indexes().stream().anyMatch(index -> index.fields().equals(suggested));
      return new UnservedConditions(
          describeKeys(model), indexed ? List.of() : suggested, List.copyOf(reasons));
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

  /**
   * The spatial index whose fields are exactly the attributes of {@code predicates}, each compared
   * by a {@code Between}: a box query.
   */
  private static java.util.Optional<SpatialIndexModel> spatialIndex(
      EntityModel model, Map<String, Predicate> predicates) {
    boolean box =
        !predicates.isEmpty()
            && predicates.values().stream()
                .allMatch(p -> p.operator() == DataMethod.Operator.BETWEEN && !p.ignoreCase());
    if (!box) {
      return java.util.Optional.empty();
    }
    return model.spatialIndexes().stream()
        .filter(index -> Set.copyOf(index.fields()).equals(predicates.keySet()))
        .findFirst();
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

  /**
   * Every key that serves the predicates, the primary key first; {@code reasons} receives why an
   * index whose leading fields the predicates compare does not serve them.
   */
  private static List<Plan> candidates(
      EntityModel model, Map<String, Predicate> predicates, List<String> reasons) {
    List<Plan> plans = new ArrayList<>();
    List<Predicate> ranges =
        predicates.values().stream().filter(p -> p.operator().range()).toList();
    if (ranges.size() > 1) {
      reasons.add(
          "two conditions are ranges ("
              + ranges.stream().map(Predicate::attribute).collect(Collectors.joining(", "))
              + "), and one key range can narrow one field only");
      return plans;
    }
    keyPlan(model, predicates).ifPresent(plans::add);
    for (IndexModel index : model.indexes()) {
      indexPlan(model, index, predicates, ranges.isEmpty() ? null : ranges.get(0), reasons)
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
    if (operator == DataMethod.Operator.IN) {
      return java.util.Optional.of(
          new Plan(new DataMethod.ByKey(), List.of(key), List.of(key), Set.of(), false, 0));
    }
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
      EntityModel model,
      IndexModel index,
      Map<String, Predicate> predicates,
      Predicate range,
      List<String> reasons) {
    List<String> fields = index.fields();
    int prefix = predicates.size() - (range == null ? 0 : 1);
    int narrowed = predicates.size();
    if (narrowed > fields.size()
        || (range != null && !fields.get(prefix).equals(range.attribute()))) {
      return java.util.Optional.empty();
    }
    for (String field : fields.subList(0, prefix)) {
      Predicate predicate = predicates.get(field);
      if (predicate == null || predicate.operator().range()) {
        return java.util.Optional.empty();
      }
    }
    String described = "index " + index.name() + " (" + String.join(", ", fields) + ")";
    for (Predicate predicate : predicates.values()) {
      if (predicate.ignoreCase() && index.normalize() != Normalize.CASE_INSENSITIVE) {
        reasons.add(described + " does not ignore case (it is declared with normalize = "
            + index.normalize() + ", IgnoreCase needs Normalize.CASE_INSENSITIVE)");
        return java.util.Optional.empty();
      }
    }
    if (model.multiValue(index)) {
      if (narrowed == 0) {
        return java.util.Optional.empty(); // unnarrowed, it returns a record once per element
      }
      return multiValuePlan(model, index, predicates.get(fields.get(0)), described, reasons);
    }
    if (range != null
        && range.operator() == DataMethod.Operator.NULL
        && (index.unique() || model.component(range.attribute()).type().primitive())) {
      reasons.add(described + (index.unique()
          ? " is unique, and a unique index holds no record whose " + range.attribute()
              + " is null: declare a non-unique @Index over it"
          : ": " + range.attribute() + " is primitive, never null"));
      return java.util.Optional.empty(); // a unique index holds no null, a primitive is never null
    }
    List<String> nullable = missingFromIndex(model, index, narrowed);
    if (!nullable.isEmpty()) {
      reasons.add("unique " + described + " holds no record whose "
          + String.join(" or ", nullable) + " is null, so it cannot return every record with "
          + String.join(", ", fields.subList(0, narrowed)) + " (declaring "
          + String.join(", ", nullable) + " primitive would let it)");
      return java.util.Optional.empty();
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

  /**
   * A multi-value index (over a {@code List} or {@code Set}) serves one element (equality, each
   * record once, by primary key) or any of several (each record once, under the first element it
   * holds, so in no attribute's order), and nothing else.
   */
  private static java.util.Optional<Plan> multiValuePlan(
      EntityModel model,
      IndexModel index,
      Predicate predicate,
      String described,
      List<String> reasons) {
    String field = index.fields().get(0);
    if (predicate.operator() == DataMethod.Operator.EQUAL) {
      return java.util.Optional.of(
          new Plan(
              new DataMethod.ByIndex(index),
              List.of(field),
              List.of(model.primaryKey().name()),
              Set.of(field),
              false,
              0));
    }
    if (predicate.operator() == DataMethod.Operator.IN) {
      return java.util.Optional.of(
          new Plan(new DataMethod.ByIndex(index), List.of(field), List.of(), Set.of(), false, 0));
    }
    reasons.add("multi-value " + described + " has one entry per element of " + field
        + ": it serves an element (" + capitalized(field) + " or " + capitalized(field)
        + "Contains with one element, @By(\"" + field + "\") with an element parameter) or "
        + capitalized(field) + "In with several, each record once; a "
        + predicate.operator().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
        + " condition would find a record once per matching element");
    return java.util.Optional.empty();
  }

  private static String capitalized(String name) {
    return name.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + name.substring(1);
  }

  /**
   * The fields of a unique {@code index} after its first {@code narrowed} that may be null: a
   * unique index holds no record with a missing value, so a query narrowing only the leading
   * fields would miss those records. Empty for a non-unique index (it holds a missing value as a
   * null part) and when every later field is primitive.
   */
  private static List<String> missingFromIndex(EntityModel model, IndexModel index, int narrowed) {
    if (!index.unique()) {
      return List.of();
    }
    return index.fields().subList(narrowed, index.fields().size()).stream()
        .filter(field -> !model.component(field).type().primitive())
        .toList();
  }

  private static boolean normalizedText(EntityModel model, IndexModel index, String field) {
    return index.normalize() != Normalize.NONE
        && model.component(field).type().kind() == ValueKind.STRING;
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
