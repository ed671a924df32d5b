package dev.tessera.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executor;

/**
 * Runs logical clients one at a time, in an order a seed chooses: each client is a thread that runs
 * only while it holds the baton, and gives it back at every {@linkplain #reached scheduling point}
 * (every call of a {@link SimulatedKvStore}) and when it ends. The driver ({@link #step()}) picks the
 * next client with the seeded random source, so one seed gives one interleaving, every time. Time is
 * simulated ({@link #nanoTime()}): a delayed client sleeps in simulated time while others run.
 *
 * <pre>{@code
 * DeterministicScheduler scheduler = new DeterministicScheduler(seed, new Trace(200));
 * storage.scheduleWith(scheduler);
 * scheduler.spawn("writer-1", () -> ...);
 * while (scheduler.step()) {
 *   // every client is paused here: check invariants
 * }
 * }</pre>
 *
 * <p>Thread-safe as far as its clients need: every method may be called from any client or the
 * driver; only one of them runs at a time.
 */
public final class DeterministicScheduler implements SchedulingPoints {
  /** How long the driver waits for a client to reach its next scheduling point. */
  private static final Duration STUCK = Duration.ofSeconds(60);
  /** Simulated time each step takes. */
  private static final long STEP_NANOS = 10_000;

  private final Random random;
  private final Trace trace;
  private final Object lock = new Object();
  private final List<Task> live = new ArrayList<>();
  private final Map<Thread, Task> byThread = new IdentityHashMap<>();
  private final List<Throwable> failures = new ArrayList<>();
  private Task running;
  private long now;
  private long steps;
  private boolean aborted;
  private int spawned;

  /**
   * A scheduler with no clients.
   *
   * @param seed chooses every interleaving
   * @param trace receives every scheduling point and recorded event
   */
  public DeterministicScheduler(long seed, Trace trace) {
    this.random = new Random(seed);
    this.trace = trace;
  }

  /** Thrown inside a client when the run is aborted; it should not be caught. */
  public static final class Aborted extends Error {
    private static final long serialVersionUID = 1L;

    Aborted() {
      super("the simulated run was aborted", null, false, false);
    }
  }

  private final class Task {
    final String name;
    final Thread thread;
    long wakeAt;

    Task(String name, Runnable body) {
      this.name = name;
      this.thread = new Thread(() -> run(body), "sim-" + name);
      this.thread.setDaemon(true);
    }

    private void run(Runnable body) {
      try {
        awaitTurn(this);
        body.run();
      } catch (Aborted aborted) {
        // the run is over
      } catch (Throwable t) {
        synchronized (lock) {
          failures.add(t);
          trace.add(name + " died " + t);
        }
      } finally {
        synchronized (lock) {
          live.remove(this);
          byThread.remove(thread);
          if (running == this) {
            running = null;
          }
          lock.notifyAll();
        }
      }
    }
  }

  /**
   * Adds a client named {@code name} running {@code body}; it starts at a step the seed chooses.
   * Callable from the driver or from a client (say, a repository starting an index build).
   */
  public void spawn(String name, Runnable body) {
    Task task;
    synchronized (lock) {
      task = new Task(name, body);
      live.add(task);
      byThread.put(task.thread, task);
      trace.add("spawn " + name);
    }
    task.thread.start();
  }

  /**
   * An executor whose every task becomes a client named {@code prefix-n}: background work a
   * repository starts runs under this scheduler too.
   */
  public Executor executor(String prefix) {
    return body -> {
      String name;
      synchronized (lock) {
        name = prefix + "-" + spawned++;
      }
      spawn(name, body);
    };
  }

  /**
   * Runs one client, chosen by the seed among those awake, until its next scheduling point or its
   * end.
   *
   * @return false when no client is left
   * @throws IllegalStateException if the client neither reached a scheduling point nor ended in a
   *     minute (it waits on something the simulation does not control)
   */
  public boolean step() {
    synchronized (lock) {
      if (live.isEmpty()) {
        return false;
      }
      now += STEP_NANOS;
      long earliest = Long.MAX_VALUE;
      List<Task> awake = new ArrayList<>();
      for (Task t : live) {
        if (t.wakeAt <= now) {
          awake.add(t);
        }
        earliest = Math.min(earliest, t.wakeAt);
      }
      if (awake.isEmpty()) {
        now = earliest;
        for (Task t : live) {
          if (t.wakeAt <= now) {
            awake.add(t);
          }
        }
      }
      Task next = awake.get(random.nextInt(awake.size()));
      steps++;
      running = next;
      lock.notifyAll();
      long deadline = System.nanoTime() + STUCK.toNanos();
      while (running != null) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new IllegalStateException("simulated client " + next.name
              + " did not reach a scheduling point within " + STUCK + ": "
              + List.of(next.thread.getStackTrace()));
        }
        try {
          lock.wait(Math.max(1, left / 1_000_000));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while a simulated client ran", e);
        }
      }
      return true;
    }
  }

  /** Ends every client still alive: each throws {@link Aborted} at its next scheduling point. */
  public void abort() {
    synchronized (lock) {
      aborted = true;
      lock.notifyAll();
    }
    List<Thread> threads;
    synchronized (lock) {
      threads = new ArrayList<>(byThread.keySet());
    }
    for (Thread t : threads) {
      try {
        t.join(STUCK.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  @Override
  public void reached(String call) {
    Task task;
    synchronized (lock) {
      task = byThread.get(Thread.currentThread());
      if (task == null) {
        return; // the driver, setting up or checking: not scheduled
      }
      trace.add(task.name + " " + call);
      running = null;
      lock.notifyAll();
    }
    awaitTurn(task);
  }

  @Override
  public void record(String event) {
    synchronized (lock) {
      Task task = byThread.get(Thread.currentThread());
      trace.add((task == null ? "driver" : task.name) + " " + event);
    }
  }

  @Override
  public void delay(long nanos) {
    synchronized (lock) {
      Task task = byThread.get(Thread.currentThread());
      if (task == null) {
        return;
      }
      task.wakeAt = now + nanos;
      trace.add(task.name + " delayed " + nanos);
    }
    reached("after delay");
  }

  /**
   * Waits {@code nanos} of simulated time: the calling client sleeps while others run. From the
   * driver, only advances the clock.
   */
  public void sleep(long nanos) {
    synchronized (lock) {
      if (byThread.get(Thread.currentThread()) == null) {
        now += nanos;
        return;
      }
    }
    delay(nanos);
  }

  private void awaitTurn(Task task) {
    boolean interrupted = false;
    synchronized (lock) {
      while (running != task && !aborted) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          // the runtime interrupts a client to stop it (a build): wait for the baton all the same,
          // then let the runtime see the interruption
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      if (aborted) {
        throw new Aborted();
      }
    }
  }

  /** The simulated time, in nanoseconds since the run began. */
  public long nanoTime() {
    synchronized (lock) {
      return now;
    }
  }

  /** How many steps ran. */
  public long steps() {
    synchronized (lock) {
      return steps;
    }
  }

  /** How many clients are alive. */
  public int alive() {
    synchronized (lock) {
      return live.size();
    }
  }

  /** The failures of clients that died of an exception they did not handle, so far. */
  public List<Throwable> failures() {
    synchronized (lock) {
      return List.copyOf(failures);
    }
  }
}
