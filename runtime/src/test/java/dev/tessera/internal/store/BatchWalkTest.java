package dev.tessera.internal.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.RetryLimitExceededException;
import dev.tessera.internal.kv.RecordingOperation;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CommitTooLargeException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one loop of batch work, driven by a job that copies source keys to target keys on a real LMDB
 * store, as an index backfill does. A lost commit is provoked by writing a key the batch read from
 * inside the job, after its read and before its commit; the batch sizes asked for show how the walk
 * adapts.
 */
class BatchWalkTest {
  private static final TupleRange SOURCE = TupleRange.prefix(Tuple.of("src"));
  /** Where the job's cursor is stored: every batch checks it and moves it. */
  private static final Tuple CURSOR = Tuple.of("cursor");

  @TempDir Path dir;
  KvStore store;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void aWalkCopiesEveryKeyInBatchesOfTheConfiguredSizeAndEndsWhenNothingIsLeft() {
    fill(10);
    CopyJob job = new CopyJob();

    assertThat(walk(4, 3, () -> false).run(job)).isEqualTo(BatchWalk.End.EXHAUSTED);
    assertThat(job.limits).containsExactly(4, 4, 4, 4);
    assertThat(job.commits).hasSize(3).allMatch(CommitResult::ok);
    assertThat(copied()).isEqualTo(sources());
    assertThat(store.get(CURSOR).value()).isEqualTo(source(9).pack());
  }

  @Test
  void aLostCommitHalvesTheNextBatchAndEachSuccessDoublesItBackToTheConfiguredSize() {
    fill(30);
    CopyJob job = new CopyJob().interfere(1, this::changeFirst).interfere(2, this::changeFirst);

    assertThat(walk(8, 3, () -> false).run(job)).isEqualTo(BatchWalk.End.EXHAUSTED);
    assertThat(job.limits).containsExactly(8, 4, 2, 4, 8, 8, 8, 8);
    assertThat(job.conflicts).containsExactly(source(0), source(0));
    assertThat(copied()).isEqualTo(sources()); // the retry copied the changed value
    assertThat(store.get(target(0)).value()).containsExactly(3);
  }

  @Test
  void aJobThatFollowsItsMovedCursorGoesOnFromThereWithoutShrinkingItsBatch() {
    fill(30);
    CopyJob job = new CopyJob().interfere(2, batch -> moveCursorTo(19));

    assertThat(walk(8, 3, () -> false).run(job)).isEqualTo(BatchWalk.End.EXHAUSTED);
    assertThat(job.limits).containsExactly(8, 8, 8, 8, 8);
    assertThat(job.conflicts).containsExactly(CURSOR);
    assertThat(copiedIds()).containsExactlyElementsOf(ids(0, 8, 20, 30));
  }

  @Test
  void aJobThatAbandonsAfterALostCommitEndsTheWalk() {
    fill(30);
    CopyJob job = new CopyJob().interfere(2, batch -> moveCursorTo(19));
    job.whenCursorMoved = BatchWalk.AfterConflict.ABANDON;

    assertThat(walk(8, 3, () -> false).run(job)).isEqualTo(BatchWalk.End.ABANDONED);
    assertThat(job.limits).containsExactly(8, 8);
    assertThat(copiedIds()).containsExactlyElementsOf(ids(0, 8));
  }

  @Test
  void theStopSignalEndsTheWalkAfterTheLastCommittedBatch() {
    fill(30);
    CopyJob job = new CopyJob();

    assertThat(walk(4, 3, () -> job.commits.size() == 2).run(job)).isEqualTo(BatchWalk.End.STOPPED);
    assertThat(job.limits).hasSize(2);
    assertThat(copiedIds()).containsExactlyElementsOf(ids(0, 8));
    assertThat(store.get(CURSOR).value()).isEqualTo(source(7).pack());
  }

  @Test
  void aWalkStoppedBeforeItStartsReadsNothing() {
    fill(3);
    CopyJob job = new CopyJob();

    assertThat(walk(4, 3, () -> true).run(job)).isEqualTo(BatchWalk.End.STOPPED);
    assertThat(job.limits).isEmpty();
    assertThat(copied()).isEmpty();
  }

  @Test
  void losingMaxConflictsCommitsInARowThrowsRetryLimitExceededNamingTheWork() {
    fill(30);
    CopyJob job = new CopyJob();
    IntStream.rangeClosed(1, 10).forEach(read -> job.interfere(read, this::changeFirst));

    assertThatThrownBy(() -> walk(8, 3, () -> false).run(job))
        .isInstanceOf(RetryLimitExceededException.class)
        .satisfies(e -> {
          RetryLimitExceededException limit = (RetryLimitExceededException) e;
          assertThat(limit.entity()).isEqualTo("Thing");
          assertThat(limit.operation()).isEqualTo("copy");
          assertThat(limit.attempts()).isEqualTo(3);
        });
    assertThat(job.limits).containsExactly(8, 4, 2);
    assertThat(copied()).isEmpty();
  }

  @Test
  void onlyLostCommitsInARowCountTowardsTheBound() {
    fill(12);
    CopyJob job = new CopyJob();
    for (int read : new int[] {1, 3, 5}) {
      job.interfere(read, this::changeFirst);
    }

    assertThat(walk(8, 2, () -> false).run(job)).isEqualTo(BatchWalk.End.EXHAUSTED);
    assertThat(job.limits).containsExactly(8, 4, 8, 4, 8, 4, 8);
    assertThat(copied()).isEqualTo(sources());
  }

  @Test
  void aBatchWithNothingToWriteMovesTheCursorOnWithoutACommit() {
    fill(12);
    AtomicOperation copyFirstFour = store.atomic();
    IntStream.range(0, 4).forEach(id -> copyFirstFour.set(target(id), new byte[] {1}));
    copyFirstFour.commit();
    // a conflicting write while the first batch is read: it goes unnoticed, as nothing commits
    CopyJob job = new CopyJob().interfere(1, batch -> moveCursorTo(0));

    assertThat(walk(4, 3, () -> false).run(job)).isEqualTo(BatchWalk.End.EXHAUSTED);
    assertThat(job.commits).hasSize(3);
    assertThat(job.commits.get(0)).isNull();
    assertThat(job.commits.subList(1, 3)).allMatch(CommitResult::ok);
    assertThat(job.conflicts).isEmpty();
    assertThat(job.limits).containsExactly(4, 4, 4, 4);
    assertThat(copied()).isEqualTo(sources());
  }

  @Test
  void aCommitTooLargeForTheStoreCapsTheBatchForTheRestOfTheWalk() {
    fill(40);
    KvStore limited = new CommitLimitedStore(store, 10); // 9 copies and the cursor
    CopyJob job = new CopyJob().interfere(3, this::changeFirst);

    BatchWalk walk = new BatchWalk(limited, "Thing", "copy", 64, 3, () -> false);
    assertThat(walk.run(job)).isEqualTo(BatchWalk.End.EXHAUSTED);
    // 40 entries need 41 mutations: the ceiling drops to 40 * 10 / 41 = 9; after a conflict
    // the batch grows back to 9, not to 64
    assertThat(job.limits).containsExactly(64, 9, 9, 4, 8, 9, 9, 9, 9);
    assertThat(copied()).isEqualTo(sources());
  }

  @Test
  void aBatchOfOneTooLargeForTheStoreThrowsAfterHalvingDownToIt() {
    fill(40);
    KvStore limited = new CommitLimitedStore(store, 1); // a copy and the cursor never fit
    CopyJob job = new CopyJob();

    BatchWalk walk = new BatchWalk(limited, "Thing", "copy", 64, 3, () -> false);
    assertThatThrownBy(() -> walk.run(job)).isInstanceOf(CommitTooLargeException.class);
    assertThat(job.limits).containsExactly(64, 20, 10, 5, 2, 1);
    assertThat(copied()).isEmpty();
  }

  // ---------------------------------------------------------------- the job

  /** A batch the job read: the source entries, and whether any of them needs copying. */
  record Batch(List<KvEntry> entries, boolean copies) {
    Tuple first() {
      return entries.get(0).key();
    }

    byte[] last() {
      return entries.get(entries.size() - 1).key().pack();
    }
  }

  /**
   * Copies each source entry after its cursor to its target key: a batch checks the stored cursor
   * and the entries it read, writes the copies that differ and moves the stored cursor. Records the
   * limits it was asked for, what each commit returned and the key each lost commit failed on, and
   * runs a test's interference between reading a batch and its commit. Not thread-safe.
   */
  final class CopyJob implements BatchWalk.Job<Batch> {
    final List<Integer> limits = new ArrayList<>();
    final List<CommitResult> commits = new ArrayList<>();
    final List<Tuple> conflicts = new ArrayList<>();
    final Map<Integer, Consumer<Batch>> interference = new HashMap<>();
    BatchWalk.AfterConflict whenCursorMoved = BatchWalk.AfterConflict.FOLLOW;
    private byte[] cursor;

    /** Runs {@code action} after read number {@code read} (from 1), before its commit. */
    CopyJob interfere(int read, Consumer<Batch> action) {
      interference.put(read, action);
      return this;
    }

    @Override
    public Batch read(KvSnapshot snapshot, AtomicOperation op, int limit) {
      limits.add(limit);
      op.check(snapshot.get(CURSOR));
      List<KvEntry> entries = new ArrayList<>();
      try (KvIterator listing = snapshot.list(ListSelector.of(BatchWalk.after(SOURCE, cursor)).limit(limit))) {
        listing.forEachRemaining(entries::add);
      }
      if (entries.isEmpty()) {
        return null;
      }
      boolean copies = false;
      for (KvEntry entry : entries) {
        op.check(entry);
        Tuple target = target((Long) entry.key().get(1));
        if (!Arrays.equals(snapshot.get(target).value(), entry.value())) {
          op.set(target, entry.value());
          copies = true;
        }
      }
      Batch batch = new Batch(entries, copies);
      op.set(CURSOR, batch.last());
      interference.getOrDefault(limits.size(), b -> {}).accept(batch);
      return batch;
    }

    @Override
    public int size(Batch batch) {
      return batch.entries().size();
    }

    @Override
    public boolean writes(Batch batch) {
      return batch.copies();
    }

    @Override
    public void committed(Batch batch, CommitResult result) {
      commits.add(result);
      cursor = batch.last();
    }

    @Override
    public BatchWalk.AfterConflict conflicted(CommitResult result) {
      conflicts.add(result.failedKey());
      if (!CURSOR.equals(result.failedKey())) {
        return BatchWalk.AfterConflict.RETRY_SMALLER;
      }
      cursor = store.get(CURSOR).value();
      return whenCursorMoved;
    }
  }

  /**
   * The LMDB store with a limit on the mutations one commit holds, as a distributed store has: a
   * larger commit is refused with {@link CommitTooLargeException} before anything is written.
   */
  private static final class CommitLimitedStore implements KvStore {
    private final KvStore store;
    private final int maxMutations;

    CommitLimitedStore(KvStore store, int maxMutations) {
      this.store = store;
      this.maxMutations = maxMutations;
    }

    @Override
    public KvEntry get(Tuple key) {
      return store.get(key);
    }

    @Override
    public List<KvEntry> getMany(List<Tuple> keys) {
      return store.getMany(keys);
    }

    @Override
    public KvIterator list(ListSelector selector) {
      return store.list(selector);
    }

    @Override
    public KvSnapshot snapshot() {
      return store.snapshot();
    }

    @Override
    public AtomicOperation atomic() {
      return new RecordingOperation(store.atomic()) {
        @Override
        public CommitResult commit() {
          if (mutations() > maxMutations) {
            throw new CommitTooLargeException("A commit of " + mutations() + " mutations exceeds "
                + maxMutations, "max mutations", maxMutations, mutations());
          }
          return super.commit();
        }
      };
    }

    @Override
    public void close() {
      store.close();
    }
  }

  // ---------------------------------------------------------------- the store's contents

  private BatchWalk walk(int batchSize, int maxConflicts, BooleanSupplier stopped) {
    return new BatchWalk(store, "Thing", "copy", batchSize, maxConflicts, stopped);
  }

  private static Tuple source(long id) {
    return Tuple.of("src", id);
  }

  private static Tuple target(long id) {
    return Tuple.of("dst", id);
  }

  /** The ids of the half-open ranges {@code [bounds[0], bounds[1])}, {@code [bounds[2], bounds[3])}, ... */
  private static List<Long> ids(long... bounds) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < bounds.length; i += 2) {
      for (long id = bounds[i]; id < bounds[i + 1]; id++) {
        ids.add(id);
      }
    }
    return ids;
  }

  private void fill(int count) {
    AtomicOperation op = store.atomic();
    IntStream.range(0, count).forEach(id -> op.set(source(id), new byte[] {1}));
    assertThat(op.commit().ok()).isTrue();
  }

  /** A writer changes the first source entry of {@code batch}, after the batch read it. */
  private void changeFirst(Batch batch) {
    byte[] value = store.get(batch.first()).value();
    assertThat(store.atomic().set(batch.first(), new byte[] {(byte) (value[0] + 1)}).commit().ok()).isTrue();
  }

  /** Another walker moves the stored cursor past source {@code id}. */
  private void moveCursorTo(long id) {
    assertThat(store.atomic().set(CURSOR, source(id).pack()).commit().ok()).isTrue();
  }

  private Map<Long, List<Byte>> sources() {
    return contents("src");
  }

  private Map<Long, List<Byte>> copied() {
    return contents("dst");
  }

  private List<Long> copiedIds() {
    return copied().keySet().stream().sorted().toList();
  }

  private Map<Long, List<Byte>> contents(String space) {
    Map<Long, List<Byte>> contents = new HashMap<>();
    try (KvIterator all = store.list(ListSelector.of(TupleRange.prefix(Tuple.of(space))))) {
      all.forEachRemaining(e -> {
        List<Byte> value = new ArrayList<>();
        for (byte b : e.value()) {
          value.add(b);
        }
        contents.put((Long) e.key().get(1), value);
      });
    }
    return contents;
  }
}
