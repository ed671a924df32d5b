package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.UserRepository;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code new UserRepository(store)} costs (an entity with a unique and two non-unique
 * indexes), to advise on scoping repositories in a DI container: on a store whose catalog already
 * holds the entity's shape and indexes (every construction after the first, and every start of an
 * application whose entities did not change), and on a fresh, empty store (the first construction
 * ever: it registers the shape and the indexes in one commit). Scores are microseconds per
 * construction; opening the fresh store is not measured.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RepositoryConstructionBenchmark {
  /** A scratch store in its own directory under the benchmark's stores directory. */
  abstract static class ScratchStore {
    LmdbKvStore store;
    private Path directory;

    void openEmpty(Durability durability) throws IOException {
      directory = Files.createTempDirectory(LoadedStores.storesDirectory(), "construction");
      store = LmdbKvStore.open(directory, LmdbOptions.builder().durability(durability).build());
    }

    void closeAndDelete() throws IOException {
      store.close();
      LoadedStores.delete(directory);
    }
  }

  /** A store that already knows the entity: opened once, the entity registered once. */
  @State(Scope.Benchmark)
  public static class RegisteredStore extends ScratchStore {
    /** What a commit promises; registration commits only on a store that lacks the entity. */
    @Param({"DURABLE", "NO_SYNC"})
    public Durability durability;

    /** Opens the store and registers the entity. */
    @Setup(Level.Trial)
    public void open() throws IOException {
      openEmpty(durability);
      new UserRepository(store);
    }

    /** Closes and deletes the store. */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      closeAndDelete();
    }
  }

  /** A new, empty store for every construction. */
  @State(Scope.Thread)
  public static class FreshStore extends ScratchStore {
    /** What the registering commit promises. */
    @Param({"DURABLE", "NO_SYNC"})
    public Durability durability;

    /** Opens an empty store (not measured). */
    @Setup(Level.Invocation)
    public void open() throws IOException {
      openEmpty(durability);
    }

    /** Closes and deletes the store (not measured). */
    @TearDown(Level.Invocation)
    public void close() throws IOException {
      closeAndDelete();
    }
  }

  /** A repository over a store whose catalog already matches the entity. */
  @Benchmark
  public UserRepository onMatchingCatalog(RegisteredStore registered) {
    return new UserRepository(registered.store);
  }

  /** The first repository of the entity over an empty store. */
  @Benchmark
  public UserRepository onFreshStore(FreshStore fresh) {
    return new UserRepository(fresh.store);
  }
}
