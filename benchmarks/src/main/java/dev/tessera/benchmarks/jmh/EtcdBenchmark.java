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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The workloads of {@link WriteBenchmark#insertOne}, {@link ReadBenchmark#findById}, {@link
 * QueryBenchmark#equalToNonUnique} and {@link TransferBenchmark} on Tessera over a real 3-member
 * etcd cluster ({@link EtcdStore}), so the backends can be set side by side. Every commit is a Raft
 * round trip to a majority and every read a linearizable request: the scores are those of a
 * cluster on loopback, sharing the machine's cores with the benchmark, not a network deployment's.
 * Needs {@code etcd} on the PATH (or {@code ETCD_BINARY}). Scores are operations per second, all
 * threads together.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class EtcdBenchmark {

  /** Insert one fresh user per commit: record, three index entries, the record count. */
  @Benchmark
  @Threads(1)
  public void insertOne(EtcdStore s) {
    s.users.insert(s.data.user(s.freshUser()));
  }

  /** Eight threads inserting: commits in flight together, each on its own count shard. */
  @Benchmark
  @Threads(8)
  public void insertOne8Threads(EtcdStore s) {
    s.users.insert(s.data.user(s.freshUser()));
  }

  /** One record by primary key: one linearizable read. */
  @Benchmark
  @Threads(1)
  public Optional<User> findById(EtcdStore s) {
    return s.users.findById(UserData.idOf(s.randomUser()));
  }

  /** {@code byFavoriteColor().equalTo(c)}: an index range read, then the records, at one revision. */
  @Benchmark
  @Threads(1)
  public List<User> equalToNonUnique(EtcdStore s) {
    return s.users.repository().byFavoriteColor()
        .equalTo(s.data.colour(ThreadLocalRandom.current().nextLong())).list();
  }

  /** A transfer between two random accounts as one serialisable transaction. */
  @Benchmark
  @Threads(1)
  public boolean transfer1Thread(EtcdStore s) {
    String[] pair = s.randomPair();
    return s.bank.transfer(pair[0], pair[1], 1);
  }

  /** Eight concurrent transfers; they conflict only when they share an account. */
  @Benchmark
  @Threads(8)
  public boolean transfer8Threads(EtcdStore s) {
    String[] pair = s.randomPair();
    return s.bank.transfer(pair[0], pair[1], 1);
  }
}
