package dev.tessera.testkit.bank;

import dev.tessera.repository.TimeSource;
import dev.tessera.testkit.DeterministicScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * How the simulation's clients run: one at a time as a {@link DeterministicScheduler} picks, or on
 * real threads at once ({@link #threaded()}), to check the simulation against a real store.
 */
interface Clients {
  /** Adds a client; it runs from {@link #runUntilIdle()} on. */
  void spawn(String name, Runnable body);

  /** Runs every client (and every thread from {@link #threadFactory}) to its end. */
  void runUntilIdle();

  /** Records a trace line. */
  void trace(String line);

  /** Threads for background index builds. */
  ThreadFactory threadFactory(String prefix);

  /** The time retries and waits read. */
  TimeSource timeSource();

  /** The last trace lines. */
  String traceTail();

  /** Scheduling points passed (0 on real threads). */
  long steps();

  /** The hash of the trace (empty on real threads: their order is not repeatable). */
  String traceHash();

  /** The clients of {@code scheduler}. */
  static Clients of(DeterministicScheduler scheduler) {
    return new Clients() {
      @Override
      public void spawn(String name, Runnable body) {
        scheduler.spawn(name, body);
      }

      @Override
      public void runUntilIdle() {
        scheduler.runUntilIdle();
      }

      @Override
      public void trace(String line) {
        scheduler.trace(line);
      }

      @Override
      public ThreadFactory threadFactory(String prefix) {
        return scheduler.threadFactory(prefix);
      }

      @Override
      public TimeSource timeSource() {
        return scheduler.timeSource();
      }

      @Override
      public String traceTail() {
        return scheduler.traceTail();
      }

      @Override
      public long steps() {
        return scheduler.steps();
      }

      @Override
      public String traceHash() {
        return scheduler.traceHash();
      }
    };
  }

  /** Clients on real threads, all at once; a round waits for every one (a minute at most each). */
  static Clients threaded() {
    return new Clients() {
      private final List<Thread> threads = new ArrayList<>();
      private final List<Throwable> failures = new ArrayList<>();
      private final List<String> trace = new ArrayList<>();

      @Override
      public synchronized void spawn(String name, Runnable body) {
        threads.add(thread(name, body));
      }

      @Override
      public void runUntilIdle() {
        List<Thread> started = new ArrayList<>();
        while (true) {
          List<Thread> next;
          synchronized (this) {
            next = new ArrayList<>(threads);
            next.removeAll(started);
          }
          if (next.isEmpty()) {
            break;
          }
          for (Thread thread : next) {
            if (thread.getState() == Thread.State.NEW) {
              thread.start();
            }
            started.add(thread);
          }
          for (Thread thread : next) {
            try {
              thread.join(60_000);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new AssertionError("interrupted while clients ran", e);
            }
            if (thread.isAlive()) {
              throw new AssertionError("client " + thread.getName() + " did not end within a minute");
            }
          }
        }
        synchronized (this) {
          threads.clear();
          if (!failures.isEmpty()) {
            AssertionError error = new AssertionError("a client failed: " + failures.get(0), failures.get(0));
            failures.clear();
            throw error;
          }
        }
      }

      private Thread thread(String name, Runnable body) {
        return new Thread(() -> {
          try {
            body.run();
          } catch (Throwable t) {
            synchronized (this) {
              failures.add(t);
            }
          }
        }, name);
      }

      @Override
      public synchronized void trace(String line) {
        trace.add(line);
        if (trace.size() > 40) {
          trace.remove(0);
        }
      }

      @Override
      public ThreadFactory threadFactory(String prefix) {
        return runnable -> {
          Thread thread = thread(prefix, runnable);
          synchronized (this) {
            threads.add(thread); // started by the repository, joined by the round
          }
          return thread;
        };
      }

      @Override
      public TimeSource timeSource() {
        return TimeSource.system();
      }

      @Override
      public synchronized String traceTail() {
        return String.join("\n", trace);
      }

      @Override
      public long steps() {
        return 0;
      }

      @Override
      public String traceHash() {
        return "";
      }
    };
  }
}
