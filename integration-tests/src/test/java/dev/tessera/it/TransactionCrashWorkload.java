package dev.tessera.it;

import dev.tessera.it.tx.Account;
import dev.tessera.it.tx.AccountRepository;
import dev.tessera.it.tx.Transfer;
import dev.tessera.it.tx.TransferRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.TransactionConflictException;
import dev.tessera.repository.Transactions;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The child process of {@link CrashSafetyTest}'s transaction rounds: several threads run
 * transactions that each touch three records of two entities (read two accounts, update both,
 * insert a {@link Transfer} with a unique reference) until the process is killed. After each
 * commit returns, the thread journals {@code A <id> <reference> <from> <to> <amount>}; a line is
 * written whole under a lock, so the journal holds only acknowledged transactions.
 *
 * <p>The first round creates the accounts in one transaction too, so a kill during it must leave
 * all of them or none.
 */
public final class TransactionCrashWorkload {
  /** How many accounts the transfers move money between. */
  static final int ACCOUNTS = 6;
  /** Every account's opening balance. */
  static final long OPENING_BALANCE = 1_000;
  /** How many threads run transfers at once. */
  static final int THREADS = 4;

  private TransactionCrashWorkload() {}

  /** The account id of account number {@code i}. */
  static String accountId(int i) {
    return "acct" + i;
  }

  /** The options the workload and the checks open the store with. */
  static LmdbOptions options(Durability durability) {
    return LmdbOptions.builder().durability(durability).build();
  }

  /**
   * Runs the workload.
   *
   * @param args the store directory, the journal file, the random seed, the round number (which
   *     makes transfer ids unique across rounds), the {@link Durability} name
   */
  public static void main(String[] args) throws Exception {
    Path directory = Path.of(args[0]);
    long seed = Long.parseLong(args[2]);
    String round = args[3];
    try (KvStore store = LmdbKvStore.open(directory, options(Durability.valueOf(args[4])));
        OutputStream journal = new FileOutputStream(args[1], true)) {
      AccountRepository accounts = new AccountRepository(store);
      TransferRepository transfers = new TransferRepository(store);
      Transactions.run(store, tx -> {
        if (accounts.in(tx).findById(accountId(0)).isEmpty()) {
          for (int i = 0; i < ACCOUNTS; i++) {
            accounts.in(tx).insert(new Account(accountId(i), OPENING_BALANCE));
          }
        }
        return null;
      });
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Random random = new Random(seed + t);
        String prefix = "r" + round + "t" + t + "n";
        Thread thread = new Thread(() -> transferForever(store, accounts, transfers, journal, random, prefix));
        thread.start();
        threads.add(thread);
      }
      for (Thread thread : threads) {
        thread.join();
      }
    }
  }

  private static void transferForever(KvStore store, AccountRepository accounts, TransferRepository transfers,
      OutputStream journal, Random random, String prefix) {
    for (long n = 0; ; n++) {
      String from = accountId(random.nextInt(ACCOUNTS));
      String to = accountId(random.nextInt(ACCOUNTS - 1));
      if (to.equals(from)) {
        to = accountId(ACCOUNTS - 1);
      }
      String id = prefix + n;
      String reference = "ref-" + id;
      int wanted = 1 + random.nextInt(200);
      String debited = from;
      String credited = to;
      Transfer done;
      try {
        done = Transactions.run(store, tx -> {
          Account source = accounts.in(tx).findById(debited).orElseThrow();
          Account target = accounts.in(tx).findById(credited).orElseThrow();
          long amount = Math.min(wanted, source.balance());
          accounts.in(tx).update(source.withBalance(source.balance() - amount));
          accounts.in(tx).update(target.withBalance(target.balance() + amount));
          return transfers.in(tx).insert(new Transfer(id, reference, debited, credited, amount));
        });
      } catch (TransactionConflictException gaveUp) {
        continue; // nothing was written and nothing is acknowledged; the id is never used again
      }
      acknowledge(journal, "A " + done.id() + " " + done.reference() + " " + done.fromAccount() + " "
          + done.toAccount() + " " + done.amount());
    }
  }

  private static void acknowledge(OutputStream journal, String line) {
    byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
    synchronized (journal) {
      try {
        journal.write(bytes);
        journal.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
