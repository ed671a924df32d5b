package dev.tessera.benchmarks.jmh;

import java.io.IOException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The store for {@link FlushCeilingBenchmark}: the LMDB contenders, durable, with the number of
 * users written per commit.
 */
@State(Scope.Benchmark)
public class FlushCeilingStore extends StoreFixture {
  /** Which store, as {@code contender:durability}. */
  @Param({"raw-lmdbjava:durable", "tessera:durable"})
  public String store;

  /** Records loaded before measuring. */
  @Param({"1000000"})
  public long records;

  /** Users inserted per durable commit. */
  @Param({"1", "16", "64"})
  public int usersPerCommit;

  @Override
  String storeSpec() {
    return store;
  }

  @Override
  long records() {
    return records;
  }

  /** Opens and loads the store. */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    open();
  }

  /** Closes the store and deletes its files. */
  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    close();
  }
}
