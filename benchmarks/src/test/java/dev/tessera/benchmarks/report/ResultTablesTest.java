package dev.tessera.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tables computed from a small JMH result file: ratios against raw lmdbjava and the peers,
 * targets marked met or missed, the group-commit curve and its ceiling.
 */
class ResultTablesTest {
  private static List<String> lines;

  @BeforeAll
  static void render() throws Exception {
    lines = new ResultTables(ResultTables.read(resource("sample-results.json"))).render().lines()
        .toList();
  }

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(ResultTablesTest.class.getResource(name).toURI());
  }

  @Test
  void targetsAgainstRawAreComputedAndMarked() {
    assertThat(lines).contains(
        "| find by id ≥ 0.8 × raw | 0.90 × (360,000 vs 400,000 /s) | yes | |",
        "| insert one per commit, no-sync, ≥ 0.7 × raw | 0.60 × (6,000 vs 10,000 /s) | **no** | |");
  }

  @Test
  void aTargetWithoutResultsIsLeftOut() {
    assertThat(lines).noneMatch(l -> l.startsWith("| batched insert"));
    assertThat(lines).noneMatch(l -> l.startsWith("| find by unique email"));
  }

  @Test
  void groupCommitTargetShowsTheFlushCeilingOfRawLmdb() {
    assertThat(lines).contains("| durable commits/s, 16 writers ≥ 8 × one writer "
        + "| 4.50 × (4,500 vs 1,000 /s) | **no** "
        + "| 4.52 × (16 users per commit: 3,840 users/s, 1: 850) |");
    assertThat(lines).contains("| tessera:durable | 1,000 |  |  |  | 4,500 |  | 4.50 × |");
  }

  @Test
  void allocationBeyondRawIsTheDifference() {
    assertThat(lines).contains("| allocation per find by id < 500 B beyond the record (raw's bytes)"
        + " | 293 B (820 B vs raw's 527 B) | yes | |");
  }

  @Test
  void peersAreComparedAtEqualDurabilityWithTheFloorInBrackets() {
    assertThat(lines).contains(
        "| ReadBenchmark.findById ³ | no-sync | 3.60 × ✓ (4.00) | 7.20 × ✓ (8.00) | 1.80 × ✗ (2.00) |",
        "| WriteBenchmark.insertOne ³ | no-sync | 1.20 × ✗ (2.00) | – | 0.30 × ✗ (0.50) |",
        "| WriteBenchmark.insertOne ³ | durable | 0.35 × ✗ (0.33) | – | – |");
  }

  @Test
  void perBenchmarkTablesGiveRatiosAllocationAndAuxiliaryCounters() {
    assertThat(lines).contains(
        "**ReadBenchmark.findById (records = 1000000)**",
        "| tessera:no-sync | 360,000 | 2,000 | 0.90× | 820 |",
        "| sqlite:no-sync | 100,000 | n/a | 0.25× | 1,700 |",
        "| tessera:durable | 850 | n/a | 1.06× |",
        "**FlushCeilingBenchmark.insertBatch (records = 1000000, usersPerCommit = 16)**",
        "| raw-lmdbjava:durable | 240 | n/a | 3,840 |  |",
        "| tessera | 400 | n/a |  |");
  }
}
