package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.User;
import dev.tessera.benchmarks.model.UserData;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Writes on a loaded store, each operation in its own commit except {@link #insertBatch}. Scores are
 * records per second. Inserts add fresh users (the store grows during the run); updates and
 * deletes pick random existing users.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class WriteBenchmark {
  /** Records per commit in {@link #insertBatch}. */
  public static final int BATCH = 1_000;

  /** Insert one fresh user per commit. */
  @Benchmark
  public void insertOne(WriteStore s) {
    s.users.insert(s.data.user(s.freshUser()));
  }

  /** Insert 1,000 fresh users in one commit; the score counts users, not commits. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public void insertBatch(WriteStore s) {
    long first = s.freshUsers(BATCH);
    s.users.insertAll(s.data.users(first, first + BATCH));
  }

  /** Change a user's email: the unique index entry moves. */
  @Benchmark
  public boolean updateEmail(WriteStore s) {
    long n = s.randomUser();
    return s.users.update(s.data.user(n).withEmail(UserData.emailOf(n, s.nextVersion())));
  }

  /** Change only a user's name: no index entry changes. */
  @Benchmark
  public boolean updateName(WriteStore s) {
    long n = s.randomUser();
    return s.users.update(s.data.user(n).withName(UserData.nameOf(n, s.nextVersion())));
  }

  /**
   * Delete a random user by id. Before each call (outside the measurement) the user deleted by the
   * previous call is put back, so the data set keeps its size however long the run.
   */
  @Benchmark
  public boolean delete(WriteStore s, Victim victim) {
    return s.users.delete(victim.next.id());
  }

  /** The user the next {@link #delete} call removes; confined to the benchmark thread. */
  @State(Scope.Thread)
  public static class Victim {
    User next;

    /** Restores the previous victim and picks the next one. */
    @Setup(Level.Invocation)
    public void pick(WriteStore s) {
      if (next != null && s.users.findById(next.id()).isEmpty()) {
        s.users.insert(next);
      }
      next = s.data.user(s.randomUser());
    }
  }
}
