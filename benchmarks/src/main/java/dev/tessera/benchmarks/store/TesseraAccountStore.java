package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.Account;
import dev.tessera.benchmarks.model.AccountRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.Transactions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Tessera: {@code Transactions.run} over the generated {@code AccountRepository}: a snapshot read of
 * both accounts, validated at commit together with the two updates (optimistic; retried from a
 * fresh snapshot on a conflict). Durability as in {@link TesseraUserStore}.
 *
 * <p>Thread-safe: the repository and the store are.
 */
public final class TesseraAccountStore implements AccountStore {
  private final KvStore store;
  private final AccountRepository accounts;

  private TesseraAccountStore(KvStore store) {
    this.store = store;
    this.accounts = new AccountRepository(store);
  }

  /** Opens or creates a store in {@code directory}. */
  public static TesseraAccountStore open(Path directory, Durability durability) {
    return new TesseraAccountStore(LmdbKvStore.open(directory, TesseraUserStore.options(durability)));
  }

  /** The generated repository over {@code store} (another backend), closing it when closed. */
  public static TesseraAccountStore on(KvStore store) {
    return new TesseraAccountStore(store);
  }

  @Override
  public void createAccounts(long from, long to, long balance) {
    List<Account> batch = new ArrayList<>();
    for (long n = from; n < to; n++) {
      batch.add(Account.numbered(n, balance));
    }
    accounts.insertAll(batch);
  }

  @Override
  public boolean transfer(String from, String to, long amount) {
    return Transactions.run(store, tx -> {
      Account source = accounts.in(tx).findById(from).orElseThrow();
      Account target = accounts.in(tx).findById(to).orElseThrow();
      if (source.balance() < amount) {
        return false;
      }
      accounts.in(tx).update(source.withBalance(source.balance() - amount));
      accounts.in(tx).update(target.withBalance(target.balance() + amount));
      return true;
    });
  }

  @Override
  public long balance(String id) {
    return accounts.findById(id).map(Account::balance).orElse(-1L);
  }

  @Override
  public void close() {
    store.close();
  }
}
