package dev.tessera.repository;

import dev.tessera.tuple.Tuple;

/**
 * One problem found by {@link IndexAdmin#verifyIndexes()}: an inconsistency between records and an
 * index, a stored entry that does not decode, or a wrong record count. Immutable.
 *
 * @param kind what is wrong
 * @param key the key concerned: the index entry that is missing, dangling, taken or undecodable, the
 *     undecodable record, or the record count; {@code null} only for a stored key whose bytes are not
 *     a packed tuple (then {@code detail} shows them)
 * @param primaryKey the record concerned, or {@code null} when none can be read
 * @param otherPrimaryKey for a unique violation, the record the entry points to; else {@code null}
 * @param detail what exactly is wrong, for undecodable entries and count mismatches; else {@code
 *     null}
 */
public record IndexProblem(
    Kind kind, Tuple key, Object primaryKey, Object otherPrimaryKey, String detail) {

  /**
   * A problem without detail.
   *
   * @param kind the kind of problem
   * @param key the key of the entry concerned
   * @param primaryKey the primary key of the record concerned
   * @param otherPrimaryKey the other record's primary key (a unique violation), or {@code null}
   */
  public IndexProblem(Kind kind, Tuple key, Object primaryKey, Object otherPrimaryKey) {
    this(kind, key, primaryKey, otherPrimaryKey, null);
  }

  /** The kinds of problem. */
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
    UNIQUE_VIOLATION,
    /**
     * Stored bytes that do not decode: a record (or one stored under another record's key), a unique
     * entry's pointer, a value too short for its versionstamp, or a key that is not a packed tuple.
     * Repaired by moving an undecodable record to the quarantine (see {@link
     * IndexAdmin#quarantined()}), also one whose key is not a packed tuple (kept under its key
     * bytes), and deleting an undecodable index entry (its record's entry is written again); an
     * entry the store lists out of key order (a damaged file) is only reported.
     */
    UNDECODABLE,
    /**
     * The stored record count differs from the number of records (or is not an 8-byte counter, which
     * makes every insert and delete fail). Repaired by writing the number of records.
     */
    COUNT_MISMATCH
  }

  @Override
  public String toString() {
    return kind + (key == null ? "" : " " + key)
        + (primaryKey == null ? "" : " for " + primaryKey)
        + (otherPrimaryKey == null ? "" : " (entry points to " + otherPrimaryKey + ")")
        + (detail == null ? "" : ": " + detail);
  }
}
