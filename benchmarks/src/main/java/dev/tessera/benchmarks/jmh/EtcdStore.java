package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.Account;
import dev.tessera.benchmarks.model.User;
import dev.tessera.benchmarks.model.UserData;
import dev.tessera.benchmarks.store.TesseraAccountStore;
import dev.tessera.benchmarks.store.TesseraUserStore;
import dev.tessera.kv.etcd.EtcdKvStore;
import dev.tessera.kv.etcd.EtcdOptions;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The stores of {@link EtcdBenchmark}: a 3-member etcd cluster of the installed {@code etcd},
 * started for the trial on free 127.0.0.1 ports (data on /dev/shm when present) by the etcd
 * module's test launcher, with Tessera's generated repositories on {@link EtcdKvStore}: {@code
 * records} users and {@code accounts} accounts, loaded outside the measurement and checked once. At
 * the end of the trial the accounts' total is checked, the clients closed and the members stopped.
 *
 * <p>Shared by all benchmark threads: the stores are thread-safe and the counters atomic.
 */
@State(Scope.Benchmark)
public class EtcdStore {
  /** Every account's balance after loading. */
  static final long OPENING_BALANCE = 1_000_000_000L;
  // A user is 4 writes (record and three index entries): 25 users and the count fit etcd's
  // default of 128 operations per transaction; an account is 2 (record and owner index entry).
  private static final int USERS_PER_COMMIT = 25;
  private static final int ACCOUNTS_PER_COMMIT = 50;

  /** Users loaded before measuring (small: etcd loads about a thousand per second here). */
  @Param({"10000"})
  public long records;

  /** Accounts loaded before measuring. */
  @Param({"10000"})
  public long accounts;

  UserData data;
  TesseraUserStore users;
  TesseraAccountStore bank;

  private EtcdCluster cluster;
  private final AtomicLong nextFreshUser = new AtomicLong();

  /** Starts the cluster, loads and checks the data. */
  @Setup(Level.Trial)
  public void setUp() {
    cluster = EtcdCluster.start(3);
    users = TesseraUserStore.on(connect("users/"));
    bank = TesseraAccountStore.on(connect("accounts/"));
    data = new UserData(records);
    for (long from = 0; from < records; from += USERS_PER_COMMIT) {
      users.insertAll(data.users(from, Math.min(records, from + USERS_PER_COMMIT)));
    }
    for (long from = 0; from < accounts; from += ACCOUNTS_PER_COMMIT) {
      bank.createAccounts(from, Math.min(accounts, from + ACCOUNTS_PER_COMMIT), OPENING_BALANCE);
    }
    nextFreshUser.set(records);
    User last = data.user(records - 1);
    List<User> sameColour = users.findByFavoriteColor(last.favoriteColor());
    if (!users.findById(last.id()).equals(Optional.of(last)) || !sameColour.contains(last)) {
      throw new IllegalStateException("etcd gave a wrong answer after loading " + records + " users");
    }
  }

  private EtcdKvStore connect(String prefix) {
    return EtcdKvStore.connect(EtcdOptions.builder(cluster.endpoints()).keyPrefix(prefix).build());
  }

  /** Checks that the money is all there, closes the clients and stops the cluster. */
  @TearDown(Level.Trial)
  public void tearDown() {
    try {
      long total = 0;
      for (long n = 0; n < accounts; n++) {
        total += bank.balance(Account.idOf(n));
      }
      if (total != accounts * OPENING_BALANCE) {
        throw new IllegalStateException("etcd holds " + total + " after the transfers, not "
            + accounts * OPENING_BALANCE);
      }
    } finally {
      users.close();
      bank.close();
      cluster.close();
    }
  }

  /** A user of the data set, picked at random. */
  long randomUser() {
    return ThreadLocalRandom.current().nextLong(records);
  }

  /** A user number never used before in this trial. */
  long freshUser() {
    return nextFreshUser.getAndIncrement();
  }

  /** Two different accounts picked at random: {@code [from, to]}. */
  String[] randomPair() {
    return TransferStore.randomPair(accounts);
  }
}
