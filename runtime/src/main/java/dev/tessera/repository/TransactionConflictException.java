package dev.tessera.repository;

import dev.tessera.TesseraException;
import dev.tessera.internal.catalog.KeyNames;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KeyDescriber;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.List;

/**
 * A transaction lost every one of its attempts to concurrent writers: each time, a key it read (or
 * a range it scanned) had changed before it could commit. Nothing of it was written; it is safe to
 * run again. {@link #conflicts()} holds the keys, decoded as tuples; the message names them: the
 * entity and primary key of a record, or the index, its fields and values of an index entry, e.g.
 * {@code unique index 'email' of entity 'ticket' (email: "a9@x.com")}. Immutable and thread-safe.
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
      return describe(KeyDescriber.tuples());
    }

    /** The conflict with its key named by {@code names}. */
    String describe(KeyDescriber names) {
      if (range == null) {
        return names.describe(key);
      }
      return (key == null ? "a key removed from " + range : names.describe(key))
          + " (in a range the transaction scanned)";
    }
  }

  /**
   * Creates the exception from the failed commits of every attempt, in attempt order, naming their
   * keys from the catalog of {@code store} (as tuples if it cannot be read).
   */
  static TransactionConflictException of(int attempts, List<CommitResult> failed, KvStore store) {
    KeyDescriber names;
    try {
      names = KeyNames.read(store);
    } catch (RuntimeException unreadable) {
      names = KeyDescriber.tuples();
    }
    return new TransactionConflictException(attempts, conflictsOf(failed), names);
  }

  private TransactionConflictException(int attempts, List<Conflict> conflicts, KeyDescriber keyNames) {
    super("Transaction gave up after " + attempts + (attempts == 1 ? " attempt" : " attempts")
        + " lost to concurrent writers;"
        + " conflicting keys: " + names(conflicts, keyNames)
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

  private static String names(List<Conflict> conflicts, KeyDescriber keyNames) {
    List<Conflict> distinct = byFrequency(conflicts);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < Math.min(NAMED, distinct.size()); i++) {
      out.append(i == 0 ? "" : ", ").append(distinct.get(i).describe(keyNames));
    }
    if (distinct.size() > NAMED) {
      out.append(" and ").append(distinct.size() - NAMED).append(" more");
    }
    return distinct.isEmpty() ? "none recorded" : out.toString();
  }
}
