package dev.tessera.cli;

import java.util.List;

/** What the launcher script passes to the JVM, so the tests run the jar as users do. */
final class Launcher {
  /** The JVM options of {@code target/tessera}. */
  static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

  private Launcher() {}
}
