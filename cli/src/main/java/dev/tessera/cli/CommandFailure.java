package dev.tessera.cli;

/**
 * A failure a command reports as one line on standard error with its exit code. Immutable.
 */
final class CommandFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int exitCode;

  CommandFailure(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  CommandFailure(int exitCode, String message, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  int exitCode() {
    return exitCode;
  }
}
