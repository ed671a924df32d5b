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
 * A transfer between two random accounts as one serialisable transaction: read both, update both,
 * commit with the store's durability. Scores are transactions per second (all threads together).
 * With 8 threads the transactions conflict only when they share an account.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class TransferBenchmark {
  /** One thread: the cost of one transaction. */
  @Benchmark
  @Threads(1)
  public boolean transfer1Thread(TransferStore s) {
    return transfer(s);
  }

  /** Eight threads: concurrent transactions, durable ones sharing fsyncs where the store can. */
  @Benchmark
  @Threads(8)
  public boolean transfer8Threads(TransferStore s) {
    return transfer(s);
  }

  private static boolean transfer(TransferStore s) {
    String[] pair = s.randomPair();
    return s.accounts.transfer(pair[0], pair[1], 1);
  }
}
