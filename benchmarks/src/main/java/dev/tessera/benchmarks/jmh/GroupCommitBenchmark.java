package dev.tessera.benchmarks.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Durable commits per second as writers are added (group commit): each operation inserts
 * one fresh user in its own durable commit, from 1, 2, 4, 8, 16 and 64 threads. A store whose
 * concurrent commits share an fsync climbs with the threads; one that syncs each commit alone stays
 * flat (raw lmdbjava does, by construction). The score is commits per second over all threads.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class GroupCommitBenchmark {

  /** One writer. */
  @Benchmark
  @Threads(1)
  public void writers01(DurableStore s) {
    insert(s);
  }

  /** Two writers. */
  @Benchmark
  @Threads(2)
  public void writers02(DurableStore s) {
    insert(s);
  }

  /** Four writers. */
  @Benchmark
  @Threads(4)
  public void writers04(DurableStore s) {
    insert(s);
  }

  /** Eight writers. */
  @Benchmark
  @Threads(8)
  public void writers08(DurableStore s) {
    insert(s);
  }

  /** Sixteen writers. */
  @Benchmark
  @Threads(16)
  public void writers16(DurableStore s) {
    insert(s);
  }

  /** Sixty-four writers. */
  @Benchmark
  @Threads(64)
  public void writers64(DurableStore s) {
    insert(s);
  }

  private static void insert(DurableStore s) {
    s.users.insert(s.data.user(s.freshUser()));
  }
}
