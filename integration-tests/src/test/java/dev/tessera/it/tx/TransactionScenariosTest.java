package dev.tessera.it.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tessera.it.StoreBackend;
import dev.tessera.it.StoredKeys;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.repository.Transaction;
import dev.tessera.repository.TransactionConflictException;
import dev.tessera.repository.TransactionOptions;
import dev.tessera.repository.TransactionResult;
import dev.tessera.repository.Transactions;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Transactions across generated repositories on every backend: real LMDB in both durability modes
 * (the durable one commits through group commit) and a real etcd cluster (one durability: a commit
 * is on a majority's disks). Invariants under 8 racing threads, write skew, read-your-writes, aborts
 * and retry exhaustion.
 *
 * <p>The transfer test runs for {@code -Dtessera.tx.soakSeconds=30} in soak mode; a short fixed
 * number of transfers otherwise (fewer on etcd, whose commits are network round trips).
 */
@ParameterizedClass
@EnumSource(StoreBackend.class)
class TransactionScenariosTest {
  private static final int THREADS = 8;
  /** Audits that must complete while transfers run. */
  private static final int MIN_AUDITS = 3;
  private static final long SOAK_SECONDS = Long.getLong("tessera.tx.soakSeconds", 0);

  @Parameter StoreBackend backend;
  @TempDir Path dir;
  KvStore store;

  private KvStore open(Durability durability) {
    store = backend.open(dir.resolve("store"), durability);
    return store;
  }

  /** For a test run in each durability mode: those are LMDB's, so etcd runs it once, durable. */
  private KvStore openInMode(Durability durability) {
    assumeTrue(backend == StoreBackend.LMDB || durability == Durability.DURABLE,
        "durability modes are LMDB's; etcd runs once, durable");
    return open(durability);
  }

  @AfterEach
  void close() {
    if (store != null) {
      store.close();
    }
  }

  /** Runs {@code task} on 8 threads released together; returns their results. */
  private static <R> List<R> race(Callable<R> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<R>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        futures.add(pool.submit(() -> {
          start.await();
          return task.call();
        }));
      }
      start.countDown();
      List<R> results = new ArrayList<>();
      for (Future<R> f : futures) {
        results.add(f.get(5, TimeUnit.MINUTES));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void transfersKeepTheTotalAndNoBalanceGoesNegative(Durability durability) throws Exception {
    openInMode(durability);
    AccountRepository accounts = new AccountRepository(store);
    int n = 10;
    long initial = 100;
    for (int i = 0; i < n; i++) {
      accounts.insert(new Account("acct" + i, initial));
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(SOAK_SECONDS).toNanos();
    int perThread = backend == StoreBackend.ETCD ? 15 : durability == Durability.DURABLE ? 40 : 150;
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicInteger audits = new AtomicInteger();
    AtomicReference<Throwable> auditFailure = new AtomicReference<>();
    Thread auditor = new Thread(() -> {
      try {
        while (running.get()) {
          long total = Transactions.run(store, tx -> {
            long sum = 0;
            for (int i = 0; i < n; i++) {
              sum += accounts.in(tx).findById("acct" + i).orElseThrow().balance();
            }
            return sum;
          });
          assertThat(total).as("a read-only transaction sees one consistent state").isEqualTo(n * initial);
          audits.incrementAndGet();
        }
      } catch (Throwable e) {
        auditFailure.set(e);
      }
    });
    auditor.start();
    List<Integer> done;
    try {
      done = race(() -> {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int transfers = 0;
        // The audits must overlap the transfers: each thread goes on until both made progress.
        long giveUp = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (SOAK_SECONDS > 0
            ? System.nanoTime() < deadline
            : transfers < perThread || audits.get() < MIN_AUDITS) {
          if (auditFailure.get() != null || System.nanoTime() - giveUp > 0) {
            throw new AssertionError("the auditor finished " + audits.get() + " audits during "
                + transfers + " transfers of this thread in two minutes", auditFailure.get());
          }
          String from = "acct" + random.nextInt(n);
          String to = "acct" + random.nextInt(n);
          long amount = 1 + random.nextInt(30);
          Transactions.run(store, tx -> {
            AccountRepository a = accounts.in(tx);
            Account source = a.findById(from).orElseThrow();
            if (from.equals(to) || source.balance() < amount) {
              return false;
            }
            Account target = a.findById(to).orElseThrow();
            a.update(source.withBalance(source.balance() - amount));
            a.update(target.withBalance(target.balance() + amount));
            return true;
          });
          transfers++;
        }
        return transfers;
      });
    } finally {
      running.set(false);
      auditor.join();
    }
    assertThat(auditFailure.get()).as("the auditor's failure").isNull();
    long total = 0;
    for (int i = 0; i < n; i++) {
      long balance = accounts.findById("acct" + i).orElseThrow().balance();
      assertThat(balance).isNotNegative();
      total += balance;
    }
    assertThat(total).isEqualTo(n * initial);
    assertThat(done).allSatisfy(t -> assertThat(t).isPositive());
    assertThat(audits.get()).isPositive();
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void aMemberNeverHoldsMoreThanThreeLoansHoweverManyRaceForThem(Durability durability)
      throws Exception {
    openInMode(durability);
    LoanRepository loans = new LoanRepository(store);
    List<String> members = List.of("m1", "m2", "m3");
    race(() -> {
      for (int round = 0; round < 4; round++) {
        String isbn = "isbn-" + round;
        for (String member : members) {
          Transactions.run(store, tx -> {
            long held = loans.in(tx).byMemberId().equalTo(member).count();
            if (held >= 3) {
              return null;
            }
            return loans.in(tx).insert(new Loan(null, isbn, member, LocalDate.of(2030, 1, 1)));
          });
        }
      }
      return null;
    });
    for (String member : members) {
      assertThat(loans.byMemberId().equalTo(member).count()).as(member).isEqualTo(3);
    }
    assertThat(loans.count()).isEqualTo(9);
    assertThat(loans.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void stockIsNeverOversold(Durability durability) throws Exception {
    openInMode(durability);
    ProductRepository products = new ProductRepository(store);
    PurchaseRepository purchases = new PurchaseRepository(store);
    products.insert(new Product("sku1", 50));
    List<Integer> bought = race(() -> {
      int units = 0;
      while (true) {
        int quantity = 1 + ThreadLocalRandom.current().nextInt(3);
        boolean ok = Transactions.run(store, tx -> {
          Product product = products.in(tx).findById("sku1").orElseThrow();
          if (product.stock() < quantity) {
            return false;
          }
          products.in(tx).update(new Product("sku1", product.stock() - quantity));
          purchases.in(tx).insert(new Purchase(null, "sku1", quantity));
          return true;
        });
        if (!ok) {
          return units;
        }
        units += quantity;
      }
    });
    int stock = products.findById("sku1").orElseThrow().stock();
    int ordered = purchases.findBySku("sku1").stream().mapToInt(Purchase::quantity).sum();
    assertThat(stock).isBetween(0, 2);
    assertThat(ordered).isEqualTo(50 - stock);
    assertThat(bought.stream().mapToInt(Integer::intValue).sum()).isEqualTo(ordered);
  }

  @Test
  void aTransactionReadsItsOwnWritesByKeyUniqueValueAndIndexQuery() {
    open(Durability.NO_SYNC);
    MemberRepository members = new MemberRepository(store);
    LoanRepository loans = new LoanRepository(store);
    loans.insert(new Loan(null, "isbn-0", "m1", LocalDate.of(2030, 1, 1)));
    Transactions.run(store, tx -> {
      members.in(tx).insert(new Member("m1", "Ada@Example.org", "Ada"));
      assertThat(members.in(tx).findById("m1")).isPresent();
      assertThat(members.in(tx).findByEmail("ada@example.org")).map(Member::id).contains("m1");
      assertThat(members.in(tx).existsByEmail("ADA@EXAMPLE.ORG")).isTrue();
      Loan second = loans.in(tx).insert(new Loan(null, "isbn-1", "m1", LocalDate.of(2030, 2, 1)));
      assertThat(loans.in(tx).byMemberId().equalTo("m1").list()).extracting(Loan::isbn)
          .containsExactly("isbn-0", "isbn-1");
      assertThat(loans.in(tx).byMemberId().equalTo("m1").reverse().first()).contains(second);
      assertThat(loans.in(tx).byMemberId().equalTo("m1").count()).isEqualTo(2);
      loans.in(tx).delete(second.id());
      assertThat(loans.in(tx).byMemberId().equalTo("m1").count()).isEqualTo(1);
      assertThat(loans.in(tx).findByMemberId("m1")).hasSize(1);
      assertThat(Transactions.outside(() -> members.findById("m1")))
          .as("not visible outside before the commit").isEmpty();
      return null;
    });
    assertThat(members.findByEmail("ADA@example.org")).isPresent();
    assertThat(loans.byMemberId().equalTo("m1").count()).isEqualTo(1);
  }

  @Test
  void theLendingExampleCommitsTheLoanAndTheBookTogether() {
    open(Durability.DURABLE);
    BookRepository books = new BookRepository(store);
    LoanRepository loans = new LoanRepository(store);
    books.insert(new Book("isbn-1", "Dune", 1));
    TransactionResult<Loan> lent = Transactions.runWithResult(store, tx -> lend(books, loans, tx, "isbn-1", "m1"));

    assertThat(books.findById("isbn-1").orElseThrow().copiesAvailable()).isZero();
    assertThat(loans.findVersionedById(lent.value().id()).orElseThrow().versionstamp())
        .isEqualTo(lent.versionstamp())
        .isEqualTo(books.findVersionedById("isbn-1").orElseThrow().versionstamp());
    List<Object> before = List.of(books.findAllById(List.of("isbn-1")), loans.count());

    assertThatThrownBy(() -> Transactions.run(store, tx -> lend(books, loans, tx, "isbn-1", "m2")))
        .isInstanceOf(NoCopyLeftException.class)
        .hasMessageContaining("isbn-1");
    assertThat(List.<Object>of(books.findAllById(List.of("isbn-1")), loans.count())).isEqualTo(before);
  }

  @Test
  void aUniqueViolationInsideATransactionWritesNothingOfIt() {
    open(Durability.NO_SYNC);
    MemberRepository members = new MemberRepository(store);
    BookRepository books = new BookRepository(store);
    members.insert(new Member("m1", "ada@example.org", "Ada"));
    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      books.in(tx).insert(new Book("isbn-9", "Emma", 2));
      return members.in(tx).insert(new Member("m2", "ADA@example.org", "Other Ada"));
    })).isInstanceOfSatisfying(UniqueConstraintViolationException.class,
        e -> assertThat(e.primaryKey()).isEqualTo("m1"));
    assertThat(books.findById("isbn-9")).isEmpty();
    assertThat(members.count()).isEqualTo(1);
  }

  @Test
  void retryExhaustionNamesTheConflictingRecord() {
    open(Durability.NO_SYNC);
    BookRepository books = new BookRepository(store);
    books.insert(new Book("isbn-1", "Dune", 100));
    assertThatThrownBy(() -> Transactions.run(store, TransactionOptions.defaults().withMaxAttempts(2), tx -> {
      Book book = books.in(tx).findById("isbn-1").orElseThrow();
      Transactions.outside( // a concurrent writer
          () -> books.update(book.withCopiesAvailable(book.copiesAvailable() - 1)));
      return books.in(tx).update(book.withCopiesAvailable(0));
    })).isInstanceOfSatisfying(TransactionConflictException.class, e -> {
      assertThat(e.conflictingKeys()).containsExactly(StoredKeys.key(store, "book", "isbn-1"));
      assertThat(e.getMessage()).contains("2 attempts").contains("conflicting keys: entity 'book' (isbn: \"isbn-1\")");
    });
    assertThat(books.findById("isbn-1").orElseThrow().copiesAvailable()).isEqualTo(98);
  }

  private static Loan lend(BookRepository books, LoanRepository loans, Transaction tx, String isbn, String member) {
    Book book = books.in(tx).findById(isbn).orElseThrow();
    if (book.copiesAvailable() == 0) {
      throw new NoCopyLeftException(isbn);
    }
    books.in(tx).update(book.withCopiesAvailable(book.copiesAvailable() - 1));
    return loans.in(tx).insert(new Loan(null, isbn, member, LocalDate.of(2030, 1, 1)));
  }

  /** The user's own exception of the lending example. */
  static final class NoCopyLeftException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NoCopyLeftException(String isbn) {
      super("No copy of " + isbn + " left");
    }
  }
}
