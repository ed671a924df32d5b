package dev.tessera.kv.lmdb;

import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A linearizability checker (Wing and Gong's search with Lowe's memoisation, as in the WGL checkers)
 * for one key used as a check-and-set register. Each operation has real-time bounds (invoked,
 * completed) and a result; the history is linearizable if some order of the operations respects
 * real time (an operation that completed before another was invoked comes first) and replays on the
 * sequential register model with the same results.
 *
 * <p>The model's state is the value and the versionstamp of the last successful check-and-set (or
 * absent). A read returns them. A check-and-set with expected versionstamp {@code e} succeeds when
 * the state's versionstamp is {@code e} and then installs its value under a versionstamp greater
 * than the previous one; otherwise it fails and reports the versionstamp it found.
 *
 * <p>Histories must be short (at most 63 operations): the search is exponential in the worst case,
 * and the memo of (operations done, state) keeps ordinary histories fast. Not thread-safe.
 */
final class RegisterHistory {
  /** One completed operation. {@code read} is a read; otherwise a check-and-set. */
  record Op(long invoked, long completed, boolean read, Versionstamp expected, long written,
      boolean ok, Long seenValue, Versionstamp seenStamp) {

    /** A read that saw {@code value} at {@code stamp}, or absent ({@code null, null}). */
    static Op read(long invoked, long completed, Long value, Versionstamp stamp) {
      return new Op(invoked, completed, true, null, 0, true, value, stamp);
    }

    /** A check-and-set that succeeded, writing {@code value} at {@code stamp}. */
    static Op casOk(long invoked, long completed, Versionstamp expected, long value, Versionstamp stamp) {
      return new Op(invoked, completed, false, expected, value, true, value, stamp);
    }

    /** A check-and-set that failed, having found versionstamp {@code found} (null: absent). */
    static Op casFailed(long invoked, long completed, Versionstamp expected, long value, Versionstamp found) {
      return new Op(invoked, completed, false, expected, value, false, null, found);
    }
  }

  /** A state of the register model: the value and versionstamp of the last successful write. */
  private record State(Long value, Versionstamp stamp) {}

  private final List<Op> ops;
  /** Explored (operations done, state) pairs that led nowhere. */
  private final Set<Visit> visited = new HashSet<>();

  private record Visit(long done, State state) {}

  private RegisterHistory(List<Op> ops) {
    if (ops.size() > 63) {
      throw new IllegalArgumentException("at most 63 operations, got " + ops.size());
    }
    this.ops = List.copyOf(ops);
  }

  /** True if {@code ops} has a linearization on the register model, starting from absent. */
  static boolean isLinearizable(List<Op> ops) {
    return new RegisterHistory(ops).search(0L, new State(null, null));
  }

  private boolean search(long done, State state) {
    if (Long.bitCount(done) == ops.size()) {
      return true;
    }
    if (!visited.add(new Visit(done, state))) {
      return false; // explored already: it leads nowhere
    }
    // Only an operation invoked before every pending operation's completion may come next.
    long firstCompletion = Long.MAX_VALUE;
    for (int i = 0; i < ops.size(); i++) {
      if ((done & (1L << i)) == 0) {
        firstCompletion = Math.min(firstCompletion, ops.get(i).completed());
      }
    }
    for (int i = 0; i < ops.size(); i++) {
      Op op = ops.get(i);
      if ((done & (1L << i)) == 0 && op.invoked() <= firstCompletion) {
        State next = apply(state, op);
        if (next != null && search(done | (1L << i), next)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The state after {@code op}, or null if the model would give {@code op} another result. */
  private static State apply(State state, Op op) {
    if (op.read()) {
      return Objects.equals(op.seenValue(), state.value()) && Objects.equals(op.seenStamp(), state.stamp())
          ? state : null;
    }
    boolean holds = Objects.equals(op.expected(), state.stamp());
    if (!op.ok()) {
      return !holds && Objects.equals(op.seenStamp(), state.stamp()) ? state : null;
    }
    boolean increases = state.stamp() == null || op.seenStamp().compareTo(state.stamp()) > 0;
    return holds && increases ? new State(op.written(), op.seenStamp()) : null;
  }

  /** The operations in invocation order, for messages. */
  static String describe(List<Op> ops) {
    List<Op> sorted = new ArrayList<>(ops);
    sorted.sort((a, b) -> Long.compare(a.invoked(), b.invoked()));
    StringBuilder out = new StringBuilder();
    for (Op op : sorted) {
      out.append('\n').append(op);
    }
    return out.toString();
  }
}
