package dev.tessera.query;

import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;

/**
 * How a query reads what an index entry points to. A repository supplies it, so that the query
 * reports undecodable bytes the way the repository does.
 *
 * <p>Implementations are stateless and thread-safe.
 *
 * @param <T> the record type
 */
public interface RecordReader<T> {

  /**
   * Decodes a stored record entry (present).
   *
   * @param record the stored record entry
   * @return the record
   * @throws RuntimeException a specific exception naming the key when the bytes do not decode
   */
  T decode(KvEntry record);

  /**
   * {@return the primary key parts a unique index entry holds as its value}
   *
   * @param uniqueIndexEntry the unique index entry
   * @throws RuntimeException a specific exception naming the key when the bytes do not decode
   */
  Tuple pointer(KvEntry uniqueIndexEntry);

  /**
   * {@return {@code failure}, met while the query read the store, as the repository reports it: a
   * failure naming keys gets them named by entity, index and fields} Called only when a read
   * fails, at the point where the query hands records to the caller; by default the failure itself.
   *
   * @param failure what reading the store threw
   */
  default RuntimeException named(RuntimeException failure) {
    return failure;
  }
}
