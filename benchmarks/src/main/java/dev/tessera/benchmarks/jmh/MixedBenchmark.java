package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.UserData;
import java.util.concurrent.ThreadLocalRandom;
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
 * 90% reads (find by id), 10% writes (update a user's name, one commit each) from 1, 2 and 8
 * threads on one shared store. Scores are operations per second over all threads.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class MixedBenchmark {

  /** One thread. */
  @Benchmark
  @Threads(1)
  public Object mixed1Thread(WriteStore s) {
    return mixed(s);
  }

  /** Two threads. */
  @Benchmark
  @Threads(2)
  public Object mixed2Threads(WriteStore s) {
    return mixed(s);
  }

  /** Eight threads. */
  @Benchmark
  @Threads(8)
  public Object mixed8Threads(WriteStore s) {
    return mixed(s);
  }

  private static Object mixed(WriteStore s) {
    long n = s.randomUser();
    if (ThreadLocalRandom.current().nextInt(10) == 0) {
      return s.users.update(s.data.user(n).withName(UserData.nameOf(n, s.nextVersion())));
    }
    return s.users.findById(UserData.idOf(n));
  }
}
