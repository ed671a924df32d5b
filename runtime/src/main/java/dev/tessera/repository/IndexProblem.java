package dev.tessera.repository;

import dev.tessera.tuple.Tuple;

/**
 * One inconsistency between records and an index, found by {@link IndexAdmin#verifyIndexes()}.
 * Immutable.
 *
 * @param kind what is wrong
 * @param key the index entry's key (the entry that is missing, dangling or taken)
 * @param primaryKey the record concerned, or {@code null} when a dangling entry names none that
 *     can be read
 * @param otherPrimaryKey for a unique violation, the record the entry points to; else {@code null}
 */
public record IndexProblem(Kind kind, Tuple key, Object primaryKey, Object otherPrimaryKey) {

  /** The kinds of inconsistency. */
  public enum Kind {
    /** A record is not in the index: its entry is absent. Repaired by writing the entry. */
    MISSING,
    /**
     * An entry points to no record, or to a record whose index value differs. Repaired by deleting
     * the entry.
     */
    DANGLING,
    /**
     * Two records hold the same value of a unique index (the entry points to one of them). Never
     * repaired automatically: which record keeps the value is the application's decision.
     */
    UNIQUE_VIOLATION
  }

  @Override
  public String toString() {
    return kind + " " + key + (primaryKey == null ? "" : " for " + primaryKey)
        + (otherPrimaryKey == null ? "" : " (entry points to " + otherPrimaryKey + ")");
  }
}
