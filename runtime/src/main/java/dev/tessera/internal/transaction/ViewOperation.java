package dev.tessera.internal.transaction;

import dev.tessera.internal.kv.Counter;
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
public final class ViewOperation implements AtomicOperation {
  /** How a mutation changes its key's write (and adds itself to the store's operation). */
  interface Effect {
    /** The key's write after the mutation, given the one before ({@code null}: none). */
    TransactionView.Write applyTo(TransactionView.Write before, AtomicOperation target);
  }

  /** One buffered mutation of {@code key}. */
  record Mutation(Tuple key, Effect effect) {
    TransactionView.Write applyTo(TransactionView.Write before, AtomicOperation target) {
      return effect.applyTo(before, target);
    }
  }

  private record Check(Tuple key, Versionstamp expected) {}

  private record RangeCheck(TupleRange range, List<KvEntry> seen) {}

  /** What every successful operation reports (immutable, so shared). */
  private static final CommitResult PENDING_SUCCESS = CommitResult.success(TransactionView.PENDING);

  private final TransactionView view;
  private final List<Check> checks = new ArrayList<>();
  private final List<RangeCheck> rangeChecks = new ArrayList<>();
  private final List<Mutation> mutations = new ArrayList<>();
  private boolean committed;

  ViewOperation(TransactionView view) {
    this.view = view;
  }

  @Override
  public AtomicOperation check(Tuple key, Versionstamp expected) {
    ensureNotCommitted();
    checks.add(new Check(Objects.requireNonNull(key, "key"), expected));
    return this;
  }

  @Override
  public AtomicOperation checkRange(TupleRange range, List<KvEntry> seen) {
    ensureNotCommitted();
    rangeChecks.add(new RangeCheck(Objects.requireNonNull(range, "range"), List.copyOf(seen)));
    return this;
  }

  @Override
  public AtomicOperation set(Tuple key, byte[] value) {
    Objects.requireNonNull(value, "value");
    byte[] copy = value.clone();
    return add(key, (before, target) -> {
      target.set(key, copy);
      return TransactionView.Write.set(key, copy);
    });
  }

  @Override
  public AtomicOperation delete(Tuple key) {
    return add(key, (before, target) -> {
      target.delete(key);
      return TransactionView.Write.delete(key);
    });
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
    TransactionView.CounterOp op = new TransactionView.CounterOp(kind, operand);
    return add(key, (before, target) -> {
      op.addTo(target, key);
      return before == null ? new TransactionView.Write(key, null, false, List.of(op)) : before.then(op);
    });
  }

  private AtomicOperation add(Tuple key, Effect effect) {
    ensureNotCommitted();
    mutations.add(new Mutation(Objects.requireNonNull(key, "key"), effect));
    return this;
  }

  /** Evaluates the checks against the view; if all hold, the mutations join the transaction. */
  @Override
  public CommitResult commit() {
    ensureNotCommitted();
    committed = true;
    for (Check check : checks) {
      Versionstamp actual = view.get(check.key()).versionstamp();
      if (!Objects.equals(check.expected(), actual)) {
        return CommitResult.checkFailed(check.key(), check.expected(), actual);
      }
    }
    for (RangeCheck check : rangeChecks) {
      CommitResult failed = validate(check);
      if (failed != null) {
        return failed;
      }
    }
    for (Mutation mutation : mutations) {
      view.apply(mutation);
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
