package dev.tessera.internal.store;

import dev.tessera.internal.kv.Counter;
import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.CounterValueException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * An entity's record count, kept in shards so that concurrent writers on a distributed store do not
 * all add to one key:
 *
 * <pre>
 * ("\u0000tessera", "count", entity)        -> u64   the one key of stores written before sharding
 * ("\u0000tessera", "count", entity, shard) -> u64   shard in 0 .. KvStore.counterShards() - 1
 * </pre>
 *
 * <p>The count is the sum, modulo 2^64, of every key in {@link #range}: the shards and the older
 * unsharded key, so a store written before sharding is counted right without a rewrite. A writer
 * adds to one shard, chosen by its thread, so a shard may hold a "negative" value (a thread that
 * only deleted); only the sum means anything. On a store that applies commits one at a time
 * ({@link KvStore#counterShards()} 1, LMDB) every writer adds to shard 0.
 *
 * <p>Thread-safe: stateless.
 */
public final class RecordCount {
  private RecordCount() {}

  /** The unsharded count key of {@code entityName}, as stores written before sharding hold it. */
 public static Tuple key(String entityName) {
    return ReservedKeys.recordCount(entityName);
  }

  /** The key of one shard of {@code entityName}'s count. */
  public static Tuple shardKey(String entityName, int shard) {
    return ReservedKeys.recordCountShard(entityName, shard);
  }

  /** Every key whose sum is {@code entityName}'s count: the unsharded key and the shards. */
  static TupleRange range(String entityName) {
    return ReservedKeys.recordCountRange(entityName);
  }

  /**
   * Adds {@code delta} (modulo 2^64: pass -1 for a delete) to {@code op}, on the shard of the
   * calling thread among {@code store}'s {@link KvStore#counterShards()}.
   */
  public static AtomicOperation add(KvStore store, AtomicOperation op, String entityName, long delta) {
    return add(shardKeys(store, entityName), op, delta);
  }

  /**
   * The keys of every shard {@code store} spreads {@code entityName}'s count over, for a writer
   * to compute once and pass to {@link #add(Tuple[], AtomicOperation, long)} on each write.
   */
  public static Tuple[] shardKeys(KvStore store, String entityName) {
    Tuple[] keys = new Tuple[Math.max(1, store.counterShards())];
    for (int shard = 0; shard < keys.length; shard++) {
      keys[shard] = shardKey(entityName, shard);
    }
    return keys;
  }

  /** Adds {@code delta} (modulo 2^64) to {@code op}, on the calling thread's shard of {@code shardKeys}. */
  public static AtomicOperation add(Tuple[] shardKeys, AtomicOperation op, long delta) {
    return op.sum(shardKeys[shardOfThisThread(shardKeys.length)], delta);
  }

  /**
   * The count, read through {@code lister} (a store, a snapshot or a transaction's view) in one
   * listing of a handful of keys.
   *
   * @throws CorruptRecordException if a count key does not hold an 8-byte counter
   */
 public static long read(Function<ListSelector, KvIterator> lister, String entityName) {
    return readShards(lister, entityName).sum();
  }

  /** The count keys as read, with their sum; a corrupt entry throws. */
 public static Shards readShards(Function<ListSelector, KvIterator> lister, String entityName) {
    List<KvEntry> entries = new ArrayList<>();
    try (KvIterator it = lister.apply(ListSelector.of(range(entityName)))) {
      it.forEachRemaining(entries::add);
    }
    return new Shards(entityName, List.copyOf(entries), List.of());
  }

  /**
   * The count keys as read for verify and repair: entries the store reports as corrupt are kept
   * aside (by key) instead of ending the read.
   */
 public static Shards readShardsOfDamagedData(
      Function<ListSelector, KvIterator> lister, String entityName) {
    List<KvEntry> entries = new ArrayList<>();
    List<Tuple> corrupt = new ArrayList<>();
    RangeScan scan = new RangeScan(range(entityName), ListSelector.of(range(entityName)).batchSize());
    while (true) {
      RangeScan.Batch batch = scan.next(lister, e -> corrupt.add(e.key()));
      if (scan.done()) {
        return new Shards(entityName, List.copyOf(entries), Collections.unmodifiableList(corrupt));
      }
      entries.addAll(batch.entries());
      scan.advance(batch);
    }
  }

  /** The value of a counter entry (0 when absent). */
  static long counterValue(KvEntry counter) {
    byte[] value = counter.value();
    if (value == null) {
      return 0;
    }
    try {
      return Counter.decode(counter.key(), value);
    } catch (CounterValueException e) {
      throw new CorruptRecordException(counter.key(), e);
    }
  }

  private static int shardOfThisThread(int shards) {
    @SuppressWarnings("deprecation") // Thread.threadId() is Java 19+; getId() is the same number
    long thread = Thread.currentThread().getId();
    return shards <= 1 ? 0 : (int) Math.floorMod(thread, (long) shards);
  }

  /**
   * The count keys of one entity as one read saw them.
   *
   * @param entityName the entity
   * @param entries the count keys read, in key order (the unsharded one first, if present)
   * @param corrupt the keys of entries the store reported as corrupt (null when it could not tell)
   */
  public record Shards(String entityName, List<KvEntry> entries, List<Tuple> corrupt) {

    /**
     * The count.
     *
     * @throws CorruptRecordException if a key does not hold an 8-byte counter
     */
    public long sum() {
      long sum = 0;
      for (KvEntry entry : entries) {
        sum += counterValue(entry);
      }
      return sum;
    }

    /** The count, or empty when an entry is corrupt or does not hold an 8-byte counter. */
    public OptionalLong sumIfValid() {
      if (!corrupt.isEmpty()) {
        return OptionalLong.empty();
      }
      for (KvEntry entry : entries) {
        if (entry.value().length != Long.BYTES) {
          return OptionalLong.empty();
        }
      }
      return OptionalLong.of(sum());
    }

    /**
     * Adds to {@code op} the check that no count key changed, came or went since this read (so no
     * record did either: every write of a record adds to the count in the same commit).
     */
    public AtomicOperation checkUnchanged(AtomicOperation op) {
      return op.checkRange(range(entityName), entries);
    }

    /**
     * Adds to {@code op} a rewrite of the count as {@code count} in shard 0, deleting every other
     * key read, checked on this read. Entries the store could not read have no versionstamp to
     * check: they are deleted, and the entries read are checked one by one.
     */
    public AtomicOperation rewrite(AtomicOperation op, long count) {
      if (corrupt.isEmpty()) {
        checkUnchanged(op);
      } else {
        entries.forEach(op::check);
        corrupt.stream().filter(Objects::nonNull).forEach(op::delete);
      }
      Tuple shardZero = shardKey(entityName, 0);
      for (KvEntry entry : entries) {
        if (!entry.key().equals(shardZero)) {
          op.delete(entry.key());
        }
      }
      // delete, then add to nothing: writes the number whatever the stored bytes were
      return op.delete(shardZero).sum(shardZero, count);
    }
  }
}
