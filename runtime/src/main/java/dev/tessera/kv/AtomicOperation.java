package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.List;

/**
 * A batch of checks and mutations that {@link #commit()} applies atomically: either every check
 * holds and every mutation is applied with one new versionstamp, or nothing is written.
 *
 * <p>Not thread-safe: build and commit it on one thread. Mutations apply in the order they were
 * added; a later mutation of the same key wins.
 */
public interface AtomicOperation {

  /**
   * Requires the entry's key to still have the entry's versionstamp (absent if {@code null}).
   *
   * @param entry an entry read earlier (absent or present)
   * @return this operation
   */
  default AtomicOperation check(KvEntry entry) {
    return check(entry.key(), entry.versionstamp());
  }

  /**
   * Requires {@code key} to have versionstamp {@code expected}; {@code null} means absent.
   *
   * @param key the key to check
   * @param expected the versionstamp the key must still have, or {@code null} for absent
   * @return this operation
   */
  AtomicOperation check(Tuple key, Versionstamp expected);

  /**
   * Requires the keys of {@code range} to be exactly the keys of {@code seen}, each still at the
   * versionstamp it has there: the commit fails if any key in the range was added, removed or
   * changed since {@code seen} was read. This is how a reader protects a range scan against
   * phantoms. A scan that stopped early (a limit, or the reader stopped reading) passes only the
   * part it consumed: from its start to (and including) the last key it returned.
   *
   * <p>{@code seen} must be in key order (ascending, whatever the scan's direction), hold only keys
   * inside {@code range}, and come from one snapshot. Values are ignored: a changed value means a
   * new versionstamp.
   *
   * <p>How a backend validates it: an embedded store re-scans the range inside its write
   * transaction and compares. A distributed store whose versionstamps grow with its commits can do
   * it server-side: every key in the range has a versionstamp no greater than the greatest in
   * {@code seen} (for an empty {@code seen}: no key exists in the range), and every key of {@code
   * seen} still exists (etcd: a {@code mod_revision} compare over {@code [begin, end)} plus one
   * existence compare per key seen).
   *
   * @param range the range that was listed
   * @param seen the entries the listing saw, in key order
   * @return this operation
   * @throws RangeCheckTooLargeException if {@code seen} holds more than {@link
   *     #MAX_RANGE_CHECK_KEYS} keys: the check would hold the store's writer for too long
   * @throws IllegalArgumentException if {@code seen} is out of order or holds a key outside the
   *     range, or a seen entry is absent
   */
  AtomicOperation checkRange(TupleRange range, List<KvEntry> seen);

  /**
   * Requires {@code range} to hold exactly {@code count} keys, none written after {@code
   * readVersion}: what {@link KvSnapshot#count} found (a count stopped by a limit passes the range
   * up to and including its last key). It is as strong as {@link #checkRange} with the entries the
   * count passed over: a key added or changed since has a newer versionstamp, and a key removed
   * lowers the count (a removal together with an addition shows the addition). A failed check
   * names the range and the first key written after {@code readVersion}, with {@code expected}
   * {@code null} (a count does not know whether the key was there before), or, when keys were only
   * removed, no key at all ({@code failedKey} {@code null}).
   *
   * <p>Only a store whose snapshots count supports it (see {@link #checksRangeCounts()}), and only
   * with a count from one of its own snapshots.
   *
   * @param range the range that was counted
   * @param count how many keys the count found
   * @param readVersion the versionstamp the count was read at
   * @return this operation
   * @throws UnsupportedOperationException if the store does not (the default)
   */
  default AtomicOperation checkRangeCount(TupleRange range, long count, Versionstamp readVersion) {
    throw new UnsupportedOperationException("This store does not check range counts; use checkRange");
  }

  /** {@return true if {@link #checkRangeCount} is supported (false by default)} */
  default boolean checksRangeCounts() {
    return false;
  }

  /**
   * The most keys one {@link #checkRange range check} may cover. A range check is evaluated while
   * the store's writer is held, so an unbounded one would stall every other writer.
   */
  int MAX_RANGE_CHECK_KEYS = 10_000;

  /**
   * Sets {@code key} to {@code value}.
   *
   * @param key the key to set
   * @param value the bytes to store
   * @return this operation
   */
  AtomicOperation set(Tuple key, byte[] value);

  /**
   * Deletes {@code key} (a no-op if it is absent).
   *
   * @param key the key to delete
   * @return this operation
   */
  AtomicOperation delete(Tuple key);

  /**
   * Deletes the entry stored under the key bytes {@code packedKey}, which need not be a packed
   * tuple: the way to remove an entry whose key is damaged ({@link CorruptEntryException#packedKey()}),
   * which no {@link Tuple} can name. A no-op if it is absent.
   *
   * @param packedKey the key's bytes as stored
   * @return this operation
   * @throws UnsupportedOperationException if the store cannot address keys that are not tuples (the
   *     default)
   */
  default AtomicOperation deletePacked(byte[] packedKey) {
    throw new UnsupportedOperationException(
        "This store cannot delete a key that is not a packed tuple");
  }

  /**
   * Adds {@code operand} to the unsigned 64-bit counter at {@code key}, modulo 2^64 (an absent key
   * counts as 0). Counters are stored as 8 bytes, big-endian; see {@link KvEntry#value()}.
   *
   * @param key the counter's key
   * @param operand the number to add
   * @return this operation
   */
  AtomicOperation sum(Tuple key, long operand);

  /**
   * Stores the unsigned minimum of the counter and {@code operand} (the operand if absent).
   *
   * @param key the counter's key
   * @param operand the number to compare with
   * @return this operation
   */
  AtomicOperation min(Tuple key, long operand);

  /**
   * Stores the unsigned maximum of the counter and {@code operand} (the operand if absent).
   *
   * @param key the counter's key
   * @param operand the number to compare with
   * @return this operation
   */
  AtomicOperation max(Tuple key, long operand);

  /**
   * Evaluates every check and, only if all hold, applies every mutation in one transaction.
   *
   * @return the outcome: on success the new versionstamp, on failure the check that failed (for a
   *     range check, the range and the first key found changed in it)
   * @throws CommitTooLargeException before anything is written, if the store limits what one
   *     commit holds and this commit exceeds it
   */
  CommitResult commit();
}
