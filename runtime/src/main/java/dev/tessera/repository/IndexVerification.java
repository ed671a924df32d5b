package dev.tessera.repository;

import java.util.List;

/**
 * What {@link IndexAdmin#verifyIndexes()} or {@link IndexAdmin#repairIndexes()} found in the
 * records of one entity and in each of its readable indexes. Immutable.
 *
 * @param entity the entity name
 * @param records what was found in the records themselves: undecodable ones, the record count
 * @param indexes one report per readable index, in declaration order
 */
public record IndexVerification(String entity, RecordReport records, List<IndexReport> indexes) {

  /**
   * Copies the reports.
   *
   * @param entity the entity name
   * @param records what was found in the records themselves: undecodable ones, the record count
   * @param indexes one report per readable index, in declaration order
   */
  public IndexVerification {
    indexes = List.copyOf(indexes);
  }

  /** {@return true if neither the records nor any index had a problem} */
  public boolean clean() {
    return records.clean() && indexes.stream().allMatch(IndexReport::clean);
  }

  /**
   * {@return the report of index {@code name}}
   *
   * @param name the index's name
   */
  public IndexReport index(String name) {
    return indexes.stream()
        .filter(r -> r.index().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no report for index " + name + " of " + entity));
  }
}
