package dev.tessera.kv.lmdb;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.agrona.DirectBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.GetOp;

/**
 * A lazy listing over one LMDB read transaction: it copies at most {@link ListSelector#batchSize()}
 * entries at a time out of LMDB, keeping an LMDB cursor positioned between batches, so memory stays
 * bounded however long the range. When the range or the limit is exhausted it releases its cursor
 * and (if it owns it) its read transaction at once.
 *
 * <p>Not thread-safe (as {@link KvIterator}); the store may close it from another thread, after
 * which it throws {@link dev.tessera.kv.StoreClosedException}.
 */
final class LmdbKvIterator implements KvIterator {
  private record Item(byte[] packedKey, KvEntry entry) {}

  private final ReadSession session;
  private final boolean ownsSession;
  private final byte[] begin;
  private final byte[] end;
  private final boolean reverse;
  private final int batchSize;
  private final byte[] resumeAfter;
  private final ArrayDeque<Item> batch = new ArrayDeque<>();
  private int remaining;
  private Cursor<DirectBuffer> cursor;
  private boolean exhausted;
  private boolean closed;
  private String lastCursor;

  LmdbKvIterator(ReadSession session, boolean ownsSession, ListSelector selector) {
    this.session = session;
    this.ownsSession = ownsSession;
    this.begin = selector.range().begin();
    this.end = selector.range().end();
    this.reverse = selector.isReverse();
    this.batchSize = selector.batchSize();
    this.remaining = selector.limit();
    this.resumeAfter =
        selector.cursor() == null ? null : ListCursor.decode(selector.cursor(), begin, end);
    if (remaining == 0 || KeyBytes.compare(begin, end) >= 0) {
      finish();
    }
  }

  @Override
  public boolean hasNext() {
    if (closed) {
      return false;
    }
    if (!exhausted) {
      // Entries buffered from a snapshot the store has since closed are not handed out.
      session.ensureOpen("iterate");
      if (batch.isEmpty()) {
        fill();
      }
    }
    if (batch.isEmpty()) {
      close();
      return false;
    }
    return true;
  }

  @Override
  public KvEntry next() {
    if (!hasNext()) {
      throw new NoSuchElementException("The listing is exhausted");
    }
    Item item = batch.poll();
    lastCursor = ListCursor.encode(item.packedKey());
    return item.entry();
  }

  @Override
  public String cursor() {
    return lastCursor;
  }

  @Override
  public Stream<KvEntry> stream() {
    Spliterator<KvEntry> spliterator = Spliterators.spliteratorUnknownSize(
        this, Spliterator.ORDERED | Spliterator.NONNULL);
    return StreamSupport.stream(spliterator, false).onClose(this::close);
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    batch.clear();
    finish();
  }

  /** Entries read from LMDB but not yet returned; never more than the batch size. */
  int buffered() {
    return batch.size();
  }

  private void fill() {
    int wanted = Math.min(batchSize, remaining);
    session.read("iterate", txn -> {
      boolean found;
      if (cursor == null) {
        cursor = session.openCursor("iterate");
        found = position();
      } else {
        found = step();
      }
      int read = 0;
      while (found && read < wanted) {
        DirectBuffer key = cursor.key();
        if (reverse ? KeyBytes.compare(key, begin) < 0 : KeyBytes.compare(key, end) >= 0) {
          found = false;
          break;
        }
        byte[] packed = KeyBytes.copy(key);
        batch.add(new Item(packed, StoredEntry.toEntry(packed, cursor.val())));
        read++;
        if (read < wanted) {
          found = step();
        }
      }
      remaining -= read;
      if (!found || remaining == 0) {
        exhausted = true;
      }
      return null;
    });
    if (exhausted) {
      finish();
    }
  }

  private boolean step() {
    return reverse ? cursor.prev() : cursor.next();
  }

  private boolean position() {
    if (reverse) {
      return lastBefore(resumeAfter != null ? resumeAfter : end);
    }
    if (resumeAfter != null) {
      return firstAfter(resumeAfter);
    }
    return firstAtOrAfter(begin);
  }

  private boolean firstAtOrAfter(byte[] bound) {
    if (bound.length <= StoredEntry.MAX_KEY_SIZE) {
      return seek(bound);
    }
    // No stored key is longer than 511 bytes, so the first key >= bound is the first key > its
    // 511-byte prefix.
    return firstAfter(Arrays.copyOf(bound, StoredEntry.MAX_KEY_SIZE));
  }

  private boolean firstAfter(byte[] key) {
    boolean found = seek(key);
    if (found && KeyBytes.compare(cursor.key(), key) == 0) {
      found = cursor.next();
    }
    return found;
  }

  private boolean lastBefore(byte[] bound) {
    byte[] probe = bound.length <= StoredEntry.MAX_KEY_SIZE
        ? bound : Arrays.copyOf(bound, StoredEntry.MAX_KEY_SIZE);
    if (!seek(probe)) {
      return cursor.last();
    }
    // A truncated probe is a proper prefix of the bound, so a key equal to it is still below it.
    if (probe != bound && KeyBytes.compare(cursor.key(), probe) == 0) {
      return true;
    }
    return cursor.prev();
  }

  private boolean seek(byte[] key) {
    if (key.length == 0) {
      return cursor.first(); // LMDB refuses an empty key; every key is at or after it
    }
    return cursor.get(KeyScratch.forCurrentThread().load(key), GetOp.MDB_SET_RANGE);
  }

  private void finish() {
    exhausted = true;
    if (cursor != null) {
      session.closeCursor(cursor);
      cursor = null;
    }
    if (ownsSession) {
      session.close();
    }
  }
}
