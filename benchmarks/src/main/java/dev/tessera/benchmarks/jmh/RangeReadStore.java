package dev.tessera.benchmarks.jmh;

import java.io.IOException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The store for the age-range query (Tessera answers it with {@code byAge().between(lo, hi)}).
 *
 * <p>The store for read workloads. Reads do not depend on the commit durability, so each contender
 * appears once, with its no-sync setting where it has one (ObjectBox only offers durable commits).
 */
@State(Scope.Benchmark)
public class RangeReadStore extends StoreFixture {
  /** Which store, as {@code contender:durability}. */
  @Param({"raw-lmdbjava:no-sync", "tessera:no-sync", "sqlite:no-sync", "h2:no-sync", "bdb-je:no-sync",
      "objectbox:durable"})
  public String store;

  /** Records loaded before measuring. */
  @Param({"1000000"})
  public long records;

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
