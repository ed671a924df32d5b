package dev.tessera.internal.write;

import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;
import java.util.Arrays;
import java.util.UUID;

/**
 * What a repository bound to one transaction remembers, so that the usual find-then-update builds
 * and checks each record once:
 *
 * <ul>
 *   <li><b>The stored entries it decoded.</b> An update that keeps every index entry decodes the
 *       stored record only to check that it decodes, and in a transaction that read the record first
 *       that check has already passed. A transaction's view hands out one {@link KvEntry} per key it
 *       read from its snapshot, and entries are never modified, so the same entry (by identity)
 *       decodes the same way again: the check is skipped for it.
 *   <li><b>The record keys it built</b>, by primary key: a find, then an update of the found
 *       record, look up and write the same key object, packed once. Only for primary keys of the
 *       immutable types whose equal values are indistinguishable ({@link String}, {@link Long},
 *       {@link Integer}, {@link UUID}, enums), so an equal primary key has the same key; for any
 *       other type every call builds its key, as on the store.
 * </ul>
 *
 * <p>It remembers the last {@value #CAPACITY} of each, so a transaction that reads many records
 * holds no more. {@link #NONE} remembers nothing: the repositories on a store, which threads share.
 *
 * <p>Not thread-safe: one transaction, one thread.
 */
public final class BindingMemory {
  private static final int CAPACITY = 8;

  /** Remembers nothing: every check decodes, every key is built. Thread-safe. */
  public static final BindingMemory NONE = new BindingMemory(false);

  private final boolean remembers;
  /** The entries noted, oldest first until full, then a ring; grown from 2 as needed. */
  private KvEntry[] entries;
  private int entryCount;
  /** Primary keys and their record keys, interleaved ({@code id, key, id, key...}), grown likewise. */
  private Object[] keys;
  private int keyCount;

  private BindingMemory(boolean remembers) {
    this.remembers = remembers;
  }

  /** A memory for a repository bound to one transaction. */
  public static BindingMemory forTransaction() {
    return new BindingMemory(true);
  }

  /** Notes that {@code entry} decoded (replacing the oldest noted entry when full). */
  void add(KvEntry entry) {
    if (!remembers) {
      return;
    }
    if (entries == null) {
      entries = new KvEntry[2];
    } else if (entryCount == entries.length && entryCount < CAPACITY) {
      entries = Arrays.copyOf(entries, 2 * entryCount);
    }
    entries[entryCount % entries.length] = entry;
    entryCount = next(entryCount);
  }

  /** True if {@code entry} itself (not an equal one) was noted. */
  boolean contains(KvEntry entry) {
    if (entries != null) {
      for (KvEntry noted : entries) {
        if (noted == entry) {
          return true;
        }
      }
    }
    return false;
  }

  /** The record key noted for primary key {@code id} (or an equal one), or null. */
  Tuple keyOf(Object id) {
    if (keys != null && id != null) {
      for (int i = 0; i < keys.length; i += 2) {
        if (id.equals(keys[i])) {
          return (Tuple) keys[i + 1];
        }
      }
    }
    return null;
  }

  /**
   * Notes that {@code key} is the record key of primary key {@code id} (replacing the oldest noted
   * key when full), if {@code id} is of a type whose equal values have the same key.
   */
  void addKey(Object id, Tuple key) {
    if (!remembers || !(id instanceof String || id instanceof Long || id instanceof Integer
        || id instanceof UUID || id instanceof Enum<?>)) {
      return;
    }
    if (keys == null) {
      keys = new Object[2 * 2];
    } else if (keyCount == keys.length / 2 && keyCount < CAPACITY) {
      keys = Arrays.copyOf(keys, 2 * keys.length);
    }
    int slot = 2 * (keyCount % (keys.length / 2));
    keys[slot] = id;
    keys[slot + 1] = key;
    keyCount = next(keyCount);
  }

  /**
   * The count after one more note: counts up to {@link #CAPACITY}, then stays in {@code
   * [CAPACITY, 2 * CAPACITY)} so that {@code count % CAPACITY} goes on naming the oldest slot.
   */
  private static int next(int count) {
    return count + 1 < 2 * CAPACITY ? count + 1 : CAPACITY;
  }
}
