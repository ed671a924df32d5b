package dev.tessera.internal.write;

import dev.tessera.kv.KvEntry;

/**
 * The stored entries a repository bound to one transaction has decoded: an update that keeps every
 * index entry decodes the stored record only to check that it decodes, and in a transaction that
 * read the record first (find, then update) that check has already passed. A transaction's view
 * hands out one {@link KvEntry} per key it read from its snapshot, and entries are never modified,
 * so the same entry (by identity) decodes the same way again: the check is skipped for it.
 *
 * <p>It remembers the last {@value #CAPACITY} entries, so a transaction that reads many records holds
 * no more. {@link #NONE} remembers nothing: the repositories on a store, which threads share.
 *
 * <p>Not thread-safe: one transaction, one thread.
 */
public final class DecodedEntries {
  private static final int CAPACITY = 8;

  /** Remembers nothing: every check decodes. Thread-safe. */
  public static final DecodedEntries NONE = new DecodedEntries(false);

  private final boolean remembers;
  private KvEntry[] entries;
  private int next;

  private DecodedEntries(boolean remembers) {
    this.remembers = remembers;
  }

  /** A memory for the repositories bound to one transaction. */
  public static DecodedEntries forTransaction() {
    return new DecodedEntries(true);
  }

  /** Notes that {@code entry} decoded (replacing the oldest noted entry when full). */
  void add(KvEntry entry) {
    if (!remembers) {
      return;
    }
    if (entries == null) {
      entries = new KvEntry[CAPACITY];
    }
    entries[next] = entry;
    next = (next + 1) % CAPACITY;
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
}
