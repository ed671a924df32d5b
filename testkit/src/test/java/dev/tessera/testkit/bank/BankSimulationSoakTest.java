package dev.tessera.testkit.bank;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tessera.testkit.Fault;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The soak mode: as many seeds as {@code tessera.simulation.seeds} says, from {@code
 * tessera.simulation.firstSeed} (default 1000, after the CI seeds), with a progress line every 50
 * seeds; it stops at the first failure and prints the command that replays that seed. Skipped
 * unless {@code tessera.simulation.seeds} is set, which the {@code simulation} profile does:
 *
 * <pre>
 * mvn -B -ntp -Psimulation -Dseeds=5000 -pl testkit -am verify -Dtest=BankSimulationSoakTest -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class BankSimulationSoakTest {
  @Test
  void manySeedsKeepEveryInvariant() {
    String seeds = System.getProperty("tessera.simulation.seeds");
    assumeTrue(seeds != null && !seeds.isBlank(), "the soak runs with -Psimulation -Dseeds=N");
    long first = Long.getLong("tessera.simulation.firstSeed", 1000);
    long count = Long.parseLong(seeds.trim());
    long started = System.nanoTime();
    long steps = 0;
    Map<Fault, Integer> faults = new TreeMap<>();
    for (long seed = first; seed < first + count; seed++) {
      BankSimulation.Outcome outcome;
      try {
        outcome = BankSimulation.run(seed, BankSimulation.Settings.ci());
      } catch (AssertionError failure) {
        System.out.println("FAILED at seed " + seed + "; replay it with:\n  mvn -B -ntp -Psimulation"
            + " -Dseeds=1 -DfirstSeed=" + seed + " -pl testkit -am verify"
            + " -Dtest=BankSimulationSoakTest -Dsurefire.failIfNoSpecifiedTests=false");
        throw failure;
      }
      steps += outcome.steps();
      outcome.faults().forEach((fault, n) -> faults.merge(fault, n, Integer::sum));
      long done = seed - first + 1;
      if (done % 50 == 0 || done == count) {
        System.out.printf("simulation: %d/%d seeds (%d..%d), %.1f s, %d steps, faults %s%n",
            done, count, first, seed, (System.nanoTime() - started) / 1e9, steps, faults);
      }
    }
  }
}
