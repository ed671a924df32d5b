package dev.tessera.testkit;

/**
 * Sees every call of a {@link SimulatedKvStore} before it runs, and every fault it injects: a
 * deterministic scheduler makes each call a scheduling point; a trace records both. Implementations
 * are called on the calling thread and must be thread-safe if the store is used by several threads.
 */
public interface StoreObserver {

  /**
   * Called before {@code call} reads or writes anything; may block (to let another client run
   * first) or throw (a {@link SimulatedCrash} ending a crashed client).
   *
   * @param call the call about to run
   */
  default void beforeCall(StoreCall call) {}

  /**
   * Called when the store injects {@code fault} into the current call; {@code detail} says where.
   *
   * @param fault the fault injected
   * @param detail where
   */
  default void faultInjected(Fault fault, String detail) {}

  /** Called after a {@link Fault#CRASH}: every client of the store has lost its in-memory state. */
  default void crashed() {}
}
