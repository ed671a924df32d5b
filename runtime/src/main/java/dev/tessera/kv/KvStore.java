package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * An ordered key store: keys are {@link Tuple}s ordered by their packed bytes, every entry carries
 * the {@link dev.tessera.tuple.Versionstamp} of the commit that last wrote it, and writes happen
 * through {@link #atomic() atomic check-and-write operations}.
 *
 * <p>Implementations are thread-safe: any number of threads may read and commit at once. Reads see
 * a consistent snapshot; a multi-key read ({@link #getMany}, one {@link #list} iteration) sees one
 * snapshot.
 */
public interface KvStore extends AutoCloseable {

  /**
   * Reads one key. Never returns {@code null}: an absent key gives an entry whose {@link
   * KvEntry#exists()} is false, which can still be passed to {@link AtomicOperation#check(KvEntry)}.
   */
  KvEntry get(Tuple key);

  /** Reads several keys in one snapshot; the result is in the order of {@code keys}. */
  List<KvEntry> getMany(List<Tuple> keys);

  /**
   * Lists the entries selected by {@code selector}, lazily, in one snapshot. The returned iterator
   * holds resources until it is exhausted or closed: use it in try-with-resources.
   */
  KvIterator list(ListSelector selector);

  /**
   * Opens a read-only snapshot: several reads that must agree with each other (an index lookup and
   * the records it points to) go through one snapshot.
   */
  KvSnapshot snapshot();

  /** Starts an atomic operation: checks and mutations applied together by {@code commit()}. */
  AtomicOperation atomic();

  /** Closes the store. Iterators still open and commits in flight fail with a clear exception. */
  @Override
  void close();
}
