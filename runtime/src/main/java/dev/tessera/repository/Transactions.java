package dev.tessera.repository;

import dev.tessera.internal.catalog.KeyNames;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Serializable transactions across any repositories of one store.
 *
 * <pre>{@code
 * Loan loan = Transactions.run(store, tx -> {
 *   Book book = books.in(tx).findById(isbn).orElseThrow();
 *   if (book.copiesAvailable() == 0) throw new NoCopyLeftException(isbn);
 *   books.in(tx).update(book.withCopiesAvailable(book.copiesAvailable() - 1));
 *   return loans.in(tx).insert(new Loan(null, isbn, memberId, today.plusWeeks(3)));
 * });
 * }</pre>
 *
 * <p><b>Isolation: serializable.</b> The function reads one snapshot (plus its own writes). At the
 * end, one atomic commit checks that every key it read still has the versionstamp it saw and that
 * no key was added to, removed from or changed in any range an index query scanned, and applies
 * its writes; so the outcome is as if the transactions ran one after another. A read-only
 * transaction commits nothing.
 *
 * <p><b>Retries.</b> When the commit finds a change, the function runs again on a fresh snapshot,
 * after a bounded exponential backoff with jitter, up to {@link TransactionOptions#maxAttempts()}
 * times, then {@link TransactionConflictException} names the conflicting keys. So the function
 * must have no effects outside the transaction (no messages sent, no counters bumped) and must
 * not keep results of one attempt for the next.
 *
 * <p><b>Failures.</b> An exception thrown by the function (yours, or a repository's such as
 * {@link UniqueConstraintViolationException} or {@link EntityExistsException}) aborts the
 * transaction: nothing is written and the exception propagates unchanged.
 *
 * <p><b>The thread's transaction.</b> While the function runs, the transaction is the calling
 * thread's transaction on {@code store}: every repository of that same store called on this thread
 * joins it, bound with {@code in(tx)} or not. So a Jakarta Data interface, or a repository injected
 * by a container, needs no {@code in(tx)}:
 *
 * <pre>{@code
 * Transactions.run(store, tx -> {
 *   Event event = events.findById(id).orElseThrow();     // reads the transaction's snapshot
 *   events.update(event.withSeatsLeft(event.seatsLeft() - 1));
 *   return tickets.insert(new Ticket(null, id, seat));   // the same commit
 * });
 * }</pre>
 *
 * Repositories of another store do not join (each store has its own transactions); a query object
 * runs where the repository was when it made it ({@code events.byVenueId()} made inside the function
 * reads the transaction, one made before it reads the store). The check costs one thread-local
 * read per repository call.
 *
 * <p><b>Nesting.</b> A {@code run} on the same store inside the function <em>joins</em> the
 * running transaction (as Spring's {@code REQUIRED}): its function runs once, on the same
 * transaction, and commits nothing of its own; the outer commit writes both or neither, and a
 * conflict retries the outer function, nested run included. If the nested function throws, the
 * transaction is marked {@linkplain Transaction#setRollbackOnly() rollback-only}: should the outer
 * function catch the exception and return normally, nothing is written and {@link
 * TransactionRolledBackException} is thrown. A {@code run} on <em>another</em> store inside the
 * function is a separate transaction, which commits (or retries) when its own function returns,
 * whatever the outer one does later.
 *
 * <p><b>Managed transactions.</b> Frameworks that begin and end a transaction around code they do
 * not call as a function (Spring's {@code @Transactional}) use {@link #begin}: one attempt, bound
 * to the thread until it commits or rolls back; retrying is the framework's affair.
 *
 * <p>Thread-safe: any number of threads may run transactions at once; each runs its function on
 * the calling thread.
 */
public final class Transactions {
  /** The default options (immutable, so made once). */
  private static final TransactionOptions DEFAULTS = TransactionOptions.defaults();
  private static final int DEFAULT_RETRY_ATTEMPTS = DEFAULTS.maxAttempts();
  private static final Retry DEFAULT_RETRY =
      Retry.commits(DEFAULT_RETRY_ATTEMPTS, Backoff.TRANSACTIONS);

  /**
   * The innermost transaction the thread runs, chained through {@link Transaction#outer} to the
   * ones it began before on other stores; {@code null} when it runs none.
   */
  private static final ThreadLocal<Transaction> CURRENT = new ThreadLocal<>();

  private Transactions() {}

  /**
   * The transaction the calling thread runs on {@code store}, if any: the one a repository of
   * {@code store} called on this thread joins.
   *
   * @param store the store
   * @return the thread's transaction on {@code store}, or empty
   */
  public static Optional<Transaction> current(KvStore store) {
    return Optional.ofNullable(joined(Objects.requireNonNull(store, "store")));
  }

  /**
   * The thread's transaction on {@code store}, or {@code null}: every call of a repository asks,
   * so it is one thread-local read when the thread runs no transaction.
   */
  static Transaction joined(KvStore store) {
    for (Transaction tx = CURRENT.get(); tx != null; tx = tx.outer) {
      if (tx.origin() == store) {
        return tx;
      }
    }
    return null;
  }

  /** Makes {@code tx} the thread's innermost transaction. */
  static void bindToThread(Transaction tx) {
    tx.outer = CURRENT.get();
    CURRENT.set(tx);
  }

  /** Ends {@code tx} being the thread's transaction (it need not be the innermost). */
  static void unbindFromThread(Transaction tx) {
    Transaction innermost = CURRENT.get();
    if (innermost == tx) {
      if (tx.outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(tx.outer);
      }
      return;
    }
    for (Transaction inner = innermost; inner != null; inner = inner.outer) {
      if (inner.outer == tx) {
        inner.outer = tx.outer;
        return;
      }
    }
  }

  /**
   * Runs {@code work} outside every transaction of the calling thread: repositories called in it
   * read and write their stores directly, committing each write at once, as on a thread that runs
   * no transaction (for an audit record that must stay even if the transaction fails, or a test's
   * concurrent writer). The thread's transactions are its own again when it returns.
   *
   * @param <R> the type of the result
   * @param work what to run
   * @return what {@code work} returned
   */
  public static <R> R outside(Supplier<R> work) {
    Objects.requireNonNull(work, "work");
    Transaction innermost = CURRENT.get();
    if (innermost == null) {
      return work.get();
    }
    CURRENT.remove();
    try {
      return work.get();
    } finally {
      CURRENT.set(innermost);
    }
  }

  /**
   * Begins a transaction on {@code store} and makes it the calling thread's: until it ends, every
   * repository of {@code store} called on this thread joins it. For frameworks that manage begin
   * and end themselves (Tessera's Spring transaction manager); code that can pass a function should
   * use {@link #run}, which retries. The transaction has one attempt: {@link
   * ManagedTransaction#commit()} throws {@link TransactionConflictException} if a concurrent commit
   * changed what it read, and the caller decides whether to run the work again.
   *
   * <pre>{@code
   * try (ManagedTransaction managed = Transactions.begin(store, TransactionOptions.defaults())) {
   *   events.update(...);          // joins it
   *   managed.commit();
   * }                              // not committed: rolled back, nothing written
   * }</pre>
   *
   * @param store the store
   * @param options its limits ({@link TransactionOptions#maxAttempts()} is not used: one attempt)
   * @return the transaction, to commit or roll back on this thread
   * @throws IllegalStateException if the thread already runs a transaction on {@code store} (join
   *     it instead: {@link #current})
   */
  public static ManagedTransaction begin(KvStore store, TransactionOptions options) {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(options, "options");
    if (joined(store) != null) {
      throw new IllegalStateException("This thread already runs a transaction on " + store
          + ": join it (Transactions.current(store)) instead of beginning another");
    }
    Transaction tx = new Transaction(store, options, 1);
    bindToThread(tx);
    return new ManagedTransaction(tx, store);
  }

  /**
   * Runs {@code work} in a transaction with {@linkplain TransactionOptions#defaults() the default
   * options} and commits it.
   *
   * @param <R> the type of the result
   * @param store the store
   * @param work the transaction's work, run again on a conflict
   * @return what {@code work} returned
   * @throws TransactionConflictException if every attempt lost to concurrent writers
   * @throws TransactionTooLargeException if an attempt read or wrote more than the limits allow
   */
  public static <R> R run(KvStore store, Function<Transaction, R> work) {
    return run(store, DEFAULTS, work);
  }

  /**
   * As {@link #run(KvStore, Function)}, with {@code options}.
   *
   * @param <R> the type of the result
   * @param store the store
   * @param options the transaction's limits
   * @param work the transaction's work, run again on a conflict
   * @return what {@code work} returned
   */
  public static <R> R run(KvStore store, TransactionOptions options, Function<Transaction, R> work) {
    Attempts<R> attempts = attempts(store, options, work);
    Transaction joined = joined(store);
    return joined != null ? join(joined, work) : attempts.run();
  }

  /**
   * As {@link #run(KvStore, Function)}, returning the commit's versionstamp too (every key the
   * transaction wrote carries it). Nested in a transaction of the same store, it joins it, which
   * commits later: the versionstamp is then {@code null}.
   *
   * @param <R> the type of the result
   * @param store the store to run the transaction on
   * @param work what to run, given the transaction
   * @return what {@code work} returned and the commit's versionstamp
   */
  public static <R> TransactionResult<R> runWithResult(KvStore store, Function<Transaction, R> work) {
    return runWithResult(store, DEFAULTS, work);
  }

  /**
   * As {@link #runWithResult(KvStore, Function)}, with {@code options}.
   *
   * @param <R> the type of the result
   * @param store the store
   * @param options the transaction's limits
   * @param work the transaction's work, run again on a conflict
   * @return what {@code work} returned, and the commit's versionstamp
   */
  public static <R> TransactionResult<R> runWithResult(
      KvStore store, TransactionOptions options, Function<Transaction, R> work) {
    Attempts<R> attempts = attempts(store, options, work);
    Transaction joined = joined(store);
    if (joined != null) {
      return new TransactionResult<>(join(joined, work), null);
    }
    R value = attempts.run();
    return new TransactionResult<>(value, attempts.versionstamp);
  }

  /**
   * Runs a nested function on the transaction it joins; if it throws, the transaction is marked
   * rollback-only, so that an outer function that catches the exception cannot commit half of it.
   */
  private static <R> R join(Transaction tx, Function<Transaction, R> work) {
    try {
      return work.apply(tx);
    } catch (Throwable failure) {
      tx.setRollbackOnly(failure);
      throw failure;
    }
  }

  private static <R> Attempts<R> attempts(
      KvStore store, TransactionOptions options, Function<Transaction, R> work) {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(work, "work");
    return new Attempts<>(store, options, work);
  }

  /** The retry of {@code maxAttempts} transaction attempts; the default one is made once. */
  private static Retry retry(int maxAttempts) {
    return maxAttempts == DEFAULT_RETRY_ATTEMPTS
        ? DEFAULT_RETRY
        : Retry.commits(maxAttempts, Backoff.TRANSACTIONS);
  }

  /**
   * The attempts of one run: each runs the function once in a new transaction and commits, done
   * or lost; the commits that lost are kept for the exception that names their keys. One object
   * per run is both what the retry calls and how it gives up. Not thread-safe (one run, one
   * thread).
   */
  private static final class Attempts<R>
      implements Supplier<Attempt<R>>, Retry.GiveUp<R> {
    private final KvStore store;
    private final TransactionOptions options;
    private final Function<Transaction, R> work;
    /** The failed commits, in order; the shared empty list until the first. */
    private List<CommitResult> lost = List.of();
    /** The versionstamp of the attempt that was done; null if it wrote nothing. */
    private Versionstamp versionstamp;

    Attempts(KvStore store, TransactionOptions options, Function<Transaction, R> work) {
      this.store = store;
      this.options = options;
      this.work = work;
    }

    /** Runs attempts until one is done: its function's result. */
    R run() {
      return retry(options.maxAttempts()).run(this, this);
    }

    /** Runs the function once and commits: done, or lost (its failed commit kept). */
    @Override
    public Attempt<R> get() {
      Transaction tx = new Transaction(store, options, lost.size() + 1);
      CommitResult result;
      R value;
      try {
        bindToThread(tx);
        try {
          value = work.apply(tx);
        } finally {
          unbindFromThread(tx);
        }
        if (tx.isRollbackOnly()) {
          throw new TransactionRolledBackException(tx.rollbackCause());
        }
        result = commit(tx);
      } finally {
        tx.end();
      }
      if (result == null) {
        return Attempt.done(value);
      }
      if (result.ok()) {
        versionstamp = result.versionstamp();
        return Attempt.done(value);
      }
      if (lost.isEmpty()) {
        lost = new ArrayList<>();
      }
      lost.add(result);
      return Attempt.lost("a concurrent commit changed what it read", result.failedKey());
    }

    /** Commits {@code tx}; a refusal that names keys (too large, damaged) names them by name. */
    private CommitResult commit(Transaction tx) {
      try {
        return tx.commit();
      } catch (RuntimeException refused) {
        throw KeyNames.named(refused, store);
      }
    }

    @Override
    public R after(Retry.Exhausted exhausted) {
      throw TransactionConflictException.of(exhausted.attempts(), lost, store);
    }
  }
}
