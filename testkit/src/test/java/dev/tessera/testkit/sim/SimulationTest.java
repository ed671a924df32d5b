package dev.tessera.testkit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The simulation in CI: a fixed set of seeds, every fault on, every invariant checked after every
 * step that committed; and the proof that a run is a function of its seed.
 */
class SimulationTest {
  /** Seeds per CI run; each takes a fraction of a second. */
  static final int CI_SEEDS = 40;

  @Test
  void everyCiSeedKeepsEveryInvariant() {
    Simulation.Config config = Simulation.Config.ci();
    long steps = 0;
    for (long seed = 1; seed <= CI_SEEDS; seed++) {
      Simulation.Outcome outcome = Simulation.run(seed, config);
      assertThat(outcome.failed()).as(() -> outcome.report() + "\nreplay: " + SimulationSoakTest.replayCommand(outcome.seed()))
          .isFalse();
      steps += outcome.steps();
    }
    assertThat(steps).isGreaterThan(CI_SEEDS * 100L);
  }

  @Test
  void aSeedReplaysTheSameRunStepForStep() {
    Simulation.Outcome first = Simulation.run(7, Simulation.Config.ci());
    Simulation.Outcome second = Simulation.run(7, Simulation.Config.ci());
    assertThat(second.traceHash()).isEqualTo(first.traceHash());
    assertThat(second.steps()).isEqualTo(first.steps());
    assertThat(second.commits()).isEqualTo(first.commits());
    Simulation.Outcome other = Simulation.run(8, Simulation.Config.ci());
    assertThat(other.traceHash()).isNotEqualTo(first.traceHash());
  }
}
