package dev.tessera.benchmarks.jmh;

import java.io.IOException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The store for the group-commit curve: every contender that offers durable commits, durable.
 */
@State(Scope.Benchmark)
public class DurableStore extends StoreFixture {
  /** Which store, as {@code contender:durability}. */
  @Param({"raw-lmdbjava:durable", "tessera:durable", "sqlite:durable", "bdb-je:durable",
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
