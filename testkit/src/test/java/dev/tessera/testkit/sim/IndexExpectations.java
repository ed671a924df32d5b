package dev.tessera.testkit.sim;

import dev.tessera.tuple.Tuple;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Every index entry the records call for, derived by brute force from the records alone (not from
 * the generated index definitions): {@code (subspace, value..., pk)} for a plain, null, composite
 * or multi-value index, {@code (subspace, value...) -> (pk)} for a unique one.
 */
final class IndexExpectations {
  /** Packed-key order. */
  static final Comparator<Tuple> ORDER = (a, b) -> Arrays.compareUnsigned(a.pack(), b.pack());

  private final Map<String, Map<Tuple, Tuple>> bySubspace = new HashMap<>();
  private final Map<String, String> duplicates = new HashMap<>();

  private Map<Tuple, Tuple> subspace(String name) {
    return bySubspace.computeIfAbsent(name, k -> new TreeMap<>(ORDER));
  }

  private void plain(String subspace, String pk, Object... values) {
    Object[] parts = new Object[values.length + 2];
    parts[0] = subspace;
    System.arraycopy(values, 0, parts, 1, values.length);
    parts[parts.length - 1] = pk;
    subspace(subspace).put(Tuple.of(parts), null);
  }

  private void unique(String subspace, String pk, Object value) {
    Tuple key = Tuple.of(subspace, value);
    Tuple before = subspace(subspace).put(key, Tuple.of(pk));
    if (before != null) {
      duplicates.put(subspace, value + " is held by " + before + " and (" + pk + ")");
    }
  }

  static IndexExpectations derive(Collection<SimMember> members, List<SimAccount> accounts,
      List<SimLoan> loans) {
    IndexExpectations e = new IndexExpectations();
    for (SimMember m : members) {
      e.unique("sim_member_by_email", m.id(), m.email());
      e.plain("sim_member_by_tier", m.id(), m.tier());
      e.plain("sim_member_by_tierAndName", m.id(), m.tier(), m.name());
      for (String tag : new LinkedHashSet<>(m.tags())) {
        e.plain("sim_member_by_tags", m.id(), tag);
      }
    }
    for (SimAccount a : accounts) {
      e.plain("sim_account_by_owner", a.id(), a.owner());
    }
    for (SimLoan l : loans) {
      e.plain("sim_loan_by_memberId", l.id(), l.memberId());
      e.unique("sim_loan_by_book", l.id(), l.book());
    }
    return e;
  }

  /** Why {@code actual} is not exactly what the records call for, or {@code null}. */
  String exactly(String subspace, Map<Tuple, Tuple> actual) {
    if (!bySubspace.containsKey(subspace) && !actual.isEmpty() && !known(subspace)) {
      return "no expectation for subspace " + subspace;
    }
    if (duplicates.containsKey(subspace)) {
      return "a readable unique index over duplicates: " + duplicates.get(subspace);
    }
    Map<Tuple, Tuple> expected = bySubspace.getOrDefault(subspace, Map.of());
    for (Map.Entry<Tuple, Tuple> e : expected.entrySet()) {
      if (!actual.containsKey(e.getKey())) {
        return "entry " + e.getKey() + " is missing";
      }
      if (!Objects.equals(actual.get(e.getKey()), e.getValue())) {
        return "entry " + e.getKey() + " points to " + actual.get(e.getKey()) + ", not " + e.getValue();
      }
    }
    for (Tuple key : actual.keySet()) {
      if (!expected.containsKey(key)) {
        return "entry " + key + " has no record that calls for it";
      }
    }
    return null;
  }

  /**
   * Why an entry of an index being built is not justified by a record, or {@code null}: a build
   * may lack entries, never hold a wrong one.
   */
  String justified(String subspace, Map<Tuple, Tuple> actual) {
    Map<Tuple, Tuple> expected = bySubspace.getOrDefault(subspace, Map.of());
    for (Map.Entry<Tuple, Tuple> e : actual.entrySet()) {
      if (!expected.containsKey(e.getKey())) {
        return "entry " + e.getKey() + " has no record that calls for it";
      }
    }
    return null;
  }

  private static boolean known(String subspace) {
    return subspace.startsWith("sim_");
  }
}
