package dev.tessera.kv.lmdb;

import dev.tessera.kv.StoreClosedException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Admits LMDB transactions of this process and lets the map be resized or the environment closed
 * only while none is open: {@code mdb_env_set_mapsize} and {@code mdb_env_close} are unsafe with
 * a transaction open (its buffers point into the old mapping).
 *
 * <p>Every transaction holds a shared permit ({@link #enter}); a resize runs {@link #exclusive} once no
 * permit is out. While a resize waits, new permits wait too (so it is not starved), except for
 * threads that already hold one: such a thread may be the very one the resize waits for (it holds
 * a snapshot and commits), and making it wait would deadlock. Unlike a {@code ReadWriteLock}, a
 * permit may be released by another thread than the one that took it (an iterator handed to
 * another thread). A resize that waits longer than its budget, or is asked for by a thread holding
 * permits, fails with {@link MapGrowthBlockedException} instead of deadlocking.
 *
 * <p>Every read and commit passes here, so admission is lock-free while no resize or close is
 * pending: a thread counts itself in, then re-checks the {@code barrier} flag (both are volatile,
 * so a resize that raises the barrier and then sees no transaction is sure none slipped in); only
 * when the barrier is up does it take the monitor. Permits and short reads ({@link #enterBrief},
 * which is not even counted against its thread: it cannot hold anything while it is in) share that
 * path, and neither allocates.
 *
 * <p>Thread-safe.
 */
final class TransactionGate {
  private static final System.Logger LOG = System.getLogger("dev.tessera.store");
  private static final Duration WARN_AFTER = Duration.ofSeconds(1);

  private final Object monitor = new Object();
  private final ThreadLocal<Holder> heldByThread = ThreadLocal.withInitial(Holder::new);
  private final String storeName;
  /** Transactions in; changed without the monitor, read by resizes under it. */
  private final AtomicInteger active = new AtomicInteger();
  /** True while a resize waits or runs, or once closed: admission takes the slow path. */
  private volatile boolean barrier;
  private int exclusiveWaiters;
  private boolean exclusiveHeld;
  private boolean closed;

  TransactionGate(String storeName) {
    this.storeName = storeName;
  }

  /**
   * The permits one thread took and has not released: {@link #enter} returns the calling thread's
   * own, and {@link #release} takes it back from any thread (an iterator handed to another thread
   * ends there). One per thread, so taking a permit allocates nothing. Thread-safe.
   */
  static final class Holder {
    private final AtomicInteger held = new AtomicInteger();
  }

  /**
   * Takes a shared permit for the calling thread, waiting while a resize runs; fails once the gate
   * is closed. Release it with {@link #release} exactly once: a permit is no object of its own
   * that could notice a second release, so the caller's own state (a session's, a {@code finally})
   * must make sure.
   *
   * @return the calling thread's holder, to pass to {@link #release}
   */
  Holder enter(String operation) {
    admit(operation);
    Holder mine = heldByThread.get();
    mine.held.incrementAndGet();
    return mine;
  }

  /** Releases one permit {@code holder} took with {@link #enter}; from any thread. */
  void release(Holder holder) {
    holder.held.decrementAndGet();
    leave();
  }

  /**
   * Admits a read that begins and ends within one call on this thread, holding nothing in between
   * (no snapshot, no iterator, no commit): end it with {@link #leaveBrief()}. Waits while a resize
   * runs; fails once the gate is closed.
   */
  void enterBrief(String operation) {
    admit(operation);
  }

  /** Ends a read admitted by {@link #enterBrief}. */
  void leaveBrief() {
    leave();
  }

  // The one fast path: count in, then re-check the barrier; the thread's permits are looked up
  // only on the slow path.
  private void admit(String operation) {
    if (!barrier) {
      active.incrementAndGet();
      if (!barrier) {
        return;
      }
      leave();
    }
    admitSlowly(operation);
  }

  // A resize is pending or running, or the gate closed: wait under the monitor as it requires.
  private void admitSlowly(String operation) {
    Holder mine = heldByThread.get();
    synchronized (monitor) {
      boolean interrupted = false;
      while (!closed && (exclusiveHeld || (exclusiveWaiters > 0 && mine.held.get() == 0))) {
        interrupted |= waitUninterruptibly(0);
      }
      restoreInterrupt(interrupted);
      if (closed) {
        throw new StoreClosedException(storeName, operation);
      }
      active.incrementAndGet();
    }
  }

  private void leave() {
    if (active.decrementAndGet() == 0 && barrier) {
      synchronized (monitor) {
        monitor.notifyAll();
      }
    }
  }

  /**
   * Runs {@code action} while no permit is out. Once it has waited a second (or {@code maxWait},
   * if shorter) it logs one warning naming what holds permits.
   *
   * @param purpose what the action does, for messages (e.g. "grow the full map")
   * @param holders describes what holds permits now, for the warning and the exception
   *
   * @throws MapGrowthBlockedException if this thread holds permits or others keep theirs beyond
   *     {@code maxWait}
   */
  void exclusive(Duration maxWait, String purpose, Supplier<String> holders, Runnable action) {
    Holder mine = heldByThread.get();
    synchronized (monitor) {
      if (mine.held.get() > 0) {
        throw new MapGrowthBlockedException(purpose,
            "this thread itself holds open snapshots or iterators", active.get(), Duration.ZERO);
      }
      long start = System.nanoTime();
      long deadline = start + maxWait.toNanos();
      long warnAt = start + Math.min(maxWait.toNanos(), WARN_AFTER.toNanos());
      boolean warned = false;
      boolean interrupted = false;
      exclusiveWaiters++;
      barrier = true;
      try {
        while (!closed && (exclusiveHeld || active.get() > 0)) {
          long now = System.nanoTime();
          if (!warned && now - warnAt >= 0) {
            warned = true;
            LOG.log(System.Logger.Level.WARNING, "Every read and commit of the store in {0} waits"
                + " while it tries to {1}, which waits for {2} transaction(s) of this process to"
                + " end, up to {3} ms: {4}", storeName, purpose, active.get(), maxWait.toMillis(),
                holders.get());
          }
          long remaining = deadline - now;
          if (remaining <= 0) {
            throw new MapGrowthBlockedException(purpose,
                "other threads kept snapshots or iterators open: " + holders.get(), active.get(),
                Duration.ofNanos(now - start));
          }
          long untilNext = warned ? remaining : Math.min(remaining, warnAt - now);
          interrupted |= waitUninterruptibly(Math.max(1, untilNext / 1_000_000));
        }
        if (closed) {
          throw new StoreClosedException(storeName, purpose);
        }
        exclusiveHeld = true;
      } finally {
        restoreInterrupt(interrupted);
        exclusiveWaiters--;
        updateBarrier();
        monitor.notifyAll();
      }
    }
    try {
      action.run();
    } finally {
      synchronized (monitor) {
        exclusiveHeld = false;
        updateBarrier();
        monitor.notifyAll();
      }
    }
  }

  // Under the monitor: the barrier stays up while anything needs admissions to wait.
  private void updateBarrier() {
    barrier = closed || exclusiveHeld || exclusiveWaiters > 0;
  }

  /** Refuses new permits from now on; waiting threads fail with StoreClosedException. */
  void close() {
    synchronized (monitor) {
      closed = true;
      barrier = true;
      monitor.notifyAll();
    }
  }

  /** Waits until every permit and resize is over (call after {@link #close()}). */
  void awaitIdle() {
    synchronized (monitor) {
      boolean interrupted = false;
      while (active.get() > 0 || exclusiveHeld) {
        interrupted |= waitUninterruptibly(0);
      }
      restoreInterrupt(interrupted);
    }
  }

  /** True if the calling thread took permits it has not released. */
  boolean currentThreadHoldsPermits() {
    return heldByThread.get().held.get() > 0;
  }

  /** The number of permits out now. */
  int activeTransactions() {
    return active.get();
  }

  // Waits are short (a resize, the end of running transactions); an interrupt must not leave the
  // bookkeeping half done, so the caller keeps waiting and re-asserts the interrupt afterwards.
  // Returns true if the wait was interrupted.
  private boolean waitUninterruptibly(long millis) {
    try {
      monitor.wait(millis);
      return false;
    } catch (InterruptedException e) {
      return true;
    }
  }

  private static void restoreInterrupt(boolean interrupted) {
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
