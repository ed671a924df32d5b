package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.UserRepository;
import dev.tessera.benchmarks.store.TesseraUserStore;
import java.io.IOException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A loaded Tessera store (no-sync: reads do not depend on durability) and its generated
 * repository, for {@link QueryBenchmark}.
 */
@State(Scope.Benchmark)
public class QueryStore extends StoreFixture {
  /** Records loaded before measuring. */
  @Param({"1000000"})
  public long records;

  /** The generated repository over the loaded store. */
  UserRepository repository;

  @Override
  String storeSpec() {
    return "tessera:no-sync";
  }

  @Override
  long records() {
    return records;
  }

  /** Opens and loads the store. */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    open();
    repository = ((TesseraUserStore) users).repository();
  }

  /** Closes the store and deletes its files. */
  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    close();
  }
}
