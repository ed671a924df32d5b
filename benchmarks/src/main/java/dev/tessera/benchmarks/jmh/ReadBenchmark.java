package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.User;
import dev.tessera.benchmarks.model.UserData;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Point and index reads on a loaded store, one operation per call, random keys. Scores are
 * operations (queries) per second; the colour query returns about 50 users, the age range about
 * 1,000.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class ReadBenchmark {

  /** Find by primary key. */
  @Benchmark
  public Optional<User> findById(ReadStore s) {
    return s.users.findById(UserData.idOf(s.randomUser()));
  }

  /** Find by the unique email. */
  @Benchmark
  public Optional<User> findByEmail(ReadStore s) {
    return s.users.findByEmail(UserData.emailOf(s.randomUser(), 0));
  }

  /** All users of one colour (about 50). */
  @Benchmark
  public List<User> findByFavoriteColor(ReadStore s) {
    return s.users.findByFavoriteColor(s.data.colour(ThreadLocalRandom.current().nextLong()));
  }

  /** All users in an age range (about 1,000). */
  @Benchmark
  public List<User> findByAgeRange(RangeReadStore s) {
    int width = s.data.ageRange();
    int lo = ThreadLocalRandom.current().nextInt(UserData.AGES - width + 1);
    return s.users.findByAgeBetween(lo, lo + width - 1);
  }
}
