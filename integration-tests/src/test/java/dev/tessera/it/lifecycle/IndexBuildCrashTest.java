package dev.tessera.it.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexPhase;
import dev.tessera.catalog.IndexState;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.IndexBuildListener;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.IndexBuildProgress;
import dev.tessera.repository.RepositoryOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM with SIGKILL in the middle of an index backfill ({@link IndexBuildWorkload}),
 * several times, then reopens the store: every time the build continues from the persisted cursor
 * (at least as far as the child's last journaled batch), and at the end the index is readable and
 * verifies clean.
 */
class IndexBuildCrashTest {
  private static final int RECORDS = 6000;
  private static final int KILLS = 3;

  @TempDir Path directory;

  @Test
  void backfillKilledWithSigkillResumesFromItsCursorAndVerifiesClean() throws Exception {
    Path store = directory.resolve("store");
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      new AccountV1Repository(kv).insertAll(GeneratedIndexLifecycleTest.accounts(RECORDS));
    }
    long lastJournaled = 0;
    for (int kill = 0; kill < KILLS; kill++) {
      Path journal = directory.resolve("journal-" + kill + ".txt");
      Files.createFile(journal);
      long killedAt = runAndKill(store, journal, lastJournaled + 600);
      if (killedAt < 0) {
        break; // the build finished before the kill
      }
      try (LmdbKvStore kv = LmdbKvStore.open(store)) {
        KvEntry stored = kv.get(IndexCatalog.key("account", "email"));
        IndexCatalogEntry entry = IndexCatalog.decode(stored);
        assertThat(entry.state()).isEqualTo(IndexState.BUILDING);
        assertThat(entry.done())
            .as("after kill %d the catalog holds every batch the child acknowledged", kill)
            .isGreaterThanOrEqualTo(killedAt);
        lastJournaled = killedAt;
      }
    }

    assertThat(lastJournaled).as("the child was killed in the middle of the backfill").isPositive();
    List<IndexBuildProgress> resumed = new CopyOnWriteArrayList<>();
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      AccountV2Repository v2 =
          new AccountV2Repository(
              kv,
              RepositoryOptions.defaults()
                  .withBuildPolicy(IndexBuildPolicy.BLOCKING)
                  .withListener(
                      new IndexBuildListener() {
                        @Override
                        public void onProgress(IndexBuildProgress progress) {
                          resumed.add(progress);
                        }
                      }));
      assertThat(resumed.get(0).done()).as("resumed, not restarted").isGreaterThan(lastJournaled);
      assertThat(v2.indexAdmin().indexStates())
          .allSatisfy(e -> assertThat(e.state()).isEqualTo(IndexState.READABLE));
      assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
      assertThat(GeneratedIndexLifecycleTest.keysUnder(kv, "account_by_email")).isEqualTo(RECORDS);
      assertThat(GeneratedIndexLifecycleTest.keysUnder(kv, "account_by_city")).isZero();
      assertThat(v2.findByEmail("account4321@example.com")).isPresent();
    }
  }

  /**
   * Runs the child until its journal shows a backfill past {@code killAfter} records, then kills it.
   *
   * @return the last backfill count the child journaled, or -1 if the build ended first
   */
  private static long runAndKill(Path store, Path journal, long killAfter)
      throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                java, "-cp", System.getProperty("java.class.path"), IndexBuildWorkload.class.getName(),
                store.toString(), journal.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (child.isAlive() && System.nanoTime() < deadline && lastBackfill(journal) < killAfter) {
      Thread.sleep(2);
    }
    child.destroyForcibly(); // SIGKILL on Linux
    assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    List<String> lines = Files.readAllLines(journal, StandardCharsets.UTF_8);
    return lines.contains("end") ? -1 : lastBackfill(journal);
  }

  private static long lastBackfill(Path journal) throws IOException {
    long last = 0;
    for (String line : new ArrayList<>(Files.readAllLines(journal, StandardCharsets.UTF_8))) {
      String[] parts = line.split(" ");
      if (parts.length == 2 && parts[0].equals(IndexPhase.BACKFILLING.name())) {
        last = Long.parseLong(parts[1]);
      }
    }
    return last;
  }
}
