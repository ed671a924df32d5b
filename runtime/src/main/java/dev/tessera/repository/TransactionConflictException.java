package dev.tessera.repository;

import dev.tessera.TesseraException;
import dev.tessera.kv.CommitResult;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.List;

/**
 * A transaction lost every one of its attempts to concurrent writers: each time, a key it read (or
 * a range it scanned) had changed before it could commit. Nothing of it was written; it is safe to
 * run again. The message and {@link #conflicts()} name the keys, decoded as tuples: the entity and
 * primary key of a record, or the index subspace and value of an index entry. Immutable and
 * thread-safe.
 */
public final class TransactionConflictException extends TesseraException {
  private static final long serialVersionUID = 1L;
  /** How many distinct conflicts the message names. */
  private static final int NAMED = 5;

  /** How many attempts were made. */
  private final int attempts;
  private final transient List<Conflict> conflicts;

  /**
   * One failed validation of a commit.
   *
   * @param key the key found changed (for a range: the first key added, removed or changed in it;
   *     {@code null} when a range the transaction counted lost keys, which a count does not name)
   * @param range the range scanned, when the failed check was a range check, else {@code null}
   */
  public record Conflict(Tuple key, TupleRange range) {
    @Override
    public String toString() {
      if (range == null) {
        return String.valueOf(key);
      }
      return (key == null ? "a key removed from " + range : key.toString())
          + " (in a range the transaction scanned)";
    }
  }

  /** Creates the exception from the failed commits of every attempt, in attempt order. */
  static TransactionConflictException of(int attempts, List<CommitResult> failed) {
    return new TransactionConflictException(attempts, conflictsOf(failed));
  }

  private TransactionConflictException(int attempts, List<Conflict> conflicts) {
    super("Transaction gave up after " + attempts + " attempts lost to concurrent writers;"
        + " conflicting keys: " + names(conflicts)
        + ". Nothing was written; a hot key read by many transactions causes this");
    this.attempts = attempts;
    this.conflicts = conflicts;
  }

  /** {@return how many times the function ran} */
  public int attempts() {
    return attempts;
  }

  /** {@return the conflicts, one per attempt that reached its commit, in attempt order} */
  public List<Conflict> conflicts() {
    return conflicts;
  }

  /**
   * {@return the distinct conflicting keys, most frequent first (a removal from a counted range
   * names no key: see {@link #conflicts()})}
   */
  public List<Tuple> conflictingKeys() {
    List<Tuple> keys = new ArrayList<>();
    for (Conflict conflict : byFrequency(conflicts)) {
      if (conflict.key() != null) {
        keys.add(conflict.key());
      }
    }
    return keys;
  }

  private static List<Conflict> conflictsOf(List<CommitResult> failed) {
    List<Conflict> conflicts = new ArrayList<>(failed.size());
    for (CommitResult result : failed) {
      conflicts.add(new Conflict(result.failedKey(), result.failedRange()));
    }
    return List.copyOf(conflicts);
  }

  private static List<Conflict> byFrequency(List<Conflict> conflicts) {
    java.util.Map<Conflict, Integer> counts = new java.util.LinkedHashMap<>();
    for (Conflict conflict : conflicts) {
      counts.merge(conflict, 1, Integer::sum);
    }
    List<Conflict> distinct = new ArrayList<>(counts.keySet());
    distinct.sort((a, b) -> counts.get(b) - counts.get(a));
    return distinct;
  }

  private static String names(List<Conflict> conflicts) {
    List<Conflict> distinct = byFrequency(conflicts);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < Math.min(NAMED, distinct.size()); i++) {
      out.append(i == 0 ? "" : ", ").append(distinct.get(i));
    }
    if (distinct.size() > NAMED) {
      out.append(" and ").append(distinct.size() - NAMED).append(" more");
    }
    return distinct.isEmpty() ? "none recorded" : out.toString();
  }
}
