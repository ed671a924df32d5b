package dev.tessera.testkit;

/**
 * Thrown to a client of a {@link SimulatedKvStore} whose process the simulation crashed: the
 * client's in-memory state is lost, as after a {@code kill -9}, and its call has no outcome it could
 * observe. An {@link Error}, so that no {@code catch (RuntimeException e)} of the code under test
 * handles a crash as if it were a failure it could act on. Immutable.
 */
public final class SimulatedCrash extends Error {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the error.
   *
   * @param message what crashed, and where
   */
  public SimulatedCrash(String message) {
    super(message, null, false, false);
  }
}
