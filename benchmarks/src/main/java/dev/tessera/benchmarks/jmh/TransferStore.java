package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.Account;
import dev.tessera.benchmarks.store.AccountStore;
import dev.tessera.benchmarks.store.Contender;
import dev.tessera.benchmarks.store.Durability;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The accounts of {@link TransferBenchmark}: {@code records} accounts of {@link #OPENING_BALANCE}
 * each, loaded once per run (a template, see {@link LoadedStores}) and copied for each trial. At the
 * end of the trial the total is checked: a transfer benchmark that loses money measures nothing.
 *
 * <p>Shared by all benchmark threads: the store is thread-safe.
 */
@State(Scope.Benchmark)
public class TransferStore {
  /** Every account's balance after loading: far more than a run's transfers of 1 can drain. */
  static final long OPENING_BALANCE = 1_000_000_000L;
  private static final int LOAD_BATCH = 10_000;

  /** Which store, as {@code contender:durability}: the contenders with serialisable transactions. */
  @Param({"tessera:durable", "tessera:no-sync", "raw-lmdbjava:durable", "raw-lmdbjava:no-sync",
      "sqlite:durable", "sqlite:no-sync", "h2:no-sync", "bdb-je:durable", "bdb-je:no-sync"})
  public String store;

  /** Accounts loaded before measuring. */
  @Param({"1000000"})
  public long records;

  AccountStore accounts;
  private Path directory;

  /** Creates (or copies) and opens the accounts. */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    StoreSpec spec = StoreSpec.parse(store);
    Contender contender = spec.contender();
    directory = Files.createTempDirectory(LoadedStores.storesDirectory(), "tessera-bench-accounts-" + contender.label());
    Durability loading = contender.supports(Durability.NO_SYNC) ? Durability.NO_SYNC : Durability.DURABLE;
    LoadedStores.fill(directory, contender.label() + "-accounts-" + records, dir -> {
      try (AccountStore loader = contender.openAccounts(dir, loading)) {
        for (long from = 0; from < records; from += LOAD_BATCH) {
          loader.createAccounts(from, Math.min(records, from + LOAD_BATCH), OPENING_BALANCE);
        }
      }
    });
    accounts = contender.openAccounts(directory, spec.durability());
  }

  /** Checks that the money is all there, closes the store and deletes its files. */
  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    try {
      long total = 0;
      for (long n = 0; n < records; n++) {
        total += accounts.balance(Account.idOf(n));
      }
      if (total != records * OPENING_BALANCE) {
        throw new IllegalStateException(store + " holds " + total + " after the transfers, not "
            + records * OPENING_BALANCE);
      }
    } finally {
      accounts.close();
      LoadedStores.delete(directory);
    }
  }

  /** Two different accounts picked at random: {@code [from, to]}. */
  String[] randomPair() {
    return randomPair(records);
  }

  /** Two different accounts among {@code accounts} picked at random: {@code [from, to]}. */
  static String[] randomPair(long accounts) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long from = random.nextLong(accounts);
    long to = random.nextLong(accounts - 1);
    if (to >= from) {
      to++;
    }
    return new String[] {Account.idOf(from), Account.idOf(to)};
  }
}
