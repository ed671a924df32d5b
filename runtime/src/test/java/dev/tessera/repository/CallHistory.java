package dev.tessera.repository;

import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The completed repository calls of a concurrent run, each with real-time bounds ({@link
 * System#nanoTime()} just before the call and just after it returned or threw), and what can be
 * decided from them about the state of one record at some moment.
 *
 * <p>A call that changed a record took effect at one instant inside its bounds. So the record was in
 * a state S at some instant of [from, to] unless no change into S began by {@code to}, or every such
 * change W is <em>provably overtaken</em>: some change X out of S began after W ended and ended before
 * {@code from}. {@link #possibly} answers exactly that; it never rejects a history the repository
 * could have produced, and it rejects explanations that cannot hold (a holder that never held the
 * value, a record that never existed).
 *
 * <p>Not thread-safe: built after the threads finished.
 */
final class CallHistory {
  /** What a call did. */
  enum Kind { INSERT, UPDATE, VERSIONED_UPDATE, DELETE, VERSIONED_DELETE }

  /** How a call ended. */
  enum Outcome {
    /** The call wrote: the record is {@link Call#written} (null for a delete). */
    CHANGED,
    /** A delete, or the read of a versioned call, found no record. */
    ABSENT,
    EXISTS,
    NOT_FOUND,
    UNIQUE,
    CONCURRENT_MODIFICATION
  }

  /** One call; fields are filled in as the call proceeds. */
  static final class Call {
    final Kind kind;
    final String id;
    /** The record an insert or update tried to write, null for deletes. */
    final User attempted;
    long readStart;
    long readEnd;
    /** The versionstamp a versioned call read and then passed as expected. */
    Versionstamp read;
    long start;
    long end;
    Outcome outcome;
    /** For UNIQUE: the primary key and the value the exception named. */
    Object holder;
    Object value;
    /** For CONCURRENT_MODIFICATION: the versionstamps the exception named. */
    Versionstamp expected;
    Versionstamp actual;

    Call(Kind kind, String id, User attempted) {
      this.kind = kind;
      this.id = id;
      this.attempted = attempted;
    }

    /** The record after this change: the attempted one, or null for a delete. */
    User written() {
      return kind == Kind.DELETE || kind == Kind.VERSIONED_DELETE ? null : attempted;
    }

    @Override
    public String toString() {
      return kind + " " + id + " " + attempted + " [" + start + ", " + end + "] -> " + outcome
          + (holder != null ? " holder " + holder + " value " + value : "")
          + (outcome == Outcome.CONCURRENT_MODIFICATION ? " expected " + expected + " actual " + actual : "");
    }
  }

  private final Map<String, List<Call>> changesById = new HashMap<>();

  CallHistory(List<Call> calls) {
    for (Call call : calls) {
      if (call.outcome == Outcome.CHANGED) {
        changesById.computeIfAbsent(call.id, k -> new ArrayList<>()).add(call);
      }
    }
  }

  /**
   * Whether record {@code id} may have been in a state satisfying {@code state} (applied to the
   * record, or to null for absent) at some instant of [{@code from}, {@code to}]. Before any change
   * every record is absent.
   */
  boolean possibly(String id, Predicate<User> state, long from, long to) {
    List<Call> changes = changesById.getOrDefault(id, List.of());
    // The latest start of a change out of the state that surely ended before `from`.
    long overtakenBefore = Long.MIN_VALUE;
    for (Call x : changes) {
      if (!state.test(x.written()) && x.end < from) {
        overtakenBefore = Math.max(overtakenBefore, x.start);
      }
    }
    if (state.test(null) && overtakenBefore == Long.MIN_VALUE) {
      return true; // the initial absence was never provably overtaken
    }
    for (Call w : changes) {
      if (state.test(w.written()) && w.start <= to && w.end >= overtakenBefore) {
        return true;
      }
    }
    return false;
  }

  /** Whether some change of record {@code id} matching {@code kind} may have taken effect in (from, to]. */
  boolean changedWithin(String id, Predicate<Call> kind, long from, long to) {
    for (Call x : changesById.getOrDefault(id, List.of())) {
      if (kind.test(x) && x.end > from && x.start <= to) {
        return true;
      }
    }
    return false;
  }

  /** A state: the record exists and holds normalised e-mail {@code email}. */
  static Predicate<User> holdsEmail(String email) {
    return user -> user != null && user.email() != null && normalise(user.email()).equals(email);
  }

  /** A state: the record exists ({@code true}) or is absent. */
  static Predicate<User> exists(boolean exists) {
    return user -> (user != null) == exists;
  }

  /** A state: exactly this record, or absent when {@code record} is null. */
  static Predicate<User> is(User record) {
    return user -> Objects.equals(user, record);
  }

  /** The e-mail normalisation of {@link UserMapping}'s unique index. */
  static String normalise(String email) {
    return email.toLowerCase(Locale.ROOT);
  }
}
