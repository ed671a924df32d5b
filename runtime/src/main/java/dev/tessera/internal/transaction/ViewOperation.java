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
  /** What the operation holds, in the order added: checks, range checks and mutations. */
  private sealed interface Step permits Check, RangeCheck, Mutation {}

  private record Check(Tuple key, Versionstamp expected) implements Step {}

  private record RangeCheck(TupleRange range, List<KvEntry> seen) implements Step {}

  /**
   * One buffered mutation of {@code key}: a set of {@code value} (the operation's own copy), a
   * delete, or a {@code counter} operation on whatever the key holds.
   */
  record Mutation(Tuple key, byte[] value, TransactionView.CounterOp counter) implements Step {
    static Mutation set(Tuple key, byte[] value) {
      return new Mutation(key, value, null);
    }

    static Mutation delete(Tuple key) {
      return new Mutation(key, null, null);
    }

    static Mutation counter(Tuple key, TransactionView.CounterOp counter) {
      return new Mutation(key, null, counter);
    }

    /**
     * The key's write after this mutation, given the one before ({@code null}: none); adds the
     * mutation to the store's operation {@code target} as well.
     */
    TransactionView.Write applyTo(TransactionView.Write before, AtomicOperation target) {
      if (value != null) {
        // The value is this operation's copy, never changed: the store may keep it as it is.
        OwnedValues.set(target, key, value);
        return TransactionView.Write.set(key, value);
      }
      if (counter == null) {
        target.delete(key);
        return TransactionView.Write.delete(key);
      }
      counter.addTo(target, key);
      return before == null ? TransactionView.Write.counter(key, counter) : before.then(counter);
    }
  }

  /** What every successful operation reports (immutable, so shared). */
  private static final CommitResult PENDING_SUCCESS = CommitResult.success(TransactionView.PENDING);

  private final TransactionView view;
  /** Most operations hold a few steps (an update: two checks and a set). */
  private final List<Step> steps = new ArrayList<>(4);
  private boolean committed;

  ViewOperation(TransactionView view) {
    this.view = view;
  }

  @Override
  public AtomicOperation check(Tuple key, Versionstamp expected) {
    ensureNotCommitted();
    steps.add(new Check(Objects.requireNonNull(key, "key"), expected));
    return this;
  }

  @Override
  public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
    ensureNotCommitted();
    steps.add(new RangeCheck(Objects.requireNonNull(range, "range"), List.copyOf(seen)));
    return this;
  }

  @Override
  public AtomicOperation set(Tuple key, byte[] value) {
    Objects.requireNonNull(value, "value");
    // A copy: the caller may change its array afterwards, and what the transaction commits must not.
    return add(Mutation.set(key, value.clone()));
  }

  /** As {@link #set}, keeping {@code value} (a repository's own encoding) instead of a copy. */
  @Override
  public void setOwned(Tuple key, byte[] value) {
    add(Mutation.set(key, Objects.requireNonNull(value, "value")));
  }

  @Override
  public AtomicOperation delete(Tuple key) {
    return add(Mutation.delete(key));
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
    return add(Mutation.counter(key, new TransactionView.CounterOp(kind, operand)));
  }

  private AtomicOperation add(Mutation mutation) {
    ensureNotCommitted();
    Objects.requireNonNull(mutation.key(), "key");
    steps.add(mutation);
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
    // Indexed loops: an iterator per loop would be most of what a commit allocates here.
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i) instanceof Check check) {
        Versionstamp actual = view.get(check.key()).versionstamp();
        if (!Objects.equals(check.expected(), actual)) {
          return CommitResult.checkFailed(check.key(), check.expected(), actual);
        }
      }
    }
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i) instanceof RangeCheck check) {
        CommitResult failed = validate(check);
        if (failed != null) {
          return failed;
        }
      }
    }
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i) instanceof Mutation mutation) {
        view.apply(mutation);
      }
    }
    return PENDING_SUCCESS;
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
