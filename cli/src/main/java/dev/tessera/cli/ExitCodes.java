package dev.tessera.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The exit codes of every {@code tessera} command, which scripts may rely on (listed by {@code
 * --help}). Constants only.
 */
final class ExitCodes {
  /** The command did what was asked. */
  static final int OK = 0;
  /**
   * The command ran and found problems: index problems or undecodable records left, no record with
   * that key, lines that load refused, or an entity load cannot write exactly.
   */
  static final int PROBLEMS = 1;
  /** The command line is wrong: an unknown option, a missing argument, an unknown entity. */
  static final int USAGE = 2;
  /**
   * The directory cannot be opened as a store: missing, not a store, a newer format, a truncated
   * data file, no access.
   */
  static final int CANNOT_OPEN = 3;
  /** The command failed while running: an I/O error, a backup target in the way, corrupt data. */
  static final int FAILED = 4;

  /** What {@code --help} lists, by code. */
  static final Map<String, String> DESCRIPTIONS = descriptions();

  private ExitCodes() {}

  private static Map<String, String> descriptions() {
    Map<String, String> lines = new LinkedHashMap<>();
    lines.put(String.valueOf(OK), "Success.");
    lines.put(String.valueOf(PROBLEMS), "Problems found (verify), no such record (get), lines"
        + " refused or an entity it cannot write exactly (load).");
    lines.put(String.valueOf(USAGE), "Usage error: bad option or argument, unknown entity.");
    lines.put(String.valueOf(CANNOT_OPEN),
        "Not a Tessera store, a newer format, truncated, or it cannot be opened.");
    lines.put(String.valueOf(FAILED),
        "Failed while running: I/O error, backup target in the way, corrupt data.");
    return Collections.unmodifiableMap(lines);
  }
}
