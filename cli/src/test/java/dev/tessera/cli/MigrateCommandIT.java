package dev.tessera.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tessera migrate} on a real store written by the Tessera version whose keys started with
 * entity and index names ({@code old-layout-store.zip}: 40 exhibits with every kind of index, 30
 * places in a spatial index; see the integration tests' {@code OldLayoutFixture}, which also
 * compares a migrated copy with the same writes on a current store).
 */
class MigrateCommandIT {
  @TempDir Path dir;

  @Test
  void toolsRefuseAnUnmigratedStoreNamingTheCommandThatMigratesIt() throws IOException {
    Path store = fixture();

    CommandRun dump = CommandRun.of("dump", store.toString(), "place");
    assertThat(dump.exitCode()).as(dump.toString()).isEqualTo(ExitCodes.FAILED);
    assertThat(dump.err()).contains("entity 'place'").contains("tessera migrate " + store);

    CommandRun info = CommandRun.of("info", store.toString());
    assertThat(info.exitCode()).as(info.toString()).isZero();
    assertThat(info.out())
        .contains("entity exhibit: stored in the key layout of an older Tessera; run 'tessera"
            + " migrate " + store + "'");
  }

  @Test
  void migrateMovesTheStoreInBatchesResumesAfterAStopAndThenLeavesItAlone() throws IOException {
    Path store = fixture();

    CommandRun stopped = CommandRun.of("migrate", store.toString(), "--batch-size", "20",
        "--max-batches", "2");
    assertThat(stopped.exitCode()).as(stopped.toString()).isEqualTo(ExitCodes.FAILED);
    assertThat(stopped.out()).contains("records of exhibit: moved 9 keys to subspace 1")
        .contains("index subspace exhibit_by_amount of exhibit: moved")
        .contains("stopped at the batch limit")
        .containsPattern("moved [0-9]+ keys in 2 commits")
        .contains("run 'tessera migrate " + store + "' again to continue");
    assertThat(CommandRun.of("dump", store.toString(), "place").exitCode())
        .isEqualTo(ExitCodes.FAILED);

    CommandRun resumed = CommandRun.of("migrate", store.toString(), "--batch-size", "20");
    assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
    assertThat(resumed.out())
        .doesNotContain("records of exhibit")
        .contains("index subspace exhibit_by_big of exhibit: moved")
        .contains("index subspace place_by_xY of place: moved 30 keys to subspace")
        .contains("entity exhibit: migrated")
        .contains("entity place: migrated")
        .contains("the store is in the current key layout");

    CommandRun verify = CommandRun.of("verify", store.toString());
    assertThat(verify.exitCode()).as(verify.toString()).isZero();
    CommandRun places = CommandRun.of("dump", store.toString(), "place");
    assertThat(places.exitCode()).as(places.toString()).isZero();
    assertThat(places.lines()).hasSize(30).anyMatch(l -> l.contains("\"place 1\""));
    // values keep the schema identifier the old version wrote; no repository numbered them yet
    CommandRun info = CommandRun.of("info", store.toString());
    assertThat(info.exitCode()).as(info.toString()).isZero();
    assertThat(info.out()).containsPattern("  schema - [0-9a-f]{16} place\\(id:STRING,x:int,y:int,"
        + "name:STRING\\) \\(latest\\)\n");

    CommandRun again = CommandRun.of("migrate", store.toString());
    assertThat(again.exitCode()).as(again.toString()).isZero();
    assertThat(again.out())
        .contains("nothing to migrate: exhibit, place already in the current key layout")
        .contains("moved 0 keys in 0 commits");
  }

  private Path fixture() throws IOException {
    Path store = dir.resolve("old");
    Files.createDirectories(store);
    try (InputStream in = MigrateCommandIT.class.getResourceAsStream("old-layout-store.zip");
        ZipInputStream zip = new ZipInputStream(in)) {
      for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
        Files.copy(zip, store.resolve(entry.getName()));
      }
    }
    return store;
  }
}
