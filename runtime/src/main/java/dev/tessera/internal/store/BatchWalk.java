package dev.tessera.internal.store;

import dev.tessera.RetryLimitExceededException;
import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Backoff;
import dev.tessera.internal.retry.Retry;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.TupleRange;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * The one loop of every batch job over a key range (clearing an index, backfilling it, resolving its
 * duplicate markers, verifying and repairing): each batch is read in one snapshot after the job's
 * cursor, its checks and writes go into one atomic operation, and the commit moves the cursor only
 * if every check held. The batch size adapts ({@link BatchSize}): halved when a batch loses a race
 * with a writer, grown back after a success, capped for good when the store refuses a commit as too
 * large. A lost batch is read again after a jittered wait ({@link Backoff#WRITES}), at most a given
 * number of times in a row.
 *
 * <pre>{@code
 * BatchWalk.End end = new BatchWalk(store, entity, "buildIndexes", 256, 100, () -> stopped).run(job);
 * }</pre>
 *
 * <p>Not thread-safe: one per walk (the stop signal may be set from any thread).
 */
public final class BatchWalk {
  /** How a walk ended. */
  public enum End {
    /** The job read an empty batch: nothing is left after its cursor. */
    EXHAUSTED,
    /** The stop signal was set; the job's cursor is where the last committed batch left it. */
    STOPPED,
    /** The job gave up after a lost commit ({@link AfterConflict#ABANDON}). */
    ABANDONED
  }

  /** What a job does after its batch's commit failed a check. */
  public enum AfterConflict {
    /** A writer changed what the batch read: read it again, smaller, after a short wait. */
    RETRY_SMALLER,
    /** The job's cursor moved elsewhere (another builder): read on from where it is now. */
    FOLLOW,
    /** The work is no longer this walk's to do: end the walk. */
    ABANDON
  }

  /**
   * One batch job: reads batches after its cursor and moves the cursor when one commits.
   *
   * @param <B> what the job remembers of one batch until it commits
   */
  public interface Job<B> {
    /**
     * Reads the next batch, at most {@code limit} entries after the cursor, in {@code snapshot} and
     * adds its checks and writes to {@code op}.
     *
     * @return the batch, or null if nothing is left after the cursor
     */
    B read(KvSnapshot snapshot, AtomicOperation op, int limit);

    /** How many entries {@code batch} read: the unit the batch size counts. */
    int size(B batch);

    /** False if {@code batch} found nothing to write: the cursor moves on without a commit. */
    default boolean writes(B batch) {
      return true;
    }

    /**
     * After {@code batch} committed ({@code result} is null when it had nothing to commit): move
     * the cursor past it, report progress.
     */
    void committed(B batch, CommitResult result);

    /** After a commit of a batch failed the check on {@code result.failedKey()}. */
    AfterConflict conflicted(CommitResult result);
  }

  private final KvStore store;
  private final String entity;
  private final String operation;
  private final BatchSize size;
  private final Retry conflicts;
  private final BooleanSupplier stopped;

  /**
   * @param store where the walk reads and commits
   * @param entity the entity the job works on, for {@link RetryLimitExceededException}
   * @param operation the public operation the job is part of, likewise
   * @param batchSize the configured batch size (the ceiling)
   * @param maxConflicts how many lost commits in a row end the walk with {@link
   *     RetryLimitExceededException}
   * @param stopped true once the walk should stop after its current batch
   */
  public BatchWalk(
      KvStore store, String entity, String operation, int batchSize, int maxConflicts,
      BooleanSupplier stopped) {
    this(store, entity, operation, batchSize, maxConflicts, stopped, System::nanoTime,
        LockSupport::parkNanos);
  }

  /**
   * As the constructor above, reading the time from {@code clock} and waiting between lost batches
   * with {@code pause} (a repository's {@code TimeSource}).
   */
  public BatchWalk(
      KvStore store, String entity, String operation, int batchSize, int maxConflicts,
      BooleanSupplier stopped, LongSupplier clock, LongConsumer pause) {
    this.store = store;
    this.entity = entity;
    this.operation = operation;
    this.size = new BatchSize(batchSize);
    this.conflicts = Retry.commits(maxConflicts, Backoff.WRITES).withClockAndPause(clock, pause);
    this.stopped = stopped;
  }

  /**
   * Runs {@code job} until nothing is left, the stop signal, or the job abandons.
   *
   * @throws RetryLimitExceededException after {@code maxConflicts} lost commits in a row
   * @throws dev.tessera.kv.CommitTooLargeException if even a batch of one entry is too large
   */
  public <B> End run(Job<B> job) {
    while (true) {
      Optional<End> end = conflicts.run(entity, operation, null, () -> nextBatch(job));
      if (end.isPresent()) {
        return end.get();
      }
    }
  }

  /**
   * One attempt at the next batch: done with how the walk ended, or with nothing when the batch
   * moved the cursor; lost when its commit failed a check. A batch too large for one commit is
   * read again, smaller, within the same attempt: it lost no race.
   */
  private <B> Attempt<Optional<End>> nextBatch(Job<B> job) {
    while (!stopped.getAsBoolean()) {
      AtomicOperation op = store.atomic();
      B batch;
      try (KvSnapshot snapshot = store.snapshot()) {
        batch = job.read(snapshot, op, size.get());
      }
      if (batch == null) {
        return Attempt.done(Optional.of(End.EXHAUSTED));
      }
      if (!job.writes(batch)) {
        job.committed(batch, null);
        return Attempt.done(Optional.empty());
      }
      CommitResult result = size.commit(op, job.size(batch));
      if (result == null) {
        continue; // too large for one commit of the store: read a smaller batch
      }
      if (result.ok()) {
        size.succeeded();
        job.committed(batch, result);
        return Attempt.done(Optional.empty());
      }
      AfterConflict next = job.conflicted(result);
      if (next == AfterConflict.ABANDON) {
        return Attempt.done(Optional.of(End.ABANDONED));
      }
      if (next == AfterConflict.RETRY_SMALLER) {
        size.conflicted();
      }
      return Attempt.lost("a concurrent writer changed what the batch read", result.failedKey());
    }
    return Attempt.done(Optional.of(End.STOPPED));
  }

  /**
   * The part of {@code range} strictly after {@code cursor} (a packed key), or {@code range} itself
   * when the cursor is null or before it ({@link KeyOrder#after}).
   */
 public static TupleRange after(TupleRange range, byte[] cursor) {
    return KeyOrder.after(range, cursor);
  }
}
