package dev.tessera.kv.lmdb;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CounterValueException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.DirectBuffer;
import org.lmdbjava.Txn;

/**
 * Group commit for {@link Durability#DURABLE} stores: a durable commit costs one sync, so commits
 * that arrive while one is being written wait and are then written together, in one LMDB write
 * transaction and one sync. Each operation runs in a nested transaction of its own, in arrival
 * order, with its own versionstamp, checks and outcome: a failed check or a {@link
 * CounterValueException} rolls back only that operation.
 *
 * <p>The first committer to arrive leads: it writes the batch waiting at that moment (its own
 * included), then hands the lead to the first committer that arrived meanwhile. A failure of the
 * whole transaction (store closed, map cannot grow) is reported to every operation of the batch;
 * when a batch does not fit under {@link LmdbOptions#maxMapSize()}, its operations are retried one by
 * one so only those that do not fit fail.
 *
 * <p>Thread-safe.
 */
final class GroupCommit {
  private static final int MAX_BATCH = 256;

  private final LmdbEnvironment environment;
  private final Object monitor = new Object();
  private final ArrayDeque<Pending> queue = new ArrayDeque<>();
  private final AtomicLong transactions = new AtomicLong();
  private boolean leaderActive;

  GroupCommit(LmdbEnvironment environment) {
    this.environment = environment;
  }

  /** One operation waiting for its batch; guarded by the monitor. */
  private static final class Pending {
    private final LmdbAtomicOperation operation;
    private CommitResult result;
    private RuntimeException failure;
    private boolean done;
    private boolean lead;

    Pending(LmdbAtomicOperation operation) {
      this.operation = operation;
    }
  }

  /** Commits {@code operation} in the next batch and returns its own outcome. */
  CommitResult commit(LmdbAtomicOperation operation) {
    Pending mine = new Pending(operation);
    boolean interrupted = false;
    synchronized (monitor) {
      queue.add(mine);
      if (!leaderActive) {
        leaderActive = true;
        mine.lead = true;
      }
      while (!mine.done && !mine.lead) {
        try {
          monitor.wait();
        } catch (InterruptedException e) {
          // The operation is queued and will be written: wait for its outcome regardless.
          interrupted = true;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (!mine.done) {
      lead();
    }
    synchronized (monitor) {
      if (mine.failure != null) {
        throw mine.failure;
      }
      if (mine.result == null) {
        // Only when the leader died of an Error (say, OutOfMemoryError) mid-batch.
        throw new IllegalStateException("The group commit carrying this operation failed; "
            + "its outcome is unknown: read the keys to find out whether it was applied");
      }
      return mine.result;
    }
  }

  /** How many write transactions group commits used (for tests and diagnostics). */
  long transactions() {
    return transactions.get();
  }

  private void lead() {
    List<Pending> batch = new ArrayList<>();
    synchronized (monitor) {
      while (!queue.isEmpty() && batch.size() < MAX_BATCH) {
        batch.add(queue.poll());
      }
    }
    try {
      write(batch);
    } finally {
      synchronized (monitor) {
        batch.forEach(p -> p.done = true);
        Pending next = queue.peek();
        if (next != null) {
          next.lead = true;
        } else {
          leaderActive = false;
        }
        monitor.notifyAll();
      }
    }
  }

  /** Writes {@code batch} in one transaction and records each operation's outcome. */
  void write(List<Pending> batch) {
    List<LmdbAtomicOperation> operations = batch.stream().map(p -> p.operation).toList();
    try {
      List<Object> outcomes = writeTogether(operations);
      synchronized (monitor) {
        for (int i = 0; i < batch.size(); i++) {
          Object outcome = outcomes.get(i);
          if (outcome instanceof RuntimeException failure) {
            batch.get(i).failure = failure;
          } else {
            batch.get(i).result = (CommitResult) outcome;
          }
        }
      }
    } catch (MapSizeLimitException e) {
      if (batch.size() == 1) {
        fail(batch, e);
      } else {
        batch.forEach(p -> write(List.of(p)));
      }
    } catch (RuntimeException e) {
      fail(batch, e);
    }
  }

  private void fail(List<Pending> batch, RuntimeException e) {
    synchronized (monitor) {
      batch.forEach(p -> p.failure = e);
    }
  }

  /**
   * Applies {@code operations} in one write transaction, each in a nested one; returns per
   * operation its {@link CommitResult} or the {@link CounterValueException} that rolled it back.
   */
  List<Object> writeTogether(List<LmdbAtomicOperation> operations) {
    long bytes = operations.stream().mapToLong(LmdbAtomicOperation::bytes).sum();
    return environment.write("commit", bytes, txn -> {
      List<Object> outcomes = new ArrayList<>(operations.size());
      for (LmdbAtomicOperation operation : operations) {
        outcomes.add(applyNested(txn, operation));
      }
      txn.commit();
      transactions.incrementAndGet();
      return outcomes;
    });
  }

  private Object applyNested(Txn<DirectBuffer> txn, LmdbAtomicOperation operation) {
    try (Txn<DirectBuffer> nested = environment.nested(txn)) {
      CommitResult result = operation.applyIn(nested);
      if (result.ok()) {
        nested.commit();
      }
      return result;
    } catch (CounterValueException e) {
      return e;
    }
  }
}
