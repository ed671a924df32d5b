package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * The reads every view of an ordered key store offers: the store itself ({@link KvStore}), one
 * snapshot of it ({@link KvSnapshot}), and a transaction's view (the store's snapshot overlaid with
 * the transaction's own writes). Code that only reads takes a {@code KvReader} and runs unchanged on
 * any of them.
 *
 * <p>Thread-safety is the implementation's: a store is thread-safe, a snapshot or a transaction's
 * view is not.
 */
public interface KvReader {

  /**
   * Reads one key. Never returns {@code null}: an absent key gives an entry whose {@link
   * KvEntry#exists()} is false, which can still be passed to {@link AtomicOperation#check(KvEntry)}.
   *
   * @param key the key to read
   * @return the entry, present or absent
   */
  KvEntry get(Tuple key);

  /**
   * Reads several keys in one snapshot; the result is in the order of {@code keys}.
   *
   * @param keys the keys to read
   * @return one entry per key, present or absent
   */
  List<KvEntry> getMany(List<Tuple> keys);

  /**
   * Lists the entries selected by {@code selector}, lazily, in key order (descending when
   * reversed). The iterator's {@link KvIterator#cursor() cursor} is a listing cursor (the last key, packed, base64url): a listing
   * of the same range resumed with it starts strictly after the last entry returned.
   *
   * @param selector what to list
   * @return an iterator over the entries, to close
   */
  KvIterator list(ListSelector selector);
}
