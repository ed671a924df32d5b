package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * A consistent, read-only view of a {@link KvStore} at one moment: every read through it sees the
 * same committed state. Holds a read transaction until closed: use try-with-resources. An iterator
 * from {@link #list} must be used before the snapshot is closed. Not thread-safe.
 */
public interface KvSnapshot extends KvReader, AutoCloseable {

  /** Reads one key; never {@code null} (see {@link KvStore#get}). */
  @Override
  KvEntry get(Tuple key);

  /** Reads several keys; the result is in the order of {@code keys}. */
  @Override
  List<KvEntry> getMany(List<Tuple> keys);

  /** Lists entries lazily within this snapshot; closing the snapshot ends the iteration. */
  @Override
  KvIterator list(ListSelector selector);

  /**
   * Counts the keys {@code selector} selects (its range, direction, limit and cursor) without
   * reading them out, if the store can; a key that is not a packed tuple fails the count as it
   * fails a listing. A transaction's view records the result instead of every key, and validates
   * it at commit with {@link AtomicOperation#checkRangeCount}.
   *
   * @param selector what to count
   * @return the count, or {@code null} when the store cannot count cheaply (the default): list the
   *     keys instead
   */
  default RangeCount count(ListSelector selector) {
    return null;
  }

  /** Releases the read transaction. Idempotent. */
  @Override
  void close();
}
