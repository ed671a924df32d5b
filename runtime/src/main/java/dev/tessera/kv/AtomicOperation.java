package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;

/**
 * A batch of checks and mutations that {@link #commit()} applies atomically: either every check
 * holds and every mutation is applied with one new versionstamp, or nothing is written.
 *
 * <p>Not thread-safe: build and commit it on one thread. Mutations apply in the order they were
 * added; a later mutation of the same key wins.
 */
public interface AtomicOperation {

  /** Requires the entry's key to still have the entry's versionstamp (absent if {@code null}). */
  AtomicOperation check(KvEntry entry);

  /** Requires {@code key} to have versionstamp {@code expected}; {@code null} means absent. */
  AtomicOperation check(Tuple key, Versionstamp expected);

  /** Sets {@code key} to {@code value}. */
  AtomicOperation set(Tuple key, byte[] value);

  /** Deletes {@code key} (a no-op if it is absent). */
  AtomicOperation delete(Tuple key);

  /**
   * Adds {@code operand} to the unsigned 64-bit counter at {@code key}, modulo 2^64 (an absent key
   * counts as 0). Counters are stored as 8 bytes, big-endian; see {@link KvEntry#value()}.
   */
  AtomicOperation sum(Tuple key, long operand);

  /** Stores the unsigned minimum of the counter and {@code operand} (the operand if absent). */
  AtomicOperation min(Tuple key, long operand);

  /** Stores the unsigned maximum of the counter and {@code operand} (the operand if absent). */
  AtomicOperation max(Tuple key, long operand);

  /**
   * Evaluates every check and, only if all hold, applies every mutation in one transaction.
   *
   * @return the outcome: on success the new versionstamp, on failure the check that failed
   */
  CommitResult commit();
}
