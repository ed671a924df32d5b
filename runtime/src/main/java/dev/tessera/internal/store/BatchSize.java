package dev.tessera.internal.store;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CommitTooLargeException;
import java.lang.System.Logger.Level;

/**
 * The size of the next batch of work done in many commits (index builds, verify and repair): halved
 * after a conflict with a writer and grown back after a success, up to a ceiling. The ceiling starts
 * at the configured batch size and is lowered for good when the store refuses a commit as too large
 * ({@link CommitTooLargeException}), so a store whose commits hold few operations gets batches that
 * fit it without being named or configured. Not thread-safe: one per phase of work.
 */
public final class BatchSize {
  private static final System.Logger LOG = System.getLogger("dev.tessera.index");

  private int ceiling;
  private int size;

  public BatchSize(int configured) {
    this.ceiling = configured;
    this.size = configured;
  }

  /** How many records (or keys) the next batch reads. */
  public int get() {
    return size;
  }

  /** After a committed batch: the next one may be twice as large, up to the ceiling. */
  public void succeeded() {
    size = (int) Math.min(ceiling, 2L * size);
  }

  /** After a batch lost a race with a writer: the retry reads half as much. */
  public void conflicted() {
    size = Math.max(1, size / 2);
  }

  /**
   * Commits {@code op}, the work on {@code records} records or keys. If the store refuses it as too
   * large, nothing was written: the ceiling drops to what the limit suggests (the batch scaled by
   * limit over need, at most half of it) and null is returned, so the caller reads the batch again,
   * smaller.
   *
   * @throws CommitTooLargeException if even a batch of one record is too large
   */
  public CommitResult commit(AtomicOperation op, int records) {
    try {
      return op.commit();
    } catch (CommitTooLargeException e) {
      if (records <= 1) {
        throw e;
      }
      long fits = e.limit() > 0 && e.actual() > e.limit() ? records * e.limit() / e.actual() : 0;
      ceiling = (int) Math.max(1, Math.min(records / 2, fits > 0 ? fits : records / 2));
      size = Math.min(size, ceiling);
      LOG.log(Level.DEBUG, "a batch of {0} was too large for one commit ({1}); batches of {2} from now on",
          records, e.limitName(), ceiling);
      return null;
    }
  }
}
