package dev.tessera.repository;

import java.time.Duration;
import java.util.Objects;

/**
 * How a repository builds its indexes: the policy, the batch size, the progress listener and how
 * often a build logs its progress. Immutable and thread-safe; the {@code with...} methods return
 * changed copies.
 *
 * <pre>{@code
 * UserRepository users = new UserRepository(store,
 *     RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.BLOCKING).withBatchSize(500));
 * }</pre>
 */
public final class RepositoryOptions {
  private static final RepositoryOptions DEFAULTS =
      new RepositoryOptions(IndexBuildPolicy.BACKGROUND, 1000, new IndexBuildListener() {},
          Duration.ofSeconds(10));

  private final IndexBuildPolicy buildPolicy;
  private final int batchSize;
  private final IndexBuildListener listener;
  private final Duration logInterval;

  private RepositoryOptions(
      IndexBuildPolicy buildPolicy, int batchSize, IndexBuildListener listener, Duration logInterval) {
    this.buildPolicy = buildPolicy;
    this.batchSize = batchSize;
    this.listener = listener;
    this.logInterval = logInterval;
  }

  /** Build in the background, 1000 records per commit, no listener, a log line every 10 s. */
  public static RepositoryOptions defaults() {
    return DEFAULTS;
  }

  /** These options with {@code policy}. */
  public RepositoryOptions withBuildPolicy(IndexBuildPolicy policy) {
    return new RepositoryOptions(
        Objects.requireNonNull(policy, "policy"), batchSize, listener, logInterval);
  }

  /**
   * These options with at most {@code records} records (or keys, when clearing) per build commit.
   *
   * @throws IllegalArgumentException if {@code records} is not in 1..100000
   */
  public RepositoryOptions withBatchSize(int records) {
    if (records < 1 || records > 100_000) {
      throw new IllegalArgumentException("batch size must be in 1..100000, was " + records);
    }
    return new RepositoryOptions(buildPolicy, records, listener, logInterval);
  }

  /** These options with {@code listener} observing builds. */
  public RepositoryOptions withListener(IndexBuildListener listener) {
    return new RepositoryOptions(
        buildPolicy, batchSize, Objects.requireNonNull(listener, "listener"), logInterval);
  }

  /** These options logging build progress (logger {@code dev.tessera.index}) at most every {@code interval}. */
  public RepositoryOptions withLogInterval(Duration interval) {
    if (interval.isNegative()) {
      throw new IllegalArgumentException("log interval must not be negative: " + interval);
    }
    return new RepositoryOptions(buildPolicy, batchSize, listener, interval);
  }

  /** When pending index work is done. */
  public IndexBuildPolicy buildPolicy() {
    return buildPolicy;
  }

  /** The most records (or keys) one build commit covers. */
  public int batchSize() {
    return batchSize;
  }

  /** The build observer. */
  public IndexBuildListener listener() {
    return listener;
  }

  /** The least time between two progress log lines of one build. */
  public Duration logInterval() {
    return logInterval;
  }
}
