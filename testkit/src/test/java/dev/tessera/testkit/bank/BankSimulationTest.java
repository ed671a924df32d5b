package dev.tessera.testkit.bank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.testkit.Fault;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The CI run of the simulation: a fixed set of seeds, each a full run with faults and invariant
 * checks after every commit; and the proof that a seed replays exactly.
 */
class BankSimulationTest {
  /** The CI seeds: fixed, so a failure here repeats with the same seed. */
  static final long FIRST_SEED = 1;
  static final int CI_SEEDS = Integer.getInteger("tessera.simulation.ciSeeds", 200);

  @Test
  void theCiSeedsKeepEveryInvariant() {
    Map<Fault, Integer> faults = new TreeMap<>();
    long steps = 0;
    int checks = 0;
    int builtOnline = 0;
    for (long seed = FIRST_SEED; seed < FIRST_SEED + CI_SEEDS; seed++) {
      BankSimulation.Outcome outcome = BankSimulation.run(seed, BankSimulation.Settings.ci());
      outcome.faults().forEach((fault, n) -> faults.merge(fault, n, Integer::sum));
      steps += outcome.steps();
      checks += outcome.checks();
      builtOnline += outcome.builtOnline().contains("sim_member.age") ? 1 : 0;
    }
    // the budget really exercises the faults and the checks
    assertThat(faults.keySet()).containsAll(java.util.EnumSet.allOf(Fault.class));
    assertThat(checks).isGreaterThan(CI_SEEDS * 50);
    // the second version's index was built while writers wrote, and checked before and after
    assertThat(builtOnline).isGreaterThan(CI_SEEDS / 2);
    System.out.println(CI_SEEDS + " seeds, " + steps + " steps, " + checks + " checks, "
        + builtOnline + " online builds seen, faults " + faults);
  }

  @Test
  void aSeedRunTwiceGivesTheSameTrace() {
    BankSimulation.Outcome first = BankSimulation.run(17, BankSimulation.Settings.ci());
    BankSimulation.Outcome second = BankSimulation.run(17, BankSimulation.Settings.ci());
    BankSimulation.Outcome other = BankSimulation.run(18, BankSimulation.Settings.ci());
    assertThat(second.traceHash()).isEqualTo(first.traceHash());
    assertThat(second.steps()).isEqualTo(first.steps());
    assertThat(other.traceHash()).isNotEqualTo(first.traceHash());
  }
}
