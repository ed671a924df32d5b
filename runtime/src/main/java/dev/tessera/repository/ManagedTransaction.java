package dev.tessera.repository;

import dev.tessera.internal.catalog.KeyNames;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Versionstamp;
import java.util.List;

/**
 * A transaction begun by {@link Transactions#begin} and bound to the thread that began it, for
 * frameworks that manage a transaction's begin and end themselves (Tessera's Spring transaction
 * manager). Until it commits or rolls back, every repository of its store called on that thread
 * joins it, and a {@link Transactions#run} on that store joins it too.
 *
 * <p>It has one attempt: {@link #commit()} validates every read and applies every write in one
 * atomic commit, or throws {@link TransactionConflictException} and writes nothing; running the
 * work again is the caller's choice. {@link #close()} rolls back what was not committed, so
 * try-with-resources never leaves it bound to the thread.
 *
 * <p>Not thread-safe: use it on the thread that began it.
 */
public final class ManagedTransaction implements AutoCloseable {
  private enum State { ACTIVE, COMMITTED, ROLLED_BACK }

  private final Transaction tx;
  /** The store it runs on: its catalog names the keys of a refusal. */
  private final KvStore store;
  private final Thread thread = Thread.currentThread();
  private State state = State.ACTIVE;

  ManagedTransaction(Transaction tx, KvStore store) {
    this.tx = tx;
    this.store = store;
  }

  /**
   * {@return the transaction: to bind repositories explicitly ({@code users.in(tx)}), or mark it}
   */
  public Transaction transaction() {
    return tx;
  }

  /**
   * Commits: one atomic commit that checks every key read and range scanned is unchanged and
   * applies every write; then the transaction ends and leaves the thread.
   *
   * @return the commit's versionstamp, or {@code null} if the transaction wrote nothing
   * @throws TransactionConflictException if a concurrent commit changed what it read; nothing was
   *     written
   * @throws TransactionRolledBackException if it was marked rollback-only; nothing was written
   * @throws IllegalStateException if it already ended, or on another thread than the one that
   *     began it
   */
  public Versionstamp commit() {
    ensureActive();
    try {
      if (tx.isRollbackOnly()) {
        throw new TransactionRolledBackException(tx.rollbackCause());
      }
      CommitResult result;
      try {
        result = tx.commit();
      } catch (RuntimeException refused) {
        throw KeyNames.named(refused, store);
      }
      if (result != null && !result.ok()) {
        throw TransactionConflictException.of(1, List.of(result), store);
      }
      return result == null ? null : result.versionstamp();
    } finally {
      end(State.COMMITTED);
    }
  }

  /**
   * Rolls back: nothing the transaction wrote reaches the store; it ends and leaves the thread.
   * Does nothing if it already ended.
   *
   * @throws IllegalStateException on another thread than the one that began it
   */
  public void rollback() {
    ensureThread();
    if (state == State.ACTIVE) {
      end(State.ROLLED_BACK);
    }
  }

  /** {@return true until it commits or rolls back} */
  public boolean isActive() {
    return state == State.ACTIVE;
  }

  /** Rolls back unless it committed (see {@link #rollback()}). */
  @Override
  public void close() {
    rollback();
  }

  private void end(State end) {
    state = end;
    Transactions.unbindFromThread(tx);
    tx.end();
  }

  private void ensureActive() {
    ensureThread();
    if (state != State.ACTIVE) {
      throw new IllegalStateException("The transaction has " + (state == State.COMMITTED
          ? "committed" : "rolled back") + "; begin another one");
    }
  }

  private void ensureThread() {
    if (Thread.currentThread() != thread) {
      throw new IllegalStateException("A managed transaction is used on the thread that began it ("
          + thread.getName() + "), not on " + Thread.currentThread().getName());
    }
  }
}
