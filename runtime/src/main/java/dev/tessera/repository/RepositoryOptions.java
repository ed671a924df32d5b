package dev.tessera.repository;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;

/**
 * How a repository builds its indexes: the policy, the batch size, the progress listener and how
 * often a build logs its progress; and, for simulations and tests, the threads background builds run
 * on and the time source of retries and waits. Immutable and thread-safe; the {@code with...} methods return
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
          Duration.ofSeconds(10), 1000, null, TimeSource.system());

  private final IndexBuildPolicy buildPolicy;
  private final int batchSize;
  private final IndexBuildListener listener;
  private final Duration logInterval;
  private final long inlineBuildLimit;
  /** Makes background build threads; {@code null}: a daemon thread named after the entity. */
  private final ThreadFactory buildThreads;
  private final TimeSource timeSource;

  private RepositoryOptions(
      IndexBuildPolicy buildPolicy,
      int batchSize,
      IndexBuildListener listener,
      Duration logInterval,
      long inlineBuildLimit,
      ThreadFactory buildThreads,
      TimeSource timeSource) {
    this.buildPolicy = buildPolicy;
    this.batchSize = batchSize;
    this.listener = listener;
    this.logInterval = logInterval;
    this.inlineBuildLimit = inlineBuildLimit;
    this.buildThreads = buildThreads;
    this.timeSource = timeSource;
  }

  /**
   * Build in the background, except over at most 1000 records (built before the constructor
   * returns); 1000 records per commit, no listener, a log line every 10 s.
   *
   * @return the defaults
   */
  public static RepositoryOptions defaults() {
    return DEFAULTS;
  }

  /**
   * {@return these options with {@code policy}}
   *
   * @param policy when pending index work is done
   */
  public RepositoryOptions withBuildPolicy(IndexBuildPolicy policy) {
    return new RepositoryOptions(
        Objects.requireNonNull(policy, "policy"), batchSize, listener, logInterval, inlineBuildLimit,
        buildThreads, timeSource);
  }

  /**
   * {@return these options with at most {@code records} records (or keys, when clearing) per build
   * commit}
   *
   * @param records the most records per commit
   * @throws IllegalArgumentException if {@code records} is not in 1..100000
   */
  public RepositoryOptions withBatchSize(int records) {
    if (records < 1 || records > 100_000) {
      throw new IllegalArgumentException("batch size must be in 1..100000, was " + records);
    }
    return new RepositoryOptions(
        buildPolicy, records, listener, logInterval, inlineBuildLimit, buildThreads, timeSource);
  }

  /**
   * {@return these options with {@code listener} observing builds}
   *
   * @param listener the listener
   */
  public RepositoryOptions withListener(IndexBuildListener listener) {
    return new RepositoryOptions(
        buildPolicy, batchSize, Objects.requireNonNull(listener, "listener"), logInterval, inlineBuildLimit,
        buildThreads, timeSource);
  }

  /**
   * {@return these options logging build progress (logger {@code dev.tessera.index}) at most every
   * {@code interval}}
   *
   * @param interval the shortest interval between two log lines
   */
  public RepositoryOptions withLogInterval(Duration interval) {
    if (interval.isNegative()) {
      throw new IllegalArgumentException("log interval must not be negative: " + interval);
    }
    return new RepositoryOptions(
        buildPolicy, batchSize, listener, interval, inlineBuildLimit, buildThreads, timeSource);
  }

  /**
   * {@return these options building new or changed indexes before the repository's constructor
   * returns when the entity holds at most {@code records} records, under {@link
   * IndexBuildPolicy#BACKGROUND}: a development store of a few records never answers {@link
   * IndexNotReadyException}} Larger entities build in the background as usual; 0 always builds in
   * the background.
   *
   * @param records the most records built inline
   * @throws IllegalArgumentException if {@code records} is negative
   */
  public RepositoryOptions withInlineBuildLimit(long records) {
    if (records < 0) {
      throw new IllegalArgumentException("inline build limit must not be negative, was " + records);
    }
    return new RepositoryOptions(
        buildPolicy, batchSize, listener, logInterval, records, buildThreads, timeSource);
  }

  /**
   * {@return these options starting background index builds on threads from {@code factory} instead
   * of a daemon thread of their own (named {@code tessera-index-build-<entity>}): a deterministic
   * simulation runs the build as one of its scheduled clients} The factory's thread must run the
   * runnable it is given; the repository starts it, and joins it when building stops.
   *
   * @param factory the factory of build threads
   */
  public RepositoryOptions withBuildThreads(ThreadFactory factory) {
    return new RepositoryOptions(buildPolicy, batchSize, listener, logInterval, inlineBuildLimit,
        Objects.requireNonNull(factory, "factory"), timeSource);
  }

  /**
   * {@return these options reading the time and waiting through {@code time}: the backoff between
   * retried commits of writes, bulk deletes, index builds, verify and repair, and the deadline of
   * {@link IndexAdmin#awaitIndexes}} The default is {@link TimeSource#system()}.
   *
   * @param time the time source
   */
  public RepositoryOptions withTimeSource(TimeSource time) {
    return new RepositoryOptions(buildPolicy, batchSize, listener, logInterval, inlineBuildLimit,
        buildThreads, Objects.requireNonNull(time, "time"));
  }

  /**
   * When pending index work is done.
   *
   * @return when pending index work is done
   */
  public IndexBuildPolicy buildPolicy() {
    return buildPolicy;
  }

  /** {@return the most records (or keys) one build commit covers} */
  public int batchSize() {
    return batchSize;
  }

  /** {@return the build observer} */
  public IndexBuildListener listener() {
    return listener;
  }

  /**
   * {@return the most records an entity may hold for a background-policy build to run in the
   * constructor}
   */
  public long inlineBuildLimit() {
    return inlineBuildLimit;
  }

  /**
   * Where retries and waits read the time and how they wait.
   *
   * @return where retries and waits read the time and how they wait
   */
  public TimeSource timeSource() {
    return timeSource;
  }

  /**
   * {@return the factory of background build threads set by {@link #withBuildThreads}, if any
   * (without one, a build runs on a daemon thread named {@code tessera-index-build-<entity>})}
   */
  public Optional<ThreadFactory> buildThreads() {
    return Optional.ofNullable(buildThreads);
  }

  /** {@return the least time between two progress log lines of one build} */
  public Duration logInterval() {
    return logInterval;
  }
}
