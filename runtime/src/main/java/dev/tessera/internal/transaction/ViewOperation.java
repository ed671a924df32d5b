package dev.tessera.internal.transaction;

import dev.tessera.internal.kv.Counter;
import dev.tessera.internal.kv.OwnedValues;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An atomic operation inside a transaction: {@link #commit()} evaluates its checks against the
 * {@link TransactionView} (so they become recorded reads, validated again when the transaction
 * commits) and, when all hold, adds its mutations to the view. The versionstamp it reports is
 * {@link TransactionView#PENDING}: the real one exists once the transaction commits. Not
 * thread-safe.
 */
public final class ViewOperation implements AtomicOperation, OwnedValues {
  private record RangeCheck(TupleRange range, List<KvEntry> seen) {}

  /**
   * One buffered mutation of {@code key()}: a set or a delete, which is the key's {@link
   * TransactionView.Write} itself, or a counter operation on whatever the key holds.
   */
  sealed interface Mutation permits TransactionView.Write, CounterMutation {
    Tuple key();

    /**
     * The key's write after this mutation, given the one before ({@code null}: none); adds the
     * mutation to the store's operation {@code target} as well.
     */
    TransactionView.Write applyTo(TransactionView.Write before, AtomicOperation target);
  }

  /** A counter operation on whatever {@code key} holds. */
  record CounterMutation(Tuple key, TransactionView.CounterOp counter) implements Mutation {
    @Override
    public TransactionView.Write applyTo(TransactionView.Write before, AtomicOperation target) {
      counter.addTo(target, key);
      return before == null ? TransactionView.Write.counter(key, counter) : before.then(counter);
    }
  }

  /** What every successful operation reports (immutable, so shared). */
  private static final CommitResult PENDING_SUCCESS = CommitResult.success(TransactionView.PENDING);

  private final TransactionView view;
  /**
   * What the operation holds, in the order added: checks, range checks and mutations. A check is a
   * {@link KvEntry} (its key at its versionstamp) or, when given as a key and a versionstamp, the
   * {@link Tuple} followed by the expected {@link Versionstamp} (or null: absent) in the next slot,
   * so that no object is made for it. Most operations hold a few (an update: two checks and a set).
   */
  private Object[] steps = new Object[4];
  private int stepCount;
  private boolean committed;

  ViewOperation(TransactionView view) {
    this.view = view;
  }

  /** Keeps the entry itself as the check: its key at its versionstamp. */
  @Override
  public AtomicOperation check(KvEntry entry) {
    ensureNotCommitted();
    return add(Objects.requireNonNull(entry, "entry"));
  }

  @Override
  public AtomicOperation check(Tuple key, Versionstamp expected) {
    ensureNotCommitted();
    add(Objects.requireNonNull(key, "key"));
    return add(expected);
  }

  @Override
  public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
    ensureNotCommitted();
    return add(new RangeCheck(Objects.requireNonNull(range, "range"), List.copyOf(seen)));
  }

  @Override
  public AtomicOperation set(Tuple key, byte[] value) {
    Objects.requireNonNull(value, "value");
    // A copy: the caller may change its array afterwards, and what the transaction commits must not.
    return add(TransactionView.Write.set(requireKey(key), value.clone()));
  }

  /** As {@link #set}, keeping {@code value} (a repository's own encoding) instead of a copy. */
  @Override
  public void setOwned(Tuple key, byte[] value) {
    Objects.requireNonNull(value, "value");
    add(TransactionView.Write.set(requireKey(key), value));
  }

  @Override
  public AtomicOperation delete(Tuple key) {
    return add(TransactionView.Write.delete(requireKey(key)));
  }

  @Override
  public AtomicOperation sum(Tuple key, long operand) {
    return counter(key, Counter.SUM, operand);
  }

  @Override
  public AtomicOperation min(Tuple key, long operand) {
    return counter(key, Counter.MIN, operand);
  }

  @Override
  public AtomicOperation max(Tuple key, long operand) {
    return counter(key, Counter.MAX, operand);
  }

  private AtomicOperation counter(Tuple key, Counter kind, long operand) {
    return add(new CounterMutation(requireKey(key), new TransactionView.CounterOp(kind, operand)));
  }

  private Tuple requireKey(Tuple key) {
    ensureNotCommitted();
    return Objects.requireNonNull(key, "key");
  }

  private AtomicOperation add(Object step) {
    if (stepCount == steps.length) {
      steps = Arrays.copyOf(steps, 2 * stepCount);
    }
    steps[stepCount++] = step;
    return this;
  }

  /**
   * Evaluates the checks against the view (point checks first, then range checks); if all hold,
   * the mutations join the transaction, in the order added.
   */
  @Override
  public CommitResult commit() {
    ensureNotCommitted();
    committed = true;
    for (int i = 0; i < stepCount; i++) {
      Object step = steps[i];
      if (step instanceof KvEntry entry) {
        CommitResult failed = failedCheck(entry.key(), entry.versionstamp());
        if (failed != null) {
          return failed;
        }
      } else if (step instanceof Tuple key) {
        CommitResult failed = failedCheck(key, (Versionstamp) steps[++i]);
        if (failed != null) {
          return failed;
        }
      }
    }
    for (int i = 0; i < stepCount; i++) {
      if (steps[i] instanceof RangeCheck check) {
        CommitResult failed = validate(check);
        if (failed != null) {
          return failed;
        }
      }
    }
    for (int i = 0; i < stepCount; i++) {
      if (steps[i] instanceof Mutation mutation) {
        view.apply(mutation);
      }
    }
    return PENDING_SUCCESS;
  }

  /** Null if {@code key} has versionstamp {@code expected} in the view, else the failed check. */
  private CommitResult failedCheck(Tuple key, Versionstamp expected) {
    Versionstamp actual = view.get(key).versionstamp();
    return Objects.equals(expected, actual) ? null : CommitResult.checkFailed(key, expected, actual);
  }

  private CommitResult validate(RangeCheck check) {
    List<KvEntry> now = new ArrayList<>();
    try (KvIterator it = view.list(ListSelector.of(check.range()))) {
      it.forEachRemaining(now::add);
    }
    for (int i = 0; i < Math.max(now.size(), check.seen().size()); i++) {
      KvEntry found = i < now.size() ? now.get(i) : null;
      KvEntry seen = i < check.seen().size() ? check.seen().get(i) : null;
      if (found == null || seen == null || !found.key().equals(seen.key())) {
        KvEntry first = found == null ? seen
            : seen == null || found.key().compareTo(seen.key()) < 0 ? found : seen;
        boolean added = first == found;
        return CommitResult.rangeCheckFailed(check.range(), first.key(),
            added ? null : first.versionstamp(), added ? first.versionstamp() : null);
      }
      if (!Objects.equals(found.versionstamp(), seen.versionstamp())) {
        return CommitResult.rangeCheckFailed(
            check.range(), found.key(), seen.versionstamp(), found.versionstamp());
      }
    }
    return null;
  }

  private void ensureNotCommitted() {
    if (committed) {
      throw new IllegalStateException("This atomic operation was already committed; start a new one");
    }
  }
}
