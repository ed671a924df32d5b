package dev.tessera.kv;

import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A lazy iteration over the entries of a {@link KvStore#list} call, in one snapshot. Closes itself
 * when exhausted; close it explicitly (try-with-resources) when stopping early. Not thread-safe.
 */
public interface KvIterator extends Iterator<KvEntry>, AutoCloseable {

  /**
   * An opaque cursor positioned just after the last entry returned by {@link #next()}; pass it to
   * {@link ListSelector#after(String)} to resume there. {@code null} before the first entry.
   */
  String cursor();

  /** The remaining entries as a stream that closes this iterator when closed. */
  default Stream<KvEntry> stream() {
    Spliterator<KvEntry> spliterator = Spliterators.spliteratorUnknownSize(
        this, Spliterator.ORDERED | Spliterator.NONNULL);
    return StreamSupport.stream(spliterator, false).onClose(this::close);
  }

  /** Releases the snapshot. Idempotent. */
  @Override
  void close();
}
