package dev.tessera.testkit.bank;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Proof that the simulation can fail: with a bug put back on purpose, each found within the CI
 * seed budget, by the invariant that names it.
 */
class BrokenCodeIsFoundTest {

  @Test
  void aTagEntryNotWrittenOnUpdateIsFound() {
    assertThat(firstFailure(BreakingStore.TAG_ENTRY_NOT_WRITTEN_ON_UPDATE))
        .contains("index sim_member.tags holds");
  }

  @Test
  void aSpatialEntryNotWrittenOnMoveIsFound() {
    assertThat(firstFailure(BreakingStore.SPATIAL_ENTRY_NOT_WRITTEN_ON_MOVE))
        .contains("index sim_place.xY holds");
  }

  @Test
  void aCountNotUpdatedByBulkDeleteIsFound() {
    assertThat(firstFailure(BreakingStore.COUNT_NOT_UPDATED_BY_BULK_DELETE))
        .contains("member count");
  }

  @Test
  void aSkippedUniqueCheckIsFound() {
    assertThat(firstFailure(BreakingStore.UNIQUE_CHECK_SKIPPED))
        .contains("index sim_member.email holds");
  }

  @Test
  void aTransactionWhoseRangeReadIsNotValidatedIsFound() {
    // by the capacity a count keeps, or by the loan a limited read took back
    assertThat(firstFailure(BreakingStore.LOAN_RANGE_NOT_VALIDATED))
        .containsAnyOf("holds more than " + BankSimulation.MAX_LOANS + " loans", "read was not validated");
  }

  /** The message of the first CI seed that fails with {@code bug}; fails if none does. */
  private static String firstFailure(BreakingStore.Bug bug) {
    BankSimulation.Settings settings = BankSimulation.Settings.ci().breaking(store -> new BreakingStore(store, bug));
    for (long seed = BankSimulationTest.FIRST_SEED; seed < BankSimulationTest.FIRST_SEED + BankSimulationTest.CI_SEEDS; seed++) {
      try {
        BankSimulation.run(seed, settings);
      } catch (AssertionError found) {
        assertThat(found.getMessage()).startsWith("Simulation seed " + seed + " failed").contains("last steps:");
        String message = found.getMessage();
        System.out.println("bug '" + bug + "' found by seed " + seed + ": "
            + message.substring(0, message.indexOf("\nlast steps:")));
        return message;
      }
    }
    throw new AssertionError("no CI seed found the bug: " + bug);
  }
}
