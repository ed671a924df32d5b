package dev.tessera.repository;

import java.util.List;

/**
 * What {@link IndexAdmin#verifyIndexes()} or {@link IndexAdmin#repairIndexes()} found in each
 * readable index of one entity. Immutable.
 *
 * @param entity the entity name
 * @param indexes one report per readable index, in declaration order
 */
public record IndexVerification(String entity, List<IndexReport> indexes) {

  /** Copies the reports. */
  public IndexVerification {
    indexes = List.copyOf(indexes);
  }

  /** True if no index had a problem. */
  public boolean clean() {
    return indexes.stream().allMatch(IndexReport::clean);
  }

  /** The report of index {@code name}. */
  public IndexReport index(String name) {
    return indexes.stream()
        .filter(r -> r.index().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no report for index " + name + " of " + entity));
  }
}
