package dev.tessera.testkit;

/**
 * The calls of a {@link SimulatedKvStore} that a {@link StoreObserver} sees: each is one
 * scheduling point of a simulation, and one place where a fault may be injected.
 */
public enum StoreCall {
  /** {@code KvStore.get}. */
  GET,
  /** {@code KvStore.getMany}. */
  GET_MANY,
  /** One batch read by an iterator of the store (each batch reads the store afresh). */
  LIST_BATCH,
  /** {@code KvStore.snapshot()}. */
  SNAPSHOT,
  /** A read through a snapshot: {@code get}, {@code getMany} or one batch of its listing. */
  SNAPSHOT_READ,
  /** {@code AtomicOperation.commit()}. */
  COMMIT
}
