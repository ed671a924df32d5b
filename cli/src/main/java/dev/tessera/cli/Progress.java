package dev.tessera.cli;

import java.io.PrintWriter;

/**
 * Progress of a long command on standard error: a bar redrawn in place on a terminal, or one
 * plain line per step when the output goes to a file or a pipe (where a bar would be noise).
 * Steps are counted per entity. Not thread-safe.
 */
final class Progress {
  /** How progress is shown. */
  enum Mode { auto, bar, lines, none }

  private static final int WIDTH = 30;

  private final Mode mode;
  private final PrintWriter err;
  private final int total;
  private int done;

  private Progress(Mode mode, PrintWriter err, int total) {
    this.mode = mode;
    this.err = err;
    this.total = total;
  }

  /** Starts showing progress over {@code total} entities. */
  static Progress start(Mode mode, PrintWriter err, int total) {
    Mode chosen = mode == Mode.auto ? (System.console() != null ? Mode.bar : Mode.lines) : mode;
    return new Progress(chosen, err, total);
  }

  /** Work on {@code what} begins. */
  void step(String what) {
    if (mode == Mode.lines) {
      err.println("verifying " + what);
    } else if (mode == Mode.bar) {
      draw(what);
    }
  }

  /** One entity is done. */
  void entityDone(String entity) {
    done++;
    if (mode == Mode.lines) {
      err.println("done " + entity + " (" + done + " of " + total + ")");
    } else if (mode == Mode.bar) {
      draw(entity);
    }
  }

  /** Ends the bar's line. */
  void finish() {
    if (mode == Mode.bar) {
      err.println();
    }
    err.flush();
  }

  private void draw(String what) {
    int filled = total == 0 ? WIDTH : done * WIDTH / total;
    err.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + done + "/" + total
        + " " + what + "\u001b[K");
    err.flush();
  }
}
