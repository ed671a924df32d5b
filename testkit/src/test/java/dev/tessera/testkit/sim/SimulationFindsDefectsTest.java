package dev.tessera.testkit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.testkit.sim.BrokenStore.Defect;
import org.junit.jupiter.api.Test;

/**
 * Proof that the simulation can fail: with a defect put back on purpose (a store that drops the
 * writes the correct code makes), some seed of the CI budget breaks an invariant, and the failure
 * names it.
 */
class SimulationFindsDefectsTest {

  private static Simulation.Outcome firstFailure(Defect defect) {
    Simulation.Config config = Simulation.Config.ci().withWrapper(store -> new BrokenStore(store, defect));
    for (long seed = 1; seed <= SimulationTest.CI_SEEDS; seed++) {
      Simulation.Outcome outcome = Simulation.run(seed, config);
      if (outcome.failed()) {
        return outcome;
      }
    }
    return null;
  }

  @Test
  void findsAUniqueCheckSkippedWhileTheIndexIsBuilding() {
    Simulation.Outcome found = firstFailure(Defect.UNIQUE_CHECK_SKIPPED_WHILE_BUILDING);
    assertThat(found).as("no seed found the defect").isNotNull();
    assertThat(found.failure()).contains("sim_loan").contains("unique index over duplicates");
  }

  @Test
  void findsACountNotUpdatedByBulkDeletes() {
    Simulation.Outcome found = firstFailure(Defect.COUNT_NOT_UPDATED_BY_BULK_DELETE);
    assertThat(found).as("no seed found the defect").isNotNull();
    assertThat(found.failure()).contains("count() of sim_member");
  }
}
