package dev.tessera.processor.validation;

import dev.tessera.annotations.Normalize;
import dev.tessera.processor.model.ComponentModel;
import dev.tessera.processor.model.DataMethod;
import dev.tessera.processor.model.EntityModel;
import dev.tessera.processor.model.IndexModel;
import dev.tessera.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Chooses what serves a query of equality conditions and a static order: the primary key, an index
 * whose leading fields the conditions fix, or every record in key order. Never a scan of records:
 * a query nothing serves has no plan, and the processor reports it. Pure: it reads only the model.
 *
 * <p>Stateless and thread-safe.
 */
final class QueryPlanner {
  private QueryPlanner() {}

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
   * @param keyOrder the condition attributes in the order of the key they fix
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

  /** No key or index fixes the conditions' fields. */
  record UnservedConditions(String indexes) implements Outcome {}

  /** Keys fix the conditions, but none gives the order. */
  record UnservedOrder(String served, List<String> suggestedFields) implements Outcome {}

  /**
   * The plan for equality on {@code equal} ordered by {@code order}.
   *
   * @param model the entity
   * @param equal the attributes compared for equality
   * @param order the static order, most significant first, possibly empty
   */
  static Outcome plan(EntityModel model, Set<String> equal, List<OrderSpec> order) {
    List<Plan> candidates = candidates(model, equal);
    if (candidates.isEmpty()) {
      return new UnservedConditions(describeKeys(model));
    }
    for (Plan candidate : candidates) {
      Boolean descending = direction(candidate, order);
      if (descending != null) {
        int named = (int) order.stream().filter(spec -> !equal.contains(spec.attribute())).count();
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
    Set<String> suggested = new LinkedHashSet<>();
    for (ComponentModel component : model.components()) {
      if (equal.contains(component.name())) {
        suggested.add(component.name());
      }
    }
    for (OrderSpec spec : order) {
      suggested.add(spec.attribute());
    }
    return new UnservedOrder(String.join(", ", candidates.get(0).served()), List.copyOf(suggested));
  }

  /** Every key that fixes exactly {@code equal}, the primary key first. */
  private static List<Plan> candidates(EntityModel model, Set<String> equal) {
    List<Plan> plans = new ArrayList<>();
    String key = model.primaryKey().name();
    if (equal.equals(Set.of(key))) {
      plans.add(new Plan(new DataMethod.ByKey(), List.of(key), List.of(key), equal, false, 0));
    }
    if (equal.isEmpty()) {
      plans.add(new Plan(new DataMethod.ByKey(), List.of(), List.of(key), equal, false, 0));
    }
    for (IndexModel index : model.indexes()) {
      int fixed = equal.size();
      if (model.multiValue(index)
          || fixed > index.fields().size()
          || !Set.copyOf(index.fields().subList(0, fixed)).equals(equal)
          || (fixed < index.fields().size() && !holdsEveryRecord(model, index))) {
        continue;
      }
      plans.add(
          new Plan(
              new DataMethod.ByIndex(index),
              index.fields().subList(0, fixed),
              servedAfter(model, index, fixed),
              equal,
              false,
              0));
    }
    return plans;
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
   * The order of an index's entries once its first {@code fixed} fields are fixed: its other
   * fields, then the primary key; it stops before a normalised text field, whose entries follow
   * the normalised value, not the value.
   */
  private static List<String> servedAfter(EntityModel model, IndexModel index, int fixed) {
    List<String> served = new ArrayList<>();
    for (String field : index.fields().subList(fixed, index.fields().size())) {
      if (index.normalize() != Normalize.NONE
          && model.component(field).type().kind() == ValueKind.STRING) {
        return served;
      }
      served.add(field);
    }
    served.add(model.primaryKey().name());
    return served;
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

  /** The keys of the entity, for messages: {@code primary key id; indexes email, roomAndPrice}. */
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
