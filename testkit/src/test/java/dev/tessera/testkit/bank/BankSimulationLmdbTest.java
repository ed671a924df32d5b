package dev.tessera.testkit.bank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.testkit.FaultPlan;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulation's clients on a real LMDB store, on real threads all at once, without injected
 * faults: the invariants hold after every round there too, so the simulated store and scheduler
 * are not what makes them hold.
 */
class BankSimulationLmdbTest {
  @TempDir Path directory;

  @Test
  void theSameClientsOnLmdbWithRealThreadsKeepEveryInvariant() {
    BankSimulation.Settings settings =
        new BankSimulation.Settings(3, 40, FaultPlan.none(), UnaryOperator.identity());
    LmdbOptions options = LmdbOptions.builder().durability(Durability.NO_SYNC).build();
    for (long seed = 1; seed <= 4; seed++) {
      try (LmdbKvStore store = LmdbKvStore.open(directory.resolve("seed-" + seed), options)) {
        BankSimulation.Outcome outcome = BankSimulation.runOn(store, seed, settings);
        assertThat(outcome.checks()).isEqualTo(2 * settings.rounds()); // after each round, twice
      }
    }
  }

  @Test
  void aBugPutBackIsFoundOnLmdbToo() {
    BankSimulation.Settings settings = new BankSimulation.Settings(3, 40, FaultPlan.none(), UnaryOperator.identity())
        .breaking(store -> new BreakingStore(store, BreakingStore.UNIQUE_CHECK_SKIPPED));
    LmdbOptions options = LmdbOptions.builder().durability(Durability.NO_SYNC).build();
    try (LmdbKvStore store = LmdbKvStore.open(directory.resolve("broken"), options)) {
      assertThatThrownBy(() -> BankSimulation.runOn(store, 1, settings))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("sim_member.email");
    }
  }
}
