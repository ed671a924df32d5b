package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.Loan;
import dev.tessera.benchmarks.model.LoanRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.Transactions;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * Tessera: {@code Transactions.run} over the generated {@code LoanRepository}; the count is {@code
 * byMember().equalTo(member).count()} inside the transaction, whose commit checks that the member's
 * range of index keys is still exactly what the count read (optimistic, retried from a fresh
 * snapshot on a conflict). Durability as in {@link TesseraUserStore}.
 *
 * <p>Thread-safe: the repository and the store are.
 */
public final class TesseraLoanStore implements LoanStore {
  private final KvStore store;
  private final LoanRepository loans;

  private TesseraLoanStore(KvStore store) {
    this.store = store;
    this.loans = new LoanRepository(store);
  }

  /** Opens or creates a store in {@code directory}. */
  public static TesseraLoanStore open(Path directory, Durability durability) {
    return new TesseraLoanStore(LmdbKvStore.open(directory, TesseraUserStore.options(durability)));
  }

  @Override
  public void lend(List<Loan> batch) {
    loans.insertAll(batch);
  }

  @Override
  public long countLoans(String member) {
    return Transactions.run(store, tx -> loans.in(tx).byMember().equalTo(member).count());
  }

  @Override
  public long countThenLend(String member, Loan lent, long returned, int limit) {
    return Transactions.run(store, tx -> {
      LoanRepository in = loans.in(tx);
      long count = in.byMember().equalTo(member).count();
      if (count >= limit) {
        in.delete(returned);
      }
      in.insert(lent);
      return count;
    });
  }

  @Override
  public List<Loan> loansOf(String member) {
    return loans.byMember().equalTo(member).list().stream()
        .sorted(Comparator.comparingLong(Loan::id)).toList();
  }

  @Override
  public void close() {
    store.close();
  }
}
