package dev.tessera.testkit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.lmdb.LmdbKvStore;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulation's clients without injected faults, on real threads over a real LMDB store: checks
 * the simulated store against a real one (the same invariants must hold).
 */
class RealThreadsLmdbTest {
  @TempDir Path directory;

  @Test
  void theSimulationsWorkloadKeepsEveryInvariantOnLmdbWithRealThreads() throws InterruptedException {
    for (long seed = 1; seed <= 3; seed++) {
      try (LmdbKvStore store = LmdbKvStore.open(directory.resolve("store-" + seed))) {
        assertThat(Simulation.runOnRealThreads(store, seed)).as("seed " + seed).isNull();
      }
    }
  }
}
