package dev.tessera.testkit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What a simulated run did, step by step: a running SHA-256 over every line (two runs of one seed
 * must end with the same hash) and the last lines, for a failure report. Not thread-safe: the
 * scheduler appends while it holds the baton.
 */
public final class Trace {
  private final MessageDigest digest;
  private final ArrayDeque<String> last = new ArrayDeque<>();
  private final int keep;
  private long lines;

  /** A trace keeping the last {@code keep} lines. */
  public Trace(int keep) {
    try {
      this.digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
    this.keep = keep;
  }

  /** Appends one line. */
  public void add(String line) {
    digest.update(line.getBytes(StandardCharsets.UTF_8));
    digest.update((byte) '\n');
    last.addLast(lines + " " + line);
    lines++;
    if (last.size() > keep) {
      last.removeFirst();
    }
  }

  /** The hash of every line so far, as hex. */
  public String hash() {
    try {
      return HexFormat.of().formatHex(((MessageDigest) digest.clone()).digest());
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException("SHA-256 digest cannot be cloned", e);
    }
  }

  /** How many lines were added. */
  public long lines() {
    return lines;
  }

  /** The last lines kept, oldest first, each prefixed with its number. */
  public List<String> lastLines() {
    return new ArrayList<>(last);
  }
}
