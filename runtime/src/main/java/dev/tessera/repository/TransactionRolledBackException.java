package dev.tessera.repository;

import dev.tessera.TesseraException;

/**
 * A transaction's function returned normally, but the transaction had been {@linkplain
 * Transaction#setRollbackOnly() marked rollback-only}: typically a nested {@link Transactions#run}
 * that joined it threw, and the outer function caught the exception and went on. Nothing of the
 * transaction was written and it is not run again: writing the outer function's work without the
 * failed inner part would commit half a unit of work. Immutable and thread-safe.
 */
public final class TransactionRolledBackException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param cause what made a nested scope fail, or {@code null} if not known
   */
  public TransactionRolledBackException(Throwable cause) {
    super("The transaction was marked rollback-only (a nested Transactions.run that joined it"
        + " threw, or setRollbackOnly() was called) and its function returned normally: nothing was"
        + " written. Let the nested failure propagate, or run the nested work in a transaction of"
        + " its own on another thread", cause);
  }
}
