package dev.tessera.testkit;

import dev.tessera.repository.TimeSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs logical clients, each on a thread of its own, so that exactly one runs at a time and the
 * seed decides which runs next at every scheduling point: every call of a {@link SimulatedKvStore}
 * built with this scheduler as its {@link StoreObserver}, and every wait of its {@link
 * #timeSource()}. The running client passes the baton itself (a lock and one condition, no
 * sleeps), so a run is a pure function of the seed and the clients' code: the {@linkplain #traceHash()
 * trace hash} of two runs with one seed is the same.
 *
 * <pre>{@code
 * DeterministicScheduler scheduler = new DeterministicScheduler(seed);
 * SimulatedKvStore store = SimulatedKvStore.builder().seed(seed).observer(scheduler).build();
 * scheduler.spawn("writer-1", () -> ...);
 * scheduler.spawn("writer-2", () -> ...);
 * scheduler.runUntilIdle();
 * }</pre>
 *
 * <p>Background work the code under test starts (index builds) joins the schedule through {@link
 * #threadFactory(String)}. A {@link Fault#CRASH} ends every client: each throws {@link
 * SimulatedCrash} at its next scheduling point. A client that throws anything else fails the run:
 * {@link #runUntilIdle()} rethrows it.
 *
 * <p>Thread-safe as described: {@link #spawn} and {@link #runUntilIdle} are called by the driving
 * thread while no client runs, or by the running client.
 */
public final class DeterministicScheduler implements StoreObserver {
  /** How long a run may pass no scheduling point before it is reported as stalled, by default. */
  public static final int STALL_SECONDS = 60;

  /** How many trace lines a failure shows unless told otherwise. */
  private static final int TAIL = 40;

  private final SplittableRandom random;
  private final SimulatedClock clock;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition turn = lock.newCondition();
  /** Clients that have not finished, in the order they were spawned (the choice is by index). */
  private final List<Client> clients = new ArrayList<>();
  private final Map<Thread, Client> byThread = new LinkedHashMap<>();
  private final ArrayDeque<String> tail = new ArrayDeque<>();
  private final int tailLines;
  private long stallNanos = TimeUnit.SECONDS.toNanos(STALL_SECONDS);
  private final MessageDigest digest;
  private Client running;
  private Throwable failure;
  private long steps;
  private int spawned;

  /**
   * A scheduler whose choices follow {@code seed}, with a clock of its own.
   *
   * @param seed the seed of the choices
   */
  public DeterministicScheduler(long seed) {
    this(seed, new SimulatedClock());
  }

  /**
   * A scheduler whose choices follow {@code seed} and whose waits move {@code clock}.
   *
   * @param seed the seed of the choices
   * @param clock the simulation's clock
   */
  public DeterministicScheduler(long seed, SimulatedClock clock) {
    this(seed, clock, TAIL);
  }

  /**
   * A scheduler whose choices follow {@code seed}, whose waits move {@code clock}, and whose
   * {@link #traceTail()} keeps the last {@code traceLines} lines.
   *
   * @param seed the seed of the choices
   * @param clock the simulation's clock
   * @param traceLines how many trace lines to keep
   */
  public DeterministicScheduler(long seed, SimulatedClock clock, int traceLines) {
    this.tailLines = Math.max(1, traceLines);
    this.random = new SplittableRandom(seed);
    this.clock = clock;
    try {
      this.digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** Reports a run as stalled after {@code timeout} without a scheduling point (tests). */
  void stallAfter(java.time.Duration timeout) {
    lock.lock();
    try {
      stallNanos = timeout.toNanos();
    } finally {
      lock.unlock();
    }
  }

  /** {@return the clock of the simulation} */
  public SimulatedClock clock() {
    return clock;
  }

  /**
   * Adds a client that runs {@code body} when the scheduler first picks it. Called before {@link
   * #runUntilIdle()} or by the running client.
   *
   * @param name the client's name, in traces
   * @param body what the client runs
   */
  public void spawn(String name, Runnable body) {
    Client client = register(name);
    Thread thread = new Thread(() -> client.run(body), name);
    thread.setDaemon(true);
    lock.lock();
    try {
      byThread.put(thread, client);
    } finally {
      lock.unlock();
    }
    thread.start();
  }

  /**
   * {@return a thread factory whose threads are clients of this scheduler (their thread is started
   * by the code that asked for it)} Pass it to {@code RepositoryOptions.withBuildThreads} so that
   * background index builds are scheduled like every other client.
   *
   * @param prefix the prefix of the threads' names
   */
  public ThreadFactory threadFactory(String prefix) {
    return runnable -> {
      Client client = register(prefix);
      Thread thread = new Thread(() -> client.run(runnable), client.name);
      thread.setDaemon(true);
      lock.lock();
      try {
        byThread.put(thread, client);
      } finally {
        lock.unlock();
      }
      return thread;
    };
  }

  /**
   * {@return the simulation's time for {@code RepositoryOptions.withTimeSource}: reads {@link
   * #clock()}; a wait moves the clock on and is a scheduling point, so another client may run
   * meanwhile}
   */
  public TimeSource timeSource() {
    return new TimeSource() {
      @Override
      public long nanoTime() {
        return clock.nanoTime();
      }

      @Override
      public void pause(long nanos) {
        clock.advance(Math.max(0, nanos));
        yieldTurn("wait");
      }
    };
  }

  /**
   * Runs the clients until every one has finished (including those spawned meanwhile), on the
   * calling thread's behalf: it only starts the first and waits. When a client fails, the others
   * are crashed, so that they end too.
   *
   * @throws AssertionError wrapping the first failure of a client, with the trace's last lines, or
   *     when no scheduling point passed for {@link #STALL_SECONDS} seconds, or as {@link
   *     #stallAfter} says (a client blocked on
   *     something other than the store: a lock another client holds, a join)
   */
  public void runUntilIdle() {
    lock.lock();
    try {
      if (running == null && !clients.isEmpty()) {
        pickNext();
      }
      long seen = steps;
      long left = stallNanos;
      while (!clients.isEmpty()) {
        if (left <= 0) {
          throw new AssertionError("No client reached a scheduling point for "
              + TimeUnit.NANOSECONDS.toMillis(stallNanos) + " ms; " + runningClient() + " runs and blocks on something else\nlast steps:\n" + traceTail());
        }
        try {
          left = turn.awaitNanos(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new AssertionError("interrupted while clients ran", e);
        }
        if (steps != seen) {
          seen = steps;
          left = stallNanos;
        }
      }
      if (failure != null) {
        throw new AssertionError("A client failed at step " + steps + ": " + failure
            + "\nlast steps:\n" + traceTail(), failure);
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Records a line in the trace (it goes into the hash).
   *
   * @param line the line
   */
  public void trace(String line) {
    lock.lock();
    try {
      digest.update((line + "\n").getBytes(StandardCharsets.UTF_8));
      tail.addLast(line);
      if (tail.size() > tailLines) {
        tail.removeFirst();
      }
    } finally {
      lock.unlock();
    }
  }

  /** {@return the last lines of the trace, oldest first} */
  public String traceTail() {
    lock.lock();
    try {
      return String.join("\n", tail);
    } finally {
      lock.unlock();
    }
  }

  /** {@return a hash of every trace line so far: equal for two runs of one seed} */
  public String traceHash() {
    lock.lock();
    try {
      MessageDigest copy = (MessageDigest) digest.clone();
      return HexFormat.of().formatHex(copy.digest());
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException("SHA-256 digests clone", e);
    } finally {
      lock.unlock();
    }
  }

  /** {@return how many scheduling points have passed} */
  public long steps() {
    return steps;
  }

  /** {@return the name of the client running now, or {@code null}} */
  public String runningClient() {
    Client client = running;
    return client == null ? null : client.name;
  }

  @Override
  public void beforeCall(StoreCall call) {
    yieldTurn(call.name());
  }

  @Override
  public void faultInjected(Fault fault, String detail) {
    trace("  fault " + fault + ": " + detail);
  }

  @Override
  public void crashed() {
    lock.lock();
    try {
      trace("  crash: every client loses its state");
      for (Client client : clients) {
        client.crashed = true;
      }
    } finally {
      lock.unlock();
    }
  }

  // ---- the baton ----

  private Client register(String name) {
    lock.lock();
    try {
      Client client = new Client(name + "#" + (++spawned));
      clients.add(client);
      trace("spawn " + client.name);
      return client;
    } finally {
      lock.unlock();
    }
  }

  /** A scheduling point of the calling client: lets the seed pick who runs next, then waits. */
  private void yieldTurn(String what) {
    Client self;
    lock.lock();
    try {
      self = byThread.get(Thread.currentThread());
      if (self == null) {
        return; // the driving thread, between runs (opening repositories, checking invariants)
      }
      if (self.crashed) {
        throw new SimulatedCrash(self.name + " was crashed");
      }
      trace(self.name + " " + what);
      pickNext();
      awaitTurn(self);
      if (self.crashed) {
        throw new SimulatedCrash(self.name + " was crashed");
      }
    } finally {
      lock.unlock();
    }
  }

  private void awaitTurn(Client self) {
    while (running != self) {
      turn.awaitUninterruptibly();
    }
  }

  /** Picks the next client (the lock is held). */
  private void pickNext() {
    steps++;
    if (clients.isEmpty()) {
      running = null;
    } else {
      running = clients.get(random.nextInt(clients.size()));
    }
    turn.signalAll();
  }

  /** One logical client. */
  private final class Client {
    final String name;
    /** Set by a crash: the client throws {@link SimulatedCrash} at its next scheduling point. */
    boolean crashed;

    Client(String name) {
      this.name = name;
    }

    void run(Runnable body) {
      lock.lock();
      try {
        awaitTurn(this);
      } finally {
        lock.unlock();
      }
      Throwable thrown = null;
      try {
        if (crashed) {
          throw new SimulatedCrash(name + " was crashed before it began");
        }
        body.run();
      } catch (SimulatedCrash crash) {
        // the process died: the client's state is gone, nothing to report
      } catch (Throwable t) {
        thrown = t;
      }
      lock.lock();
      try {
        trace(name + " ends" + (thrown == null ? "" : " with " + thrown));
        if (thrown != null && failure == null) {
          failure = thrown;
          for (Client other : clients) {
            other.crashed = true; // the run is over: the others end at their next scheduling point
          }
        }
        clients.remove(this);
        byThread.remove(Thread.currentThread());
        pickNext();
      } finally {
        lock.unlock();
      }
    }
  }
}
