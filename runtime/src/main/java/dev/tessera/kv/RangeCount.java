package dev.tessera.kv;

import dev.tessera.tuple.Versionstamp;

/**
 * What {@link KvSnapshot#count} found: how many keys a listing selects, and what a transaction
 * needs to validate the count at commit ({@link AtomicOperation#checkRangeCount}). Immutable
 * (never modify {@code lastKey}).
 *
 * @param count the keys counted
 * @param lastKey the packed key of the last one counted when the listing's limit stopped the count
 *     (the count covers the range up to and including it), or {@code null} when the count reached
 *     the end of the range
 * @param readVersion a versionstamp no smaller than any in the snapshot and smaller than any later
 *     commit's
 */
public record RangeCount(long count, byte[] lastKey, Versionstamp readVersion) {

  /** {@return true when the count reached the end of the listing's range (no limit stopped it)} */
  public boolean reachedEnd() {
    return lastKey == null;
  }
}
