package dev.tessera.testkit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A soak: as many seeds as {@code tessera.simulation.seeds} says (1 when unset, so the normal build
 * runs it once), from {@code tessera.simulation.firstSeed}, with a progress line every 100 seeds;
 * stops at the first failure and prints its trace and the command that replays it. Run it with
 * {@code mvn -Psimulation -Dseeds=10000 -pl testkit -am verify}.
 */
class SimulationSoakTest {

  /** The command that replays {@code seed} alone. */
  static String replayCommand(long seed) {
    return "mvn -o -B -ntp -Psimulation -Dseeds=1 -DfirstSeed=" + seed + " -pl testkit -am verify"
        + " -Dsurefire.failIfNoSpecifiedTests=false -DskipITs";
  }

  @Test
  void soak() {
    long seeds = Long.getLong("tessera.simulation.seeds", 1);
    long first = Long.getLong("tessera.simulation.firstSeed", 1000);
    Simulation.Config config = Simulation.Config.ci();
    long started = System.nanoTime();
    long steps = 0;
    for (long seed = first; seed < first + seeds; seed++) {
      Simulation.Outcome outcome = Simulation.run(seed, config);
      steps += outcome.steps();
      if (outcome.failed()) {
        System.out.println(outcome.report());
        System.out.println("replay: " + replayCommand(seed));
      }
      assertThat(outcome.failed()).as(() -> "seed " + outcome.seed() + " failed: " + outcome.failure()
          + "\nreplay: " + replayCommand(outcome.seed())).isFalse();
      long done = seed - first + 1;
      if (done % 100 == 0 || done == seeds) {
        System.out.printf("simulation: %d/%d seeds, %d steps, %.1f s%n", done, seeds, steps,
            (System.nanoTime() - started) / 1e9);
      }
    }
  }
}
