package dev.tessera.spring;

import dev.tessera.kv.KvStore;
import dev.tessera.repository.ManagedTransaction;
import dev.tessera.repository.Transaction;
import dev.tessera.repository.TransactionConflictException;
import dev.tessera.repository.TransactionOptions;
import dev.tessera.repository.TransactionRolledBackException;
import dev.tessera.repository.Transactions;
import java.util.Objects;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.transaction.InvalidTimeoutException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.UnexpectedRollbackException;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.SmartTransactionObject;

/**
 * Runs Spring's {@code @Transactional} methods in Tessera transactions on one store: beginning a
 * transaction makes it the thread's transaction on the store ({@link Transactions#begin}), so every
 * repository of that store the method calls, generated {@code XRepository} beans and Jakarta Data
 * interfaces alike, reads its snapshot and its own writes and adds its writes to it; the commit
 * validates every read and applies every write in one atomic commit, or writes nothing.
 *
 * <pre>{@code
 * @Transactional
 * public Ticket buy(String eventId, String seat) {
 *   Event event = events.findById(eventId).orElseThrow();
 *   events.update(event.withSeatsLeft(event.seatsLeft() - 1));
 *   return tickets.insert(new Ticket(null, eventId, seat));
 * }
 * }</pre>
 *
 * <ul>
 *   <li>A commit that finds what the transaction read changed by a concurrent commit throws
 *       {@link OptimisticLockingFailureException} (a {@code ConcurrencyFailureException}) with
 *       Tessera's {@link TransactionConflictException} as cause: nothing was written and the method
 *       may run again (see docs/dependency-injection.md for a retry). Unlike {@link
 *       Transactions#run}, the manager does not retry: it does not own the method.
 *   <li>An exception that rolls the transaction back (by default any unchecked one) writes nothing.
 *   <li>{@code readOnly = true}: every write in the method throws {@link
 *       dev.tessera.repository.ReadOnlyTransactionException} and changes nothing.
 *   <li>Propagation: {@code REQUIRED}, {@code SUPPORTS}, {@code MANDATORY} and {@code NEVER} work;
 *       an inner method joins the outer transaction, and if it fails the whole transaction rolls
 *       back ({@link UnexpectedRollbackException} if the outer method returns normally). {@code
 *       REQUIRES_NEW}, {@code NOT_SUPPORTED} and {@code NESTED} inside a transaction are refused
 *       ({@code TransactionSuspensionNotSupportedException}, {@code
 *       NestedTransactionNotSupportedException}). A {@code Transactions.run} on the store inside the
 *       method joins its transaction; a {@code @Transactional} method called inside {@code
 *       Transactions.run} joins that one.
 *   <li>Isolation: every level is served by Tessera's serializable isolation. Timeouts are refused
 *       ({@link InvalidTimeoutException}): a transaction holds no lock that a timeout would free.
 * </ul>
 *
 * <p>Thread-safe: its state is the store and the options; each transaction lives on its thread.
 */
public class TesseraTransactionManager extends AbstractPlatformTransactionManager {
  private static final long serialVersionUID = 1L;

  /** The store whose transactions it manages (not serialized: a store is a live resource). */
  private final transient KvStore store;
  /** The limits of its transactions. */
  private final TransactionOptions options;

  /**
   * A transaction manager for {@code store} whose transactions have {@code options}' limits
   * (their {@code maxAttempts} is not used: a transaction has one attempt).
   *
   * @param store the store
   * @param options the limits of its transactions
   */
  public TesseraTransactionManager(KvStore store, TransactionOptions options) {
    this.store = Objects.requireNonNull(store, "store");
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * A transaction manager for {@code store} with the default limits.
   *
   * @param store the store
   */
  public TesseraTransactionManager(KvStore store) {
    this(store, TransactionOptions.defaults());
  }

  /**
   * The store whose transactions it manages.
   *
   * @return the store
   */
  public KvStore store() {
    return store;
  }

  @Override
  protected Object doGetTransaction() {
    return new TransactionObject(Transactions.current(store).orElse(null));
  }

  @Override
  protected boolean isExistingTransaction(Object transaction) {
    return ((TransactionObject) transaction).joined != null;
  }

  @Override
  protected void doBegin(Object transaction, TransactionDefinition definition) {
    if (definition.getTimeout() != TransactionDefinition.TIMEOUT_DEFAULT) {
      throw new InvalidTimeoutException("Tessera transactions have no timeout: a transaction holds"
          + " no lock that one would free; remove timeout from @Transactional", definition.getTimeout());
    }
    TransactionObject object = (TransactionObject) transaction;
    object.managed = Transactions.begin(store, options);
    if (definition.isReadOnly()) {
      object.managed.transaction().setReadOnly();
    }
  }

  @Override
  protected void doCommit(DefaultTransactionStatus status) {
    ManagedTransaction managed = ((TransactionObject) status.getTransaction()).managed;
    try {
      managed.commit();
    } catch (TransactionConflictException conflict) {
      throw new OptimisticLockingFailureException("The transaction lost to a concurrent commit that"
          + " changed what it read (" + conflict.conflictingKeys() + "); nothing was written, run"
          + " it again", conflict);
    } catch (TransactionRolledBackException rolledBack) {
      throw new UnexpectedRollbackException(rolledBack.getMessage(), rolledBack);
    }
  }

  @Override
  protected void doRollback(DefaultTransactionStatus status) {
    ((TransactionObject) status.getTransaction()).managed.rollback();
  }

  @Override
  protected void doSetRollbackOnly(DefaultTransactionStatus status) {
    ((TransactionObject) status.getTransaction()).transaction().setRollbackOnly();
  }

  @Override
  protected void doCleanupAfterCompletion(Object transaction) {
    ManagedTransaction managed = ((TransactionObject) transaction).managed;
    if (managed != null) {
      managed.close(); // a no-op after commit or rollback; ends it if the completion failed
    }
  }

  /** One {@code @Transactional} scope: the transaction it joined, or the one it began. */
  private static final class TransactionObject implements SmartTransactionObject {
    /** The thread's transaction on the store when the scope started, or {@code null}. */
    final Transaction joined;
    /** The transaction this scope began, or {@code null} if it joined one. */
    ManagedTransaction managed;

    TransactionObject(Transaction joined) {
      this.joined = joined;
    }

    Transaction transaction() {
      return managed != null ? managed.transaction() : joined;
    }

    @Override
    public boolean isRollbackOnly() {
      Transaction transaction = transaction();
      return transaction != null && transaction.isRollbackOnly();
    }

    @Override
    public void flush() {
      // Writes are buffered until the commit: there is nothing to flush before it.
    }
  }
}
