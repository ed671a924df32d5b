package dev.tessera.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of the built {@code tessera} jar in a child JVM, as a user runs it.
 *
 * @param exitCode the exit code
 * @param out standard output
 * @param err standard error
 */
record CommandRun(int exitCode, String out, String err) {
  /** Generous: the wait ends when the command does, and a loaded machine starts a JVM slowly. */
  private static final long TIMEOUT_SECONDS = 300;

  /** Runs {@code java -jar tessera-cli-…-all.jar args…}. */
  static CommandRun of(String... args) {
    return withEnvironment(List.of(), args);
  }

  /** Runs the jar with extra JVM options before {@code -jar}. */
  static CommandRun withEnvironment(List<String> jvmOptions, String... args) {
    String jar = System.getProperty("tessera.cli.jar");
    if (jar == null || !Files.exists(Path.of(jar))) {
      throw new IllegalStateException("the built jar is missing (" + jar
          + "): run through 'mvn verify', which packages it first");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(Launcher.JVM_OPTIONS);
    command.addAll(jvmOptions);
    command.add("-jar");
    command.add(jar);
    command.addAll(List.of(args));
    return run(command);
  }

  static CommandRun run(List<String> command) {
    return run(command, Map.of());
  }

  /** Runs {@code command} with {@code environment} added to this process's. */
  static CommandRun run(List<String> command, Map<String, String> environment) {
    try {
      Path out = Files.createTempFile("tessera-out", ".txt");
      Path err = Files.createTempFile("tessera-err", ".txt");
      try {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        Process process = builder
            .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          throw new AssertionError("tessera did not finish in " + TIMEOUT_SECONDS + " s: " + command);
        }
        return new CommandRun(process.exitValue(),
            Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new AssertionError("cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  /** Standard output split into lines. */
  List<String> lines() {
    return out.isEmpty() ? List.of() : List.of(out.split("\n"));
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
  }
}
