package dev.tessera.benchmarks.store.je;

import com.sleepycat.je.Environment;
import com.sleepycat.je.TransactionConfig;
import com.sleepycat.persist.EntityCursor;
import com.sleepycat.persist.EntityIndex;
import com.sleepycat.persist.EntityStore;
import com.sleepycat.persist.PrimaryIndex;
import com.sleepycat.persist.SecondaryIndex;
import com.sleepycat.persist.StoreConfig;
import dev.tessera.benchmarks.model.Loan;
import dev.tessera.benchmarks.store.Durability;
import dev.tessera.benchmarks.store.LoanStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Berkeley DB Java Edition loans through the DPL: a primary index by id and a many-to-one secondary
 * index by member, which the DPL maintains. The count walks a key cursor over the member's entries
 * of the secondary index; count-then-lend counts, deletes and inserts in one transaction with
 * serialisable isolation (JE then also locks the key after the member's range, so a concurrent
 * insert into it waits: no phantom), retried on a lock conflict or deadlock. Durability as in {@link
 * JeUserStore}.
 *
 * <p>Thread-safe: JE's environment and indexes are.
 */
public final class JeLoanStore implements LoanStore {
  private static final int LOCK_RETRIES = 1_000;
  private static final TransactionConfig SERIALIZABLE =
      new TransactionConfig().setSerializableIsolation(true);

  private final Environment env;
  private final EntityStore store;
  private final PrimaryIndex<Long, JeLoan> byId;
  private final SecondaryIndex<String, Long, JeLoan> byMember;

  private JeLoanStore(Path directory, Durability durability) {
    this.env = new Environment(directory.toFile(), JeUserStore.environmentConfig(durability));
    this.store = new EntityStore(env, "loans",
        new StoreConfig().setAllowCreate(true).setTransactional(true));
    this.byId = store.getPrimaryIndex(Long.class, JeLoan.class);
    this.byMember = store.getSecondaryIndex(byId, String.class, "member");
  }

  /** Opens or creates a store in {@code directory}. */
  public static JeLoanStore open(Path directory, Durability durability) {
    return new JeLoanStore(directory, durability);
  }

  @Override
  public void lend(List<Loan> loans) {
    JeUserStore.inTransaction(env, 1, txn -> {
      for (Loan loan : loans) {
        if (!byId.putNoOverwrite(txn, new JeLoan(loan))) {
          throw new IllegalStateException("bdb-je: loan " + loan.id() + " exists");
        }
      }
      return null;
    });
  }

  @Override
  public long countLoans(String member) {
    return JeUserStore.inTransaction(env, SERIALIZABLE, LOCK_RETRIES,
        txn -> count(byMember.subIndex(member), txn));
  }

  @Override
  public long countThenLend(String member, Loan lent, long returned, int limit) {
    return JeUserStore.inTransaction(env, SERIALIZABLE, LOCK_RETRIES, txn -> {
      long count = count(byMember.subIndex(member), txn);
      if (count >= limit) {
        byId.delete(txn, returned);
      }
      if (!byId.putNoOverwrite(txn, new JeLoan(lent))) {
        throw new IllegalStateException("bdb-je: loan " + lent.id() + " exists");
      }
      return count;
    });
  }

  private static long count(EntityIndex<Long, JeLoan> loans, com.sleepycat.je.Transaction txn) {
    long count = 0;
    try (EntityCursor<Long> keys = loans.keys(txn, null)) {
      for (Long ignored : keys) {
        count++;
      }
    }
    return count;
  }

  @Override
  public List<Loan> loansOf(String member) {
    List<Loan> loans = new ArrayList<>();
    try (EntityCursor<JeLoan> cursor = byMember.subIndex(member).entities()) {
      for (JeLoan loan : cursor) {
        loans.add(loan.toLoan());
      }
    }
    return loans;
  }

  @Override
  public void close() {
    JeUserStore.close(store, env);
  }
}
