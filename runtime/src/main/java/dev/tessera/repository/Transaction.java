package dev.tessera.repository;

import dev.tessera.internal.transaction.TransactionView;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvStore;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * One attempt of a transaction started by {@link Transactions#run} (or begun by {@link
 * Transactions#begin}): the handle that binds repositories to it ({@code users.in(tx)}) and gives
 * raw key access inside it ({@link #store()}). While it runs, it is the calling thread's transaction
 * on its store: every repository of that store called on the thread joins it, bound or not (see
 * {@link Transactions}).
 *
 * <p>Everything read through it comes from one snapshot of the store taken at its first read,
 * overlaid with its own writes, so a transaction reads its own writes: by primary key, by unique
 * value and in index queries. Nothing is written to the store until the function returns; then one
 * atomic commit validates every read (each key read, each range an index query scanned) and applies
 * every write, or the function runs again on a fresh snapshot.
 *
 * <p>Not thread-safe: use it, and the repository views bound to it, on the thread running the
 * transaction's function, and only until the function returns.
 */
public final class Transaction {
  private enum State { ACTIVE, COMMITTING, ENDED }

  /** Slots per bound view: the repository, the function that bound it, the view. */
  private static final int SLOT = 3;

  private final TransactionView view;
  /** The store it runs on: repositories of this very store join it. */
  private final KvStore origin;
  private final int attempt;
  private State state = State.ACTIVE;
  private boolean rollbackOnly;
  /** What made a nested scope mark it rollback-only, if known; the cause of the refusal. */
  private Throwable rollbackCause;
  /**
   * The transaction this thread ran before this one began (on another store; {@code null} if none):
   * the thread's transactions form a chain through it, innermost first (see {@link Transactions}).
   */
  Transaction outer;
  /** The views {@link #bind} made, {@link #SLOT} slots each; {@code null} until the first. */
  private Object[] bound;
  private int boundCount;

  Transaction(KvStore store, TransactionOptions options, int attempt) {
    this.view = new TransactionView(store, options);
    this.origin = store;
    this.attempt = attempt;
  }

  /** The store this transaction runs on. */
  KvStore origin() {
    return origin;
  }

  /**
   * {@return the key store as this transaction sees it: reads come from its snapshot and its own
   * writes, and an {@code atomic()} operation's checks are evaluated against it and its mutations
   * join the transaction's commit} Closing it does nothing.
   *
   * @throws IllegalStateException if the transaction has ended
   */
  public KvStore store() {
    view.ensureOpen();
    return view;
  }

  /**
   * {@return which attempt this is, from 1: more than 1 means earlier attempts lost to concurrent
   * writers}
   */
  public int attempt() {
    return attempt;
  }

  /**
   * Marks the transaction so that it writes nothing: when its function returns, {@link
   * Transactions#run} throws {@link TransactionRolledBackException} instead of committing (and
   * does not run it again). A nested {@code Transactions.run} that throws marks the transaction it
   * joined so (see {@link Transactions}); frameworks mark it when a participating scope fails.
   */
  public void setRollbackOnly() {
    rollbackOnly = true;
  }

  /** Marks it rollback-only because a nested scope failed with {@code cause} (the first kept). */
  void setRollbackOnly(Throwable cause) {
    if (!rollbackOnly) {
      rollbackCause = cause;
    }
    rollbackOnly = true;
  }

  /** What made it rollback-only, or {@code null} if unknown. */
  Throwable rollbackCause() {
    return rollbackCause;
  }

  /**
   * {@return true once {@link #setRollbackOnly()} was called: the transaction will write nothing}
   */
  public boolean isRollbackOnly() {
    return rollbackOnly;
  }

  /**
   * Makes the transaction read-only: from now on every write through it (a repository's insert,
   * update, save or delete, or a mutation of {@link #store()}{@code .atomic()}) throws {@link
   * ReadOnlyTransactionException} before it changes anything. Reads are unaffected. Spring's
   * {@code @Transactional(readOnly = true)} calls it.
   */
  public void setReadOnly() {
    view.setReadOnly();
  }

  /** {@return true once {@link #setReadOnly()} was called} */
  public boolean isReadOnly() {
    return view.readOnly();
  }

  /**
   * {@code repository} bound to this transaction: made by {@code bind} the first time this
   * transaction binds {@code repository} with {@code bind}, the same object every later time. A
   * generated repository's {@code in(tx)} calls it ({@code tx.bind(this, UserRepository::new)}), so
   * binding a repository again in the same transaction allocates nothing. The view belongs to this
   * attempt alone: a retry runs on a new {@code Transaction} with views of its own, and a view
   * used after its transaction ended throws {@link IllegalStateException}.
   *
   * @param repository the repository to bind
   * @param bind makes the view of {@code repository} bound to a transaction
   * @param <R> the repository type
   * @return the view of {@code repository} bound to this transaction
   */
  public <R> R bind(R repository, BiFunction<? super R, ? super Transaction, ? extends R> bind) {
    Objects.requireNonNull(repository, "repository");
    Objects.requireNonNull(bind, "bind");
    for (int i = 0; i < boundCount; i += SLOT) {
      if (bound[i] == repository && bound[i + 1] == bind) {
        @SuppressWarnings("unchecked") // made by this very function from this very repository
        R view = (R) bound[i + 2];
        return view;
      }
    }
    R view = bind.apply(repository, this);
    if (bound == null) {
      bound = new Object[SLOT]; // most transactions bind one repository
    } else if (boundCount == bound.length) {
      bound = Arrays.copyOf(bound, 2 * bound.length);
    }
    bound[boundCount] = repository;
    bound[boundCount + 1] = bind;
    bound[boundCount + 2] = view;
    boundCount += SLOT;
    return view;
  }

  /** The view repositories bind to (no state check: every read and write checks it). */
  TransactionView view() {
    return view;
  }

  /** Commits (see {@link TransactionView#commit()}); {@code null} for a read-only transaction. */
  CommitResult commit() {
    if (state != State.ACTIVE) {
      throw new IllegalStateException("Transaction attempt " + attempt + " is " + state);
    }
    state = State.COMMITTING;
    return view.commit();
  }

  /** Ends the attempt: releases its snapshot; the views bound to it refuse every later use. */
  void end() {
    state = State.ENDED;
    view.end();
  }
}
