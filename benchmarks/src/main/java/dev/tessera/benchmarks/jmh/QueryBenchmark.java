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
 * Tessera's typed query API on the generated {@code UserRepository}: each call is an
 * index key range scan, then one multi-get of the records in the same snapshot. Scores are queries
 * per second; random arguments.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class QueryBenchmark {

  /** {@code byFavoriteColor().equalTo(c)}: a non-unique index, about 50 records. */
  @Benchmark
  public List<User> equalToNonUnique(QueryStore s) {
    return s.repository.byFavoriteColor().equalTo(s.data.colour(ThreadLocalRandom.current().nextLong())).list();
  }

  /** {@code byAge().between(lo, hi)}: about 1,000 records. */
  @Benchmark
  public List<User> between(QueryStore s) {
    int width = s.data.ageRange();
    int lo = ThreadLocalRandom.current().nextInt(UserData.AGES - width + 1);
    return s.repository.byAge().between(lo, lo + width - 1).list();
  }

  /**
   * {@code byAge().between(lo, hi).stream()} read to the end: the records of {@link #between}, read
   * in batches of 1, 4, 16, 64, then 256 index keys, each batch in a short snapshot of its own (no
   * transaction held between batches), where {@code list()} reads them all in one snapshot, as
   * streams did before. The pair shows what short per-batch snapshots cost.
   */
  @Benchmark
  public List<User> betweenStream(QueryStore s) {
    int width = s.data.ageRange();
    int lo = ThreadLocalRandom.current().nextInt(UserData.AGES - width + 1);
    return s.repository.byAge().between(lo, lo + width - 1).stream().toList();
  }

  /** {@code byAge().between(lo, hi).stream().findFirst()}: short-circuited, never closed. */
  @Benchmark
  public Optional<User> betweenStreamFindFirst(QueryStore s) {
    int width = s.data.ageRange();
    int lo = ThreadLocalRandom.current().nextInt(UserData.AGES - width + 1);
    return s.repository.byAge().between(lo, lo + width - 1).stream().findFirst();
  }

  /** {@code byAge().between(lo, hi).first()}: the same record in one snapshot, for comparison. */
  @Benchmark
  public Optional<User> betweenFirst(QueryStore s) {
    int width = s.data.ageRange();
    int lo = ThreadLocalRandom.current().nextInt(UserData.AGES - width + 1);
    return s.repository.byAge().between(lo, lo + width - 1).first();
  }

  /** {@code byAge().between(lo, hi).count()}: the same range, keys only (no record read). */
  @Benchmark
  public long betweenCount(QueryStore s) {
    int width = s.data.ageRange();
    int lo = ThreadLocalRandom.current().nextInt(UserData.AGES - width + 1);
    return s.repository.byAge().between(lo, lo + width - 1).count();
  }

  /**
   * {@code byEmail().startsWith(p).limit(10)}: autocomplete on the unique email; the prefix is the
   * first digits of a random user's email ({@code "user123"}), which thousands of emails share.
   */
  @Benchmark
  public List<User> startsWithLimit10(QueryStore s) {
    String email = UserData.emailOf(s.randomUser(), 0);
    String prefix = email.substring(0, Math.min(email.indexOf('@'), 7));
    return s.repository.byEmail().startsWith(prefix).limit(10).list();
  }
}
