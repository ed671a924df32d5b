package dev.tessera.kv.lmdb;

import dev.tessera.kv.StoreClosedException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admits LMDB transactions of this process and lets the map be resized or the environment closed
 * only while none is open: {@code mdb_env_set_mapsize} and {@code mdb_env_close} are unsafe with
 * a transaction open (its buffers point into the old mapping).
 *
 * <p>Every transaction holds a shared {@link Permit}; a resize runs {@link #exclusive} once no
 * permit is out. While a resize waits, new permits wait too (so it is not starved), except for
 * threads that already hold one: such a thread may be the very one the resize waits for (it holds
 * a snapshot and commits), and making it wait would deadlock. Unlike a {@code ReadWriteLock}, a
 * permit may be released by another thread than the one that took it (an iterator handed to
 * another thread). A resize that waits longer than its budget, or is asked for by a thread holding
 * permits, fails with {@link MapGrowthBlockedException} instead of deadlocking.
 *
 * <p>Thread-safe.
 */
final class TransactionGate {
  private final Object monitor = new Object();
  private final ThreadLocal<AtomicInteger> heldByThread =
      ThreadLocal.withInitial(AtomicInteger::new);
  private final ThreadLocal<Boolean> interruptedWhileWaiting =
      ThreadLocal.withInitial(() -> Boolean.FALSE);
  private final String storeName;
  private int active;
  private int exclusiveWaiters;
  private boolean exclusiveHeld;
  private boolean closed;

  TransactionGate(String storeName) {
    this.storeName = storeName;
  }

  /** A shared admission; release it exactly once (later calls do nothing). Thread-safe. */
  final class Permit {
    private final AtomicInteger owner;
    private boolean released;

    private Permit(AtomicInteger owner) {
      this.owner = owner;
    }

    void release() {
      synchronized (monitor) {
        if (released) {
          return;
        }
        released = true;
        active--;
        owner.decrementAndGet();
        monitor.notifyAll();
      }
    }
  }

  /** Takes a shared permit, waiting while a resize runs; fails once the gate is closed. */
  Permit enter(String operation) {
    AtomicInteger mine = heldByThread.get();
    synchronized (monitor) {
      while (!closed && (exclusiveHeld || (exclusiveWaiters > 0 && mine.get() == 0))) {
        waitUninterruptibly(0);
      }
      restoreInterrupt();
      if (closed) {
        throw new StoreClosedException(storeName, operation);
      }
      active++;
      mine.incrementAndGet();
      return new Permit(mine);
    }
  }

  /**
   * Runs {@code action} while no permit is out.
   *
   * @param purpose what the action does, for messages (e.g. "grow the full map")
   *
   * @throws MapGrowthBlockedException if this thread holds permits or others keep theirs beyond
   *     {@code maxWait}
   */
  void exclusive(Duration maxWait, String purpose, Runnable action) {
    AtomicInteger mine = heldByThread.get();
    synchronized (monitor) {
      if (mine.get() > 0) {
        throw new MapGrowthBlockedException(purpose,
            "this thread itself holds open snapshots or iterators", active, Duration.ZERO);
      }
      long start = System.nanoTime();
      long deadline = start + maxWait.toNanos();
      exclusiveWaiters++;
      try {
        while (!closed && (exclusiveHeld || active > 0)) {
          long remaining = deadline - System.nanoTime();
          if (remaining <= 0) {
            throw new MapGrowthBlockedException(purpose,
                "other threads kept snapshots or iterators open", active,
                Duration.ofNanos(System.nanoTime() - start));
          }
          waitUninterruptibly(Math.max(1, remaining / 1_000_000));
        }
        if (closed) {
          throw new StoreClosedException(storeName, purpose);
        }
        exclusiveHeld = true;
      } finally {
        restoreInterrupt();
        exclusiveWaiters--;
        monitor.notifyAll();
      }
    }
    try {
      action.run();
    } finally {
      synchronized (monitor) {
        exclusiveHeld = false;
        monitor.notifyAll();
      }
    }
  }

  /** Refuses new permits from now on; waiting threads fail with StoreClosedException. */
  void close() {
    synchronized (monitor) {
      closed = true;
      monitor.notifyAll();
    }
  }

  /** Waits until every permit and resize is over (call after {@link #close()}). */
  void awaitIdle() {
    synchronized (monitor) {
      while (active > 0 || exclusiveHeld) {
        waitUninterruptibly(0);
      }
      restoreInterrupt();
    }
  }

  /** True if the calling thread took permits it has not released. */
  boolean currentThreadHoldsPermits() {
    return heldByThread.get().get() > 0;
  }

  /** The number of permits out now. */
  int activeTransactions() {
    synchronized (monitor) {
      return active;
    }
  }

  // Waits are short (a resize, the end of running transactions); an interrupt must not leave the
  // bookkeeping half done, so we keep waiting and re-assert the interrupt flag afterwards.
  private void waitUninterruptibly(long millis) {
    try {
      monitor.wait(millis);
    } catch (InterruptedException e) {
      interruptedWhileWaiting.set(Boolean.TRUE);
    }
  }

  private void restoreInterrupt() {
    if (interruptedWhileWaiting.get()) {
      interruptedWhileWaiting.remove();
      Thread.currentThread().interrupt();
    }
  }
}
