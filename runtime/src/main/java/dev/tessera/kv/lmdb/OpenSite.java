package dev.tessera.kv.lmdb;

import java.util.Comparator;
import java.util.Locale;
import java.util.Set;

/**
 * Where and when a snapshot or an iterator was opened, to name what holds up a map growth: the
 * kind, the thread and the time are always kept (cheap: a {@link ReadSession} keeps them in its own
 * fields and makes this only when asked); the stack only when {@link
 * LmdbOptions#recordOpenSites()} asks for it. Immutable and thread-safe.
 *
 * @param operation the operation that opened it ({@code list} for an iterator, {@code snapshot})
 * @param thread the name of the thread that opened it
 * @param openedAt {@link System#nanoTime()} when it was opened
 * @param stack where it was opened, or null when not recorded
 */
record OpenSite(String operation, String thread, long openedAt, Throwable stack) {
  /** Oldest first. */
  static final Comparator<OpenSite> OLDEST_FIRST = Comparator.comparingLong(OpenSite::openedAt);
  // The store's own frames between the caller and here say nothing about the caller's code.
  private static final Set<String> STORE_FRAMES = Set.of(ReadSession.class.getName(),
      LmdbEnvironment.class.getName(), LmdbKvStore.class.getName(), LmdbSnapshot.class.getName());
  private static final int FRAMES = 6;

  /** E.g. {@code an iterator opened by thread 'worker-3' 12.5 s ago at com.acme.Report.run(...)}. */
  String describe(long now) {
    String what = switch (operation) {
      case "list" -> "an iterator";
      case "snapshot" -> "a snapshot";
      default -> "a transaction (" + operation + ")";
    };
    StringBuilder text = new StringBuilder(what).append(" opened by thread '").append(thread)
        .append("' ").append(String.format(Locale.ROOT, "%.1f", (now - openedAt) / 1e9))
        .append(" s ago");
    if (stack != null) {
      int shown = 0;
      for (StackTraceElement frame : stack.getStackTrace()) {
        if (shown == 0 && STORE_FRAMES.contains(frame.getClassName())) {
          continue;
        }
        text.append(shown == 0 ? " at " : " < ").append(frame);
        if (++shown == FRAMES) {
          break;
        }
      }
    }
    return text.toString();
  }
}
