package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.Loan;
import java.util.List;

/**
 * A contender's loans for the benchmark of queries inside transactions, indexed by member: "a
 * member may hold at most N loans" counts the member's loans and lends one more in one serialisable
 * transaction, so two concurrent loans cannot both see room for one.
 *
 * <p>Implementations are thread-safe.
 */
public interface LoanStore extends AutoCloseable {
  /** Inserts {@code loans} in one commit; an id already stored fails it. */
  void lend(List<Loan> loans);

  /** The number of {@code member}'s loans, counted on the member index in one transaction. */
  long countLoans(String member);

  /**
   * In one serialisable transaction: counts {@code member}'s loans on the member index; if they
   * are {@code limit} or more, deletes loan {@code returned} (and its index entry); inserts {@code
   * lent}. Retried on a conflict with another transaction.
   *
   * @return the count before the changes
   */
  long countThenLend(String member, Loan lent, long returned, int limit);

  /** {@code member}'s loans, found through the member index, in id order. */
  List<Loan> loansOf(String member);

  /** Closes the store. */
  @Override
  void close();
}
