package dev.tessera.repository;

import java.util.List;

/**
 * What verifying (or repairing) one index found. Immutable.
 *
 * @param index the index name
 * @param missing records without their entry
 * @param dangling entries without a record holding their value
 * @param uniqueViolations records holding a unique value whose entry points to another record
 *     holding it too
 * @param undecodable entries whose stored pointer does not decode
 * @param repaired how many of the missing, dangling and undecodable entries a repair fixed (0 when
 *     verifying)
 * @param samples up to ten problems of each kind
 */
public record IndexReport(
    String index,
    long missing,
    long dangling,
    long uniqueViolations,
    long undecodable,
    long repaired,
    List<IndexProblem> samples) {

  /**
   * Copies the samples.
   *
   * @param index the index name
   * @param missing records without their entry
   * @param dangling entries without a record holding their value
   * @param uniqueViolations records holding a unique value whose entry points to another record
   *     holding it too
   * @param undecodable entries whose stored pointer does not decode
   * @param repaired how many of the missing, dangling and undecodable entries a repair fixed (0
   *     when verifying)
   * @param samples up to ten problems of each kind
   */
  public IndexReport {
    samples = List.copyOf(samples);
  }

  /** {@return true if nothing was found} */
  public boolean clean() {
    return missing == 0 && dangling == 0 && uniqueViolations == 0 && undecodable == 0;
  }
}
