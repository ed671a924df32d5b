package dev.tessera.benchmarks.store;

/**
 * What a commit promises, for the contenders that let one choose. Results are only ever compared
 * between runs with the same setting.
 */
public enum Durability {
  /** A commit returns after its data is on stable storage (survives a machine crash). */
  DURABLE,
  /**
   * A commit returns after its data is handed to the operating system without a sync: it survives a
   * crash of the process, not of the machine.
   */
  NO_SYNC
}
