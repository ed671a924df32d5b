package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.Loan;
import dev.tessera.benchmarks.store.Contender;
import dev.tessera.benchmarks.store.Durability;
import dev.tessera.benchmarks.store.LoanStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
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
 * oldest loan, in one serialisable transaction (so every member keeps the same number of loans,
 * which the end of each trial checks). One thread; run with {@code -prof gc} for the bytes
 * allocated per transaction.
 *
 * <pre>
 * benchmarks/run.sh LoanBenchmark -prof gc
 * benchmarks/run.sh LoanBenchmark -p store=tessera:no-sync,raw-lmdbjava:no-sync -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
@Threads(1)
public class LoanBenchmark {
  private static final int LOAD_BATCH = 10_000;

  /** The loans: {@code members} members with {@code loansPerMember} loans each. */
  @State(Scope.Benchmark)
  public static class Loans {
    /** Which store, as {@code contender:durability}: the contenders with serialisable transactions. */
    @Param({"tessera:no-sync", "raw-lmdbjava:no-sync", "sqlite:no-sync", "h2:no-sync",
        "bdb-je:no-sync"})
    public String store;

    /** How many members. */
    @Param("1000")
    public int members;

    /** Loans each member holds. */
    @Param("110")
    public int loansPerMember;

    Path directory;
    LoanStore loans;
    // Each member's loan ids, oldest first: what countThenInsert returns and lends (one thread).
    long[][] held;
    int[] oldest;
    long nextId;

    /** Copies (or loads) the loans, every member's {@code loansPerMember} of them, and opens them. */
    @Setup(Level.Trial)
    public void load() throws IOException {
      StoreSpec spec = StoreSpec.parse(store);
      Contender contender = spec.contender();
      directory = Files.createTempDirectory(LoadedStores.storesDirectory(),
          "tessera-bench-loans-" + contender.label());
      Durability loading = contender.supports(Durability.NO_SYNC) ? Durability.NO_SYNC : Durability.DURABLE;
      LoadedStores.fill(directory,
          contender.label() + "-loans-" + members + "x" + loansPerMember, dir -> {
            try (LoanStore loader = contender.openLoans(dir, loading)) {
              List<Loan> batch = new ArrayList<>();
              for (int m = 0; m < members; m++) {
                for (int i = 0; i < loansPerMember; i++) {
                  batch.add(new Loan(idOf(m, i), member(m), i));
                }
                if (batch.size() >= LOAD_BATCH) {
                  loader.lend(batch);
                  batch.clear();
                }
              }
              loader.lend(batch);
            }
          });
      held = new long[members][loansPerMember];
      for (int m = 0; m < members; m++) {
        for (int i = 0; i < loansPerMember; i++) {
          held[m][i] = idOf(m, i);
        }
      }
      oldest = new int[members];
      nextId = (long) members * loansPerMember;
      loans = contender.openLoans(directory, spec.durability());
    }

    private long idOf(int member, int loan) {
      return (long) member * loansPerMember + loan;
    }

    /** Checks that every member still holds {@code loansPerMember} loans, closes the store and deletes it. */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      try {
        for (int m = 0; m < members; m++) {
          long count = loans.countLoans(member(m));
          if (count != loansPerMember) {
            throw new IllegalStateException(store + ": " + member(m) + " holds " + count
                + " loans after the run, not " + loansPerMember);
          }
        }
      } finally {
        loans.close();
        LoadedStores.delete(directory);
      }
    }

    static String member(int m) {
      return "member" + m;
    }
  }

  /** Counts a random member's loans in a transaction. */
  @Benchmark
  public long countInTransaction(Loans s) {
    return s.loans.countLoans(Loans.member(ThreadLocalRandom.current().nextInt(s.members)));
  }

  /** Counts a member's loans, lends one more book and returns the oldest, in one transaction. */
  @Benchmark
  public long countThenInsert(Loans s) {
    int m = ThreadLocalRandom.current().nextInt(s.members);
    String member = Loans.member(m);
    long lent = s.nextId++;
    long held = s.loans.countThenLend(member, new Loan(lent, member, lent), s.held[m][s.oldest[m]],
        s.loansPerMember);
    s.held[m][s.oldest[m]] = lent;
    s.oldest[m] = (s.oldest[m] + 1) % s.loansPerMember;
    return held;
  }
}
