package dev.tessera.kv;

import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A lazy iteration over the entries of a {@link KvStore#list} or {@link KvSnapshot#list} call. From
 * the store, it reads batch by batch, each batch in a short snapshot of its own, and holds nothing
 * between calls (see {@link KvStore#list} for the consistency this gives); from a snapshot, it
 * reads that one snapshot, which stays held until the snapshot is closed. Closes itself when
 * exhausted; closing it early is allowed and idempotent. Not thread-safe.
 */
public interface KvIterator extends Iterator<KvEntry>, AutoCloseable {

  /**
   * {@return an opaque cursor positioned just after the last entry returned by {@link #next()};
   * pass it to {@link ListSelector#after(String)} to resume there} {@code null} before the first
   * entry.
   */
  String cursor();

  /** {@return the remaining entries as a stream that closes this iterator when closed} */
  default Stream<KvEntry> stream() {
    Spliterator<KvEntry> spliterator = Spliterators.spliteratorUnknownSize(
        this, Spliterator.ORDERED | Spliterator.NONNULL);
    return StreamSupport.stream(spliterator, false).onClose(this::close);
  }

  /**
   * Ends the iteration and releases what it holds (a store listing holds nothing between batches).
   * Idempotent.
   */
  @Override
  void close();
}
