package dev.tessera.repository;

import java.util.List;
import java.util.OptionalLong;

/**
 * What verifying (or repairing) found in an entity's records themselves: entries that do not
 * decode, and whether the stored record count is right. Immutable.
 *
 * @param records the entries stored under the entity's prefix when the count was checked,
 *     decodable or not: what the record count must say
 * @param storedCount the stored record count, or empty when it is not an 8-byte counter
 * @param undecodable records found whose stored bytes do not decode (or that are stored under
 *     another record's key)
 * @param quarantined how many of them a repair moved to the quarantine (0 when verifying)
 * @param countRebuilt true if a repair wrote {@code records} as the record count
 * @param samples up to ten problems of each kind ({@link IndexProblem.Kind#UNDECODABLE}, {@link
 *     IndexProblem.Kind#COUNT_MISMATCH})
 */
public record RecordReport(
    long records,
    OptionalLong storedCount,
    long undecodable,
    long quarantined,
    boolean countRebuilt,
    List<IndexProblem> samples) {

  /**
   * Copies the samples.
   *
   * @param records the entries stored under the entity's prefix when the count was checked,
   *     decodable or not: what the record count must say
   * @param storedCount the stored record count, or empty when it is not an 8-byte counter
   * @param undecodable records found whose stored bytes do not decode (or that are stored under
   *     another record's key)
   * @param quarantined how many of them a repair moved to the quarantine (0 when verifying)
   * @param countRebuilt true if a repair wrote {@code records} as the record count
   * @param samples up to ten problems of each kind ({@link IndexProblem.Kind#UNDECODABLE}, {@link
   *     IndexProblem.Kind#COUNT_MISMATCH})
   */
  public RecordReport {
    samples = List.copyOf(samples);
  }

  /** {@return true if the stored count is a counter equal to {@link #records()}} */
  public boolean countMatches() {
    return storedCount.isPresent() && storedCount.getAsLong() == records;
  }

  /** {@return true if nothing was found} */
  public boolean clean() {
    return undecodable == 0 && countMatches();
  }
}
