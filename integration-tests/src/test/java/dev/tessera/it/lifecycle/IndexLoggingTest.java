package dev.tessera.it.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.RepositoryOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the index life cycle tells operators through System.Logger (captured here as the
 * java.util.logging records it becomes): indexes created on an empty entity and the default
 * background builds are routine (DEBUG, followed through the listener and {@code awaitIndexes});
 * builds over existing records that the caller waits on are INFO, with progress.
 */
class IndexLoggingTest {
  private static final Logger INDEX_LOGGER = Logger.getLogger("dev.tessera.index");

  @TempDir Path dir;

  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };
  private Level previousLevel;

  @BeforeEach
  void captureIndexLogs() {
    previousLevel = INDEX_LOGGER.getLevel();
    INDEX_LOGGER.setLevel(Level.ALL);
    capture.setLevel(Level.ALL);
    INDEX_LOGGER.addHandler(capture);
  }

  @AfterEach
  void restoreLogging() {
    INDEX_LOGGER.removeHandler(capture);
    INDEX_LOGGER.setLevel(previousLevel);
  }

  @Test
  void indexesOfAnEmptyEntityAreCreatedAtDebugLevel() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      new AccountV1Repository(store);
    }

    assertThat(messagesAtOrAbove(Level.INFO)).isEmpty();
    assertThat(messagesBelow(Level.INFO)).contains("index account.city is now READABLE");
  }

  @Test
  void aBuildOverExistingRecordsIsLoggedAtInfoWithProgress() {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      addEmailIndexOver300Records(store, options -> options.withBuildPolicy(IndexBuildPolicy.BLOCKING));
    }

    assertThat(messagesAtOrAbove(Level.INFO))
        .anySatisfy(message -> assertThat(message).isEqualTo("index account.email is now BUILDING"))
        .anySatisfy(message -> assertThat(message).startsWith("index account.email BACKFILLING: 100 of 300"))
        .anySatisfy(message -> assertThat(message).isEqualTo("index account.email built"));
  }

  @Test
  void aBackgroundBuildOverExistingRecordsIsLoggedAtDebugOnly() throws InterruptedException {
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      addEmailIndexOver300Records(store, options -> options.withInlineBuildLimit(0))
          .indexAdmin().awaitIndexes(Duration.ofMinutes(2));
    }

    assertThat(messagesAtOrAbove(Level.INFO)).isEmpty();
    assertThat(messagesBelow(Level.INFO))
        .contains("index account.email is now BUILDING")
        .anySatisfy(message -> assertThat(message).startsWith("index account.email BACKFILLING: 100 of 300"));
  }

  /**
   * Stores 300 accounts of the first version, forgets what that logged, and opens the second
   * version (which adds an e-mail index) with batches of 100, logging every batch, and {@code policy}.
   */
  private AccountV2Repository addEmailIndexOver300Records(
      LmdbKvStore store, UnaryOperator<RepositoryOptions> policy) {
    new AccountV1Repository(store).insertAll(GeneratedIndexLifecycleTest.accounts(300));
    records.clear();
    return new AccountV2Repository(store,
        policy.apply(RepositoryOptions.defaults().withBatchSize(100).withLogInterval(Duration.ZERO)));
  }

  private List<String> messagesAtOrAbove(Level level) {
    return records.stream()
        .filter(record -> record.getLevel().intValue() >= level.intValue())
        .map(IndexLoggingTest::formatted)
        .toList();
  }

  private List<String> messagesBelow(Level level) {
    return records.stream()
        .filter(record -> record.getLevel().intValue() < level.intValue())
        .map(IndexLoggingTest::formatted)
        .toList();
  }

  private static String formatted(LogRecord record) {
    return new java.util.logging.SimpleFormatter().formatMessage(record);
  }
}
