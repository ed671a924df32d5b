package dev.tessera.benchmarks.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the disk allows group commit to reach: one thread inserts {@code usersPerCommit} fresh
 * users in each durable commit. A group commit of n writers writes at most n users per commit, so
 * the users/s of this benchmark with 16 users per commit bound what {@link GroupCommitBenchmark}
 * can reach with 16 writers on the same machine, whatever the layer does: the flush of a commit
 * costs more the more pages it dirties, and random keys dirty a leaf per index per user.
 *
 * <p>Scores: {@code insertBatch} is commits/s; its secondary result {@code users} is users/s.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class FlushCeilingBenchmark {

  /** Counts the users written, reported by JMH as users per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Written {
    /** Users inserted in this iteration. */
    public long users;

    /** Starts each iteration from zero. */
    @Setup(Level.Iteration)
    public void reset() {
      users = 0;
    }
  }

  /** Insert {@code usersPerCommit} fresh users in one durable commit. */
  @Benchmark
  public void insertBatch(FlushCeilingStore s, Written written) {
    long first = s.freshUsers(s.usersPerCommit);
    s.users.insertAll(s.data.users(first, first + s.usersPerCommit));
    written.users += s.usersPerCommit;
  }
}
