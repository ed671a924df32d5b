package dev.tessera.testkit;

import dev.tessera.TesseraException;

/**
 * Thrown by every call of a connection to a {@link SimulatedStorage} after a simulated crash: the
 * process that held it is gone, with everything it had in memory; what was committed stays. A new
 * connection ({@link SimulatedStorage#connect()}) plays the restarted process. Immutable and
 * thread-safe.
 */
public final class SimulatedCrashException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param operation the call that found the process crashed
   */
  public SimulatedCrashException(String operation) {
    super("Cannot " + operation + ": the simulated process crashed; reconnect to the store");
  }
}
