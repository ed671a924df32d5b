package dev.tessera.repository;

import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
 * <p>Thread-safe: any number of threads may run transactions at once; each runs its function on
 * the calling thread.
 */
public final class Transactions {
  /** The default options (immutable, so made once). */
  private static final TransactionOptions DEFAULTS = TransactionOptions.defaults();
  private static final int DEFAULT_RETRY_ATTEMPTS = DEFAULTS.maxAttempts();
  private static final Retry DEFAULT_RETRY =
      Retry.commits(DEFAULT_RETRY_ATTEMPTS, Backoff.TRANSACTIONS);

  private Transactions() {}

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
    return attempts(store, options, work).run();
  }

  /**
   * As {@link #run(KvStore, Function)}, returning the commit's versionstamp too (every key the
   * transaction wrote carries it).
   *
   * @param <R> the type of the result
   * @param store the store
   * @param work the transaction's work, run again on a conflict
   * @return what {@code work} returned, and the commit's versionstamp
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
    R value = attempts.run();
    return new TransactionResult<>(value, attempts.versionstamp);
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
        value = work.apply(tx);
        result = tx.commit();
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

    @Override
    public R after(Retry.Exhausted exhausted) {
      throw TransactionConflictException.of(exhausted.attempts(), lost);
    }
  }
}
