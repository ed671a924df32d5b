package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.Loan;
import dev.tessera.benchmarks.model.LoanRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.Transactions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Queries inside a transaction, the shape of "a member may hold at most N loans": {@link
 * #countInTransaction} counts one member's loans (about {@code loansPerMember} index entries) in a
 * transaction; {@link #countThenInsert} counts them, lends one more book and returns the member's
 * oldest loan, in one transaction (so every member keeps the same number of loans). One thread,
 * LMDB without sync; run with {@code -prof gc} for the bytes allocated per transaction.
 *
 * <pre>
 * benchmarks/run.sh LoanBenchmark -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
@Threads(1)
public class LoanBenchmark {
  /** The loans: {@code members} members with {@code loansPerMember} loans each. */
  @State(Scope.Benchmark)
  public static class Loans {
    /** How many members. */
    @Param("1000")
    public int members;

    /** Loans each member holds. */
    @Param("110")
    public int loansPerMember;

    Path directory;
    KvStore store;
    LoanRepository loans;
    // Each member's loan ids, oldest first: what countThenInsert returns and lends (one thread).
    long[][] held;
    int[] oldest;
    long nextId;

    /** Opens a store and lends every member their loans. */
    @Setup(Level.Trial)
    public void load() throws IOException {
      directory = Files.createTempDirectory(LoadedStores.storesDirectory(), "tessera-bench-loans-");
      store = LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
      loans = new LoanRepository(store);
      held = new long[members][loansPerMember];
      oldest = new int[members];
      List<Loan> batch = new ArrayList<>();
      for (int m = 0; m < members; m++) {
        for (int i = 0; i < loansPerMember; i++) {
          held[m][i] = nextId;
          batch.add(new Loan(nextId++, member(m), i));
        }
        if (batch.size() >= 10_000) {
          loans.insertAll(batch);
          batch.clear();
        }
      }
      loans.insertAll(batch);
    }

    /** Closes the store and deletes its files. */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      store.close();
      try (Stream<Path> files = Files.walk(directory)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }

    static String member(int m) {
      return "member" + m;
    }
  }

  /** {@code byMember().equalTo(m).count()} in a transaction. */
  @Benchmark
  public long countInTransaction(Loans s) {
    String member = Loans.member(ThreadLocalRandom.current().nextInt(s.members));
    return Transactions.run(s.store, tx -> s.loans.in(tx).byMember().equalTo(member).count());
  }

  /** Counts a member's loans, lends one more book and returns the oldest, in one transaction. */
  @Benchmark
  public long countThenInsert(Loans s) {
    int m = ThreadLocalRandom.current().nextInt(s.members);
    String member = Loans.member(m);
    long lent = s.nextId++;
    long returned = s.held[m][s.oldest[m]];
    long held = Transactions.run(s.store, tx -> {
      long count = s.loans.in(tx).byMember().equalTo(member).count();
      if (count >= s.loansPerMember) {
        s.loans.in(tx).delete(returned);
      }
      s.loans.in(tx).insert(new Loan(lent, member, lent));
      return count;
    });
    s.held[m][s.oldest[m]] = lent;
    s.oldest[m] = (s.oldest[m] + 1) % s.loansPerMember;
    return held;
  }
}
