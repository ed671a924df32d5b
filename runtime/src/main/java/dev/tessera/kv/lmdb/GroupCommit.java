package dev.tessera.kv.lmdb;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.CounterValueException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.agrona.DirectBuffer;
import org.lmdbjava.Txn;

/**
 * Group commit for {@link Durability#DURABLE} stores: a durable commit costs disk flushes, so
 * commits that arrive while others are being written wait and are then written together, in one
 * LMDB write transaction. Each operation runs in a nested transaction of its own, in arrival order,
 * with its own versionstamp, checks and outcome: a failed check or a {@link CounterValueException}
 * rolls back only that operation.
 *
 * <p><b>When a batch is durable.</b> A durable store runs with {@code MDB_NOMETASYNC}: committing
 * a write transaction flushes its data pages (so a crash never leaves a meta page pointing at
 * unwritten pages) and then writes the new meta page without flushing it. Any flush that begins
 * after that commit returned makes it durable: either the next batch's commit, which flushes the
 * file before writing its own meta page, or an explicit {@link LmdbEnvironment#syncCommitted()}.
 * So under load each batch costs one flush, and its committers return when the next batch commits;
 * only when no batch follows (the queue is empty, or the next batch wrote nothing) does a committer
 * flush explicitly. With one flush inside the commit and another after it, a lone committer pays
 * what LMDB's default durable commit pays (two flushes).
 *
 * <p>Why not simply flush inside each commit (LMDB's default): the committers of a finished batch
 * would find the next batch already started by those that queued meanwhile, and wait for a whole
 * further commit; batches would alternate between halves of the writers, so no more than half of
 * them could share a flush.
 *
 * <p>Committers do the work themselves: a committer whose operation is still queued and finds no
 * one writing writes everything queued (up to {@value #MAX_BATCH}); a committer whose batch is
 * written but not yet durable waits for the next writer, or flushes itself when none will come.
 * Every outcome is reported only once durable, so no caller sees a state that a crash could still
 * undo (a failed check included: it may have seen an earlier, not yet durable, commit). A failure of
 * the whole write transaction (store closed, map cannot grow) is reported at once to every operation
 * of the batch; when a batch does not fit under {@link LmdbOptions#maxMapSize()}, its operations are
 * retried one by one so only those that do not fit fail. A failed flush fails every operation it
 * was to cover.
 *
 * <p>Each commit, batch and explicit flush is a Java Flight Recorder event ({@link
 * GroupCommitEvents}), off unless a recording enables it by name.
 *
 * <p>Thread-safe.
 */
final class GroupCommit {
  // Bounds the size of one write transaction; far above the committers a process usually has.
  private static final int MAX_BATCH = 1024;

  private final LmdbEnvironment environment;
  private final Object monitor = new Object();
  private final ArrayDeque<Pending> queue = new ArrayDeque<>();
  /** Written batches' operations, in batch order, until a flush covers them. */
  private final ArrayDeque<Pending> unflushed = new ArrayDeque<>();
  private final AtomicLong transactions = new AtomicLong();
  private final AtomicLong flushes = new AtomicLong();
  private boolean writing;
  private boolean syncing;
  /** Batches written so far; batch n is the n-th (numbers start at 1). */
  private long batchesWritten;
  /** True if the last batch written wrote nothing, so its commit flushed nothing. */
  private boolean lastBatchWroteNothing;

  GroupCommit(LmdbEnvironment environment) {
    this.environment = environment;
  }

  /** Where an operation is in the group commit. */
  private enum State {
    /** Queued, or in the batch being written: its write transaction has not ended. */
    QUEUED,
    /** Its write transaction committed in batch {@link Pending#batch}: it waits for a flush. */
    WRITTEN,
    /** Its outcome is final (a result or a failure): its committer returns it. */
    DONE
  }

  /**
   * What one operation's nested transaction ended with: a result (its checks held or failed), or
   * the failure of its own data that rolled it back alone: a {@link CounterValueException}, or a
   * {@link CorruptEntryException} met by one of its checks. Either leaves the other operations of
   * the batch to commit.
   */
  record Outcome(CommitResult result, RuntimeException rolledBack) {
    /** True if the operation's writes were applied. */
    boolean applied() {
      return result != null && result.ok();
    }
  }

  /**
   * One operation waiting for its outcome. The writer records its transaction's outcome and start
   * before it moves the state under the monitor; everything else is guarded by the monitor.
   */
  private static final class Pending {
    private final LmdbAtomicOperation operation;
    private State state = State.QUEUED;
    /** The number of the batch that wrote it, once {@link State#WRITTEN}. */
    private long batch;
    /** {@link System#nanoTime()} when it was queued, its batch began and its batch committed. */
    private final long queuedAt = System.nanoTime();
    private long startedAt;
    private long writtenAt;
    /** The number of operations its batch wrote. */
    private int batchOperations;
    /** What its nested transaction ended with, once its write transaction committed; else null. */
    private Outcome written;
    /** A failure of its write transaction or of the flush meant to cover it. */
    private RuntimeException failure;
    /** True if the flush meant to cover it died of an Error: whether it is durable is unknown. */
    private boolean durabilityUnknown;
    /**
     * Guarded by this object: a wake-up call, not a state (set by {@link #wake()}, cleared by
     * {@link #sleep()}), so a wake that comes before the committer sleeps is not lost.
     */
    private boolean woken;

    Pending(LmdbAtomicOperation operation) {
      this.operation = operation;
    }

    /** Wakes the committer of this operation (or lets its next sleep return at once). */
    synchronized void wake() {
      woken = true;
      notify();
    }

    /** Waits for {@link #wake()}; returns true if interrupted meanwhile (it keeps waiting). */
    synchronized boolean sleep() {
      boolean interrupted = false;
      while (!woken) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      woken = false;
      return interrupted;
    }
  }

  /**
   * What a committer does next, decided under the monitor and done outside it: write {@code
   * batch} (its commit will make batches up to {@code upTo} durable), or flush (making batches up to
   * {@code upTo} durable).
   */
  private record Task(List<Pending> batch, long upTo) {}

  /** Commits {@code operation} in the next batch and returns its own outcome once durable. */
  CommitResult commit(LmdbAtomicOperation operation) {
    GroupCommitEvents.Commit event = new GroupCommitEvents.Commit();
    event.begin();
    Pending mine = new Pending(operation);
    synchronized (monitor) {
      queue.add(mine);
    }
    try {
      while (true) {
        Task task = nextTask(mine);
        if (task == null) {
          return outcome(mine);
        }
        if (task.batch() != null) {
          writeBatch(task.batch(), task.upTo());
        } else {
          flush(task.upTo());
        }
      }
    } finally {
      report(event, mine);
    }
  }

  // Completes the commit's flight recorder event, if a recording enabled it.
  private void report(GroupCommitEvents.Commit event, Pending mine) {
    long now = System.nanoTime();
    event.end();
    if (event.shouldCommit()) {
      event.store = environment.name();
      if (mine.startedAt != 0) {
        event.queued = mine.startedAt - mine.queuedAt;
        if (mine.writtenAt != 0) {
          event.writing = mine.writtenAt - mine.startedAt;
          event.awaitingFlush = now - mine.writtenAt;
        } else {
          event.writing = now - mine.startedAt;
        }
      }
      event.batchOperations = mine.batchOperations;
      event.commit();
    }
  }

  /** How many write transactions group commits used (for tests and diagnostics). */
  long transactions() {
    return transactions.get();
  }

  /** How many explicit flushes group commits used (for tests and diagnostics). */
  long flushes() {
    return flushes.get();
  }

  // Waits until the operation is done (null), or this committer should write or flush. Each
  // committer sleeps on its own operation and is woken only when its operation is done or a role
  // it may take is free: waking every committer on every change would make them queue for the
  // monitor, and the committers just released are the ones the next batch waits for.
  private Task nextTask(Pending mine) {
    boolean interrupted = false;
    try {
      while (true) {
        synchronized (monitor) {
          if (mine.state == State.DONE) {
            return null;
          }
          if (mine.state == State.QUEUED && !writing) {
            writing = true;
            List<Pending> batch = new ArrayList<>(Math.min(queue.size(), MAX_BATCH));
            while (!queue.isEmpty() && batch.size() < MAX_BATCH) {
              batch.add(queue.poll());
            }
            return new Task(batch, batchesWritten);
          }
          if (mine.state == State.WRITTEN && flushNeeded()) {
            syncing = true;
            return new Task(null, batchesWritten);
          }
        }
        // The operation is queued and will be written: wait for its outcome regardless.
        interrupted |= mine.sleep();
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  // Under the monitor: written batches wait, and no writer at work (or about to start: the queue
  // is not empty) will cover them (a batch that wrote nothing flushed nothing), nor a flush.
  private boolean flushNeeded() {
    boolean writerWillCover = writing || (!queue.isEmpty() && !lastBatchWroteNothing);
    return !unflushed.isEmpty() && !writerWillCover && !syncing;
  }

  // Under the monitor, after a writer or a flush finished: wakes whoever may take a free role.
  private void wakeNextRoles() {
    if (!writing && !queue.isEmpty()) {
      queue.peek().wake();
    }
    if (flushNeeded()) {
      unflushed.peekLast().wake();
    }
  }

  private CommitResult outcome(Pending mine) {
    synchronized (monitor) {
      if (mine.failure != null) {
        throw mine.failure;
      }
      if (mine.written != null && mine.written.rolledBack() != null) {
        throw mine.written.rolledBack();
      }
      if (mine.written == null || mine.durabilityUnknown) {
        // Only when the thread writing or flushing died of an Error (say, OutOfMemoryError).
        throw new IllegalStateException("The group commit carrying this operation failed; "
            + "its outcome is unknown: read the keys to find out whether it was applied");
      }
      return mine.written.result();
    }
  }

  // Writes a batch (LMDB's writer lock held only meanwhile). Its commit flushed the file, so every
  // batch written before it began is durable now; its own operations wait for the next flush.
  private void writeBatch(List<Pending> batch, long writtenBefore) {
    try {
      write(batch);
    } finally {
      long writtenAt = System.nanoTime();
      synchronized (monitor) {
        writing = false;
        long number = ++batchesWritten;
        boolean wrote = false;
        for (Pending p : batch) {
          p.writtenAt = writtenAt;
          p.batchOperations = batch.size();
          if (p.written != null) {
            wrote |= p.written.applied();
            p.batch = number;
            p.state = State.WRITTEN;
            unflushed.add(p);
          } else {
            p.state = State.DONE; // its transaction failed: nothing of it was written
            p.wake();
          }
        }
        lastBatchWroteNothing = !wrote;
        if (wrote) {
          markDurable(writtenBefore, null, true);
        }
        wakeNextRoles();
      }
    }
  }

  // An explicit flush covering every batch written before it began.
  private void flush(long upTo) {
    GroupCommitEvents.Flush event = new GroupCommitEvents.Flush();
    event.begin();
    RuntimeException failure = null;
    boolean flushed = false;
    try {
      environment.syncCommitted();
      flushes.incrementAndGet();
      flushed = true;
    } catch (RuntimeException e) {
      failure = e;
    } finally {
      int covered;
      synchronized (monitor) {
        syncing = false;
        covered = markDurable(upTo, failure, flushed);
        wakeNextRoles();
      }
      event.end();
      if (event.shouldCommit()) {
        event.store = environment.name();
        event.operations = covered;
        event.commit();
      }
    }
  }

  // Under the monitor: completes the operations of batches up to upTo; returns how many.
  private int markDurable(long upTo, RuntimeException failure, boolean flushed) {
    int done = 0;
    while (!unflushed.isEmpty() && unflushed.peek().batch <= upTo) {
      done++;
      Pending p = unflushed.poll();
      if (failure != null) {
        p.failure = failure;
      } else if (!flushed) {
        p.durabilityUnknown = true; // the flush died of an Error
      }
      p.state = State.DONE;
      p.wake();
    }
    return done;
  }

  /**
   * Writes {@code batch} in one transaction and records each operation's outcome. Operations
   * queued while the transaction is being built join it (they are added to {@code batch}) until it
   * commits: committers released by the previous commit are usually still waking up when this one
   * begins.
   */
  private void write(List<Pending> batch) {
    GroupCommitEvents.Batch event = new GroupCommitEvents.Batch();
    event.begin();
    long startedAt = System.nanoTime();
    int queued = batch.size();
    List<LmdbAtomicOperation> operations = new ArrayList<>(batch.size());
    for (Pending p : batch) {
      p.startedAt = startedAt;
      operations.add(p.operation);
    }
    try {
      record(batch, writeTogether(operations, () -> admitLatecomer(batch)));
      event.end();
      if (event.shouldCommit()) {
        event.store = environment.name();
        event.operations = batch.size();
        event.latecomers = batch.size() - queued;
        event.bytes = operations.stream().mapToLong(LmdbAtomicOperation::bytes).sum();
        event.commit();
      }
    } catch (MapSizeLimitException e) {
      // Too big together: each alone, so only those that do not fit fail.
      for (Pending p : batch) {
        try {
          record(List.of(p), writeTogether(List.of(p.operation)));
        } catch (RuntimeException alone) {
          p.failure = alone;
        }
      }
    } catch (RuntimeException e) {
      batch.forEach(p -> p.failure = e);
    }
  }

  private static void record(List<Pending> batch, List<Outcome> outcomes) {
    for (int i = 0; i < batch.size(); i++) {
      batch.get(i).written = outcomes.get(i);
    }
  }

  // The next queued operation, moved into the batch being written; null if none (or it is full).
  private LmdbAtomicOperation admitLatecomer(List<Pending> batch) {
    synchronized (monitor) {
      if (queue.isEmpty() || batch.size() >= MAX_BATCH) {
        return null;
      }
      Pending p = queue.poll();
      p.startedAt = System.nanoTime();
      batch.add(p);
      return p.operation;
    }
  }

  /** Applies {@code operations} in one write transaction, each in a nested one; one outcome each. */
  List<Outcome> writeTogether(List<LmdbAtomicOperation> operations) {
    return writeTogether(new ArrayList<>(operations), () -> null);
  }

  /**
   * As {@link #writeTogether(List)}, then the operations {@code latecomers} supplies (until it
   * returns null), which are appended to {@code operations}. If the map must grow, the transaction
   * is built again from the start with every operation taken so far.
   */
  private List<Outcome> writeTogether(
      List<LmdbAtomicOperation> operations, Supplier<LmdbAtomicOperation> latecomers) {
    long bytes = operations.stream().mapToLong(LmdbAtomicOperation::bytes).sum();
    return environment.write("commit", bytes, txn -> {
      List<Outcome> outcomes = new ArrayList<>(operations.size());
      for (int i = 0; ; i++) {
        if (i == operations.size()) {
          LmdbAtomicOperation next = latecomers.get();
          if (next == null) {
            break;
          }
          operations.add(next);
        }
        outcomes.add(applyNested(txn, operations.get(i)));
      }
      txn.commit();
      transactions.incrementAndGet();
      return outcomes;
    });
  }

  private Outcome applyNested(Txn<DirectBuffer> txn, LmdbAtomicOperation operation) {
    try (Txn<DirectBuffer> nested = environment.nested(txn)) {
      CommitResult result = operation.applyIn(nested);
      if (result.ok()) {
        nested.commit();
      }
      return new Outcome(result, null);
    } catch (CounterValueException | CorruptEntryException e) {
      return new Outcome(null, e);
    }
  }
}
