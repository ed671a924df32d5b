package dev.tessera.benchmarks.store.je;

import com.sleepycat.je.Environment;
import com.sleepycat.je.LockMode;
import com.sleepycat.persist.EntityStore;
import com.sleepycat.persist.PrimaryIndex;
import com.sleepycat.persist.StoreConfig;
import dev.tessera.benchmarks.model.Account;
import dev.tessera.benchmarks.store.AccountStore;
import dev.tessera.benchmarks.store.Durability;
import java.nio.file.Path;

/**
 * Berkeley DB Java Edition transactions over a DPL primary index (and a many-to-one secondary
 * index on the owner, which the DPL maintains): both accounts are read with
 * {@code LockMode.RMW} (write locks taken at the read, serialisable by two-phase locking), both
 * updated, committed. A transaction that loses a lock conflict or a deadlock is aborted and run
 * again, as JE's documentation asks. Durability as in {@link JeUserStore}.
 *
 * <p>Thread-safe: JE's environment and indexes are.
 */
public final class JeAccountStore implements AccountStore {
  private static final int LOCK_RETRIES = 1_000;

  private final Environment env;
  private final EntityStore store;
  private final PrimaryIndex<String, JeAccount> byId;

  private JeAccountStore(Path directory, Durability durability) {
    this.env = new Environment(directory.toFile(), JeUserStore.environmentConfig(durability));
    this.store = new EntityStore(env, "accounts",
        new StoreConfig().setAllowCreate(true).setTransactional(true));
    this.byId = store.getPrimaryIndex(String.class, JeAccount.class);
    // Opened so that the DPL maintains it; a transfer does not change the owner, so JE leaves the
    // entry alone.
    store.getSecondaryIndex(byId, String.class, "owner");
  }

  /** Opens or creates a store in {@code directory}. */
  public static JeAccountStore open(Path directory, Durability durability) {
    return new JeAccountStore(directory, durability);
  }

  @Override
  public void createAccounts(long from, long to, long balance) {
    JeUserStore.inTransaction(env, 1, txn -> {
      for (long n = from; n < to; n++) {
        byId.putNoReturn(txn, new JeAccount(Account.idOf(n), Account.ownerOf(n), balance));
      }
      return null;
    });
  }

  @Override
  public boolean transfer(String from, String to, long amount) {
    return JeUserStore.inTransaction(env, LOCK_RETRIES, txn -> {
      JeAccount source = byId.get(txn, from, LockMode.RMW);
      JeAccount target = byId.get(txn, to, LockMode.RMW);
      if (source.balance() < amount) {
        return false;
      }
      source.setBalance(source.balance() - amount);
      target.setBalance(target.balance() + amount);
      byId.putNoReturn(txn, source);
      byId.putNoReturn(txn, target);
      return true;
    });
  }

  @Override
  public long balance(String id) {
    JeAccount account = byId.get(id);
    return account == null ? -1 : account.balance();
  }

  @Override
  public void close() {
    JeUserStore.close(store, env);
  }
}
