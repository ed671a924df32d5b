package dev.tessera.kv.lmdb;

/**
 * Spreads threads over the slots of a shared table (idle read transactions, lists of open
 * sessions), so that threads working at once rarely touch the same slot. Stateless.
 */
final class ThreadSlots {
  private ThreadSlots() {}

  /** The calling thread's slot among {@code 2^bits}. */
  static int home(int bits) {
    // Fibonacci hashing of the thread id spreads consecutive ids over the slots.
    return (int) (Thread.currentThread().getId() * 0x9E3779B97F4A7C15L >>> (Long.SIZE - bits));
  }
}
