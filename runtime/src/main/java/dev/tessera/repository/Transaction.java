package dev.tessera.repository;

import dev.tessera.internal.transaction.TransactionView;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvStore;

/**
 * One attempt of a transaction started by {@link Transactions#run}: the handle that binds
 * repositories to it ({@code users.in(tx)}) and gives raw key access inside it ({@link #store()}).
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

  private final TransactionView view;
  private final int attempt;
  private State state = State.ACTIVE;

  Transaction(KvStore store, TransactionOptions options, int attempt) {
    this.view = new TransactionView(store, options);
    this.attempt = attempt;
  }

  /**
   * The key store as this transaction sees it: reads come from its snapshot and its own writes, and
   * an {@code atomic()} operation's checks are evaluated against it and its mutations join the
   * transaction's commit. Closing it does nothing.
   *
   * @throws IllegalStateException if the transaction has ended
   */
  public KvStore store() {
    view.ensureOpen();
    return view;
  }

  /** Which attempt this is, from 1: more than 1 means earlier attempts lost to concurrent writers. */
  public int attempt() {
    return attempt;
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
