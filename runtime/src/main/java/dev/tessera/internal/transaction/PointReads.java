package dev.tessera.internal.transaction;

import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The snapshot entries a transaction read by key, each once, in the order first read: what its
 * commit checks. Most transactions read a few keys, so they are kept in a list and found by
 * scanning it; past {@value #SCANNED} keys a hash index finds them instead. Not thread-safe.
 */
final class PointReads {
  /** Up to this many entries a lookup scans the list. */
  static final int SCANNED = 8;

  /** The entries, in the order first read; grown from 4 as needed. */
  private KvEntry[] entries = new KvEntry[4];
  private int size;
  /** By key, once there are more than {@link #SCANNED} entries; {@code null} before. */
  private Map<Tuple, KvEntry> index;

  /** The entry read for {@code key}, or {@code null} if it was not read. */
  KvEntry get(Tuple key) {
    if (index != null) {
      return index.get(key);
    }
    for (int i = 0; i < size; i++) {
      KvEntry entry = entries[i];
      if (entry.key().equals(key)) {
        return entry;
      }
    }
    return null;
  }

  /** Adds the entry read for a key not read before. */
  void add(KvEntry entry) {
    if (size == entries.length) {
      entries = Arrays.copyOf(entries, 2 * size);
    }
    entries[size++] = entry;
    if (index != null) {
      index.put(entry.key(), entry);
    } else if (size > SCANNED) {
      index = new HashMap<>();
      for (int i = 0; i < size; i++) {
        index.put(entries[i].key(), entries[i]);
      }
    }
  }

  /** How many entries were read. */
  int size() {
    return size;
  }

  /** The {@code i}th entry read. */
  KvEntry entry(int i) {
    return entries[i];
  }
}
