package dev.tessera.internal.write;

import dev.tessera.internal.retry.Attempt;
import dev.tessera.internal.retry.Retry;
import dev.tessera.internal.store.BatchSize;
import dev.tessera.query.Query;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Deletes many records of one entity in bounded batches, each batch one atomic commit: the loop
 * behind {@code deleteAllById(Collection)}, {@code deleteAll(Query)} and {@code deleteAll()}. A batch
 * that loses a race with a writer is read again, half as large; a batch the store refuses as too
 * large is split ({@link BatchSize}). Progress is logged at INFO every {@value #LOG_EVERY} records
 * deleted, and the end of a delete that large; smaller ones log at DEBUG.
 *
 * <p>Not thread-safe: one instance per call.
 *
 * @param <T> the record type
 * @param <ID> the primary key type
 */
public final class BulkDelete<T, ID> {
  private static final System.Logger LOG = System.getLogger("dev.tessera.repository");
  static final long LOG_EVERY = 10_000;

  /** Deletes one batch in one commit. */
  @FunctionalInterface
  interface BatchDeleter<ID> {
    /**
     * Deletes the records of {@code ids} that exist, in one commit sized by {@code size}; a record
     * deleted on its own (one that does not decode) is reported to {@code deletedAlone} at once.
     *
     * @return done with how many the commit deleted, or lost if it lost a race or was too large
     *     (nothing of it was written; {@code size} has been adjusted)
     */
    Attempt<Integer> tryDelete(List<ID> ids, BatchSize size, IntConsumer deletedAlone);
  }

  private final String entityName;
  private final BatchSize size;
  private final BatchDeleter<ID> deleter;
  /** The retry of a lost batch ({@link Retry#WRITES} on the repository's time source). */
  private final Retry writes;
  private long deleted;
  private long nextLog = LOG_EVERY;

  BulkDelete(String entityName, int batchSize, Retry writes, BatchDeleter<ID> deleter) {
    this.entityName = entityName;
    this.writes = writes;
    this.size = new BatchSize(batchSize);
    this.deleter = deleter;
  }

  /** Deletes the records of {@code ids}, batch after batch; returns how many existed. */
  long ids(List<ID> ids) {
    deleteIds(ids);
    return finish();
  }

  /**
   * Deletes the records {@code query} matches (its limit and cursor included), read lazily with
   * {@link Query#stream()}, each batch of ids deleted before the next is read: the stream
   * continues strictly after the last key it read, so deleting what it returned does not disturb
   * it, and memory stays bounded by the batch size.
   */
  long matching(Query<T> query, Function<T, ID> idOf) {
    List<ID> ids = new ArrayList<>();
    Iterator<T> records = query.stream().iterator();
    while (records.hasNext()) {
      ids.add(idOf.apply(records.next()));
      if (ids.size() >= size.get() || !records.hasNext()) {
        deleteIds(ids);
        ids.clear();
      }
    }
    return finish();
  }

  private void deleteIds(List<ID> ids) {
    int at = 0;
    while (at < ids.size()) {
      int from = at;
      Deleted batch =
          writes.run(entityName, "delete", ids.get(at), () -> deleteBatch(ids, from));
      size.succeeded();
      at += batch.ids();
      counted(batch.records());
    }
  }

  /** One attempt at the batch of {@code ids} from {@code from}, as large as the size is now. */
  private Attempt<Deleted> deleteBatch(List<ID> ids, int from) {
    int n = Math.min(size.get(), ids.size() - from);
    return deleter.tryDelete(ids.subList(from, from + n), size, this::counted)
        .map(records -> new Deleted(n, records));
  }

  /** A committed batch: how many ids it covered and how many records it deleted. */
  private record Deleted(int ids, int records) {}

  private void counted(int records) {
    deleted += records;
    if (deleted >= nextLog) {
      LOG.log(Level.INFO, "deleting {0} records: {1} deleted so far", entityName, deleted);
      nextLog = (deleted / LOG_EVERY + 1) * LOG_EVERY;
    }
  }

  private long finish() {
    LOG.log(deleted >= LOG_EVERY ? Level.INFO : Level.DEBUG, "deleted {0} {1} records", deleted, entityName);
    return deleted;
  }
}
