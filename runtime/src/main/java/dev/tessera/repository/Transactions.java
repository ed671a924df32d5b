package dev.tessera.repository;

import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvStore;
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
  private static final int DEFAULT_RETRY_ATTEMPTS = TransactionOptions.defaults().maxAttempts();
  private static final Retry DEFAULT_RETRY =
      Retry.commits(DEFAULT_RETRY_ATTEMPTS, Backoff.TRANSACTIONS);

  private Transactions() {}

  /**
   * Runs {@code work} in a transaction with {@linkplain TransactionOptions#defaults() the default
   * options} and commits it.
   *
   * @return what {@code work} returned
   * @throws TransactionConflictException if every attempt lost to concurrent writers
   * @throws TransactionTooLargeException if an attempt read or wrote more than the limits allow
   */
  public static <R> R run(KvStore store, Function<Transaction, R> work) {
    return runWithResult(store, TransactionOptions.defaults(), work).value();
  }

  /** As {@link #run(KvStore, Function)}, with {@code options}. */
  public static <R> R run(KvStore store, TransactionOptions options, Function<Transaction, R> work) {
    return runWithResult(store, options, work).value();
  }

  /**
   * As {@link #run(KvStore, Function)}, returning the commit's versionstamp too (every key the
   * transaction wrote carries it).
   */
  public static <R> TransactionResult<R> runWithResult(KvStore store, Function<Transaction, R> work) {
    return runWithResult(store, TransactionOptions.defaults(), work);
  }

  /** As {@link #runWithResult(KvStore, Function)}, with {@code options}. */
  public static <R> TransactionResult<R> runWithResult(
      KvStore store, TransactionOptions options, Function<Transaction, R> work) {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(work, "work");
    Attempts<R> attempts = new Attempts<>(store, options, work);
    return retry(options.maxAttempts()).run(attempts, attempts);
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
      implements Supplier<Attempt<TransactionResult<R>>>, Retry.GiveUp<TransactionResult<R>> {
    private final KvStore store;
    private final TransactionOptions options;
    private final Function<Transaction, R> work;
    /** The failed commits, in order; the shared empty list until the first. */
    private List<CommitResult> lost = List.of();

    Attempts(KvStore store, TransactionOptions options, Function<Transaction, R> work) {
      this.store = store;
      this.options = options;
      this.work = work;
    }

    /** Runs the function once and commits: done, or lost (its failed commit kept). */
    @Override
    public Attempt<TransactionResult<R>> get() {
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
        return Attempt.done(new TransactionResult<>(value, null));
      }
      if (result.ok()) {
        return Attempt.done(new TransactionResult<>(value, result.versionstamp()));
      }
      if (lost.isEmpty()) {
        lost = new ArrayList<>();
      }
      lost.add(result);
      return Attempt.lost("a concurrent commit changed what it read", result.failedKey());
    }

    @Override
    public TransactionResult<R> after(Retry.Exhausted exhausted) {
      throw TransactionConflictException.of(exhausted.attempts(), lost);
    }
  }
}
