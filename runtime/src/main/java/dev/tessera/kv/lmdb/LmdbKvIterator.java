package dev.tessera.kv.lmdb;

import dev.tessera.internal.kv.BatchGrowth;
import dev.tessera.internal.kv.ListCursor;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCount;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.NoSuchElementException;
import org.agrona.DirectBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.GetOp;

/**
 * A lazy listing, read from LMDB in batches, so memory stays bounded however long the range. Unless
 * the limit fits in one batch, the first batch holds one entry (a short-circuited pipeline such as
 * {@code findFirst()} reads little), each next one four times as many, up to {@link
 * ListSelector#batchSize()}.
 * Two ways to read:
 *
 * <ul>
 *   <li>{@linkplain #inSnapshot in a snapshot}: every batch comes from the snapshot's one read
 *       transaction, through an LMDB cursor kept positioned between batches;
 *   <li>{@linkplain #inShortTransactions in short transactions}: every batch is read in a read
 *       transaction of its own, held only while the batch is copied out, and the next batch
 *       continues strictly after the last key read. Between batches the iterator holds nothing in
 *       LMDB, so an iterator that is never closed costs no reader slot and blocks no map growth.
 * </ul>
 *
 * <p>When the range or the limit is exhausted it releases what it holds at once.
 *
 * <p>Not thread-safe (as {@link KvIterator}); the store may close it from another thread, after
 * which it throws {@link dev.tessera.kv.StoreClosedException}.
 */
final class LmdbKvIterator implements KvIterator {
  /** The snapshot's session, or {@code null} when each batch reads in a short transaction. */
  private final ReadSession session;
  /** Reads a batch in a short transaction, when {@code session} is {@code null}. */
  private final LmdbEnvironment environment;
  private final byte[] begin;
  private final byte[] end;
  private final boolean reverse;
  private final int batchSize;
  /** Where the next positioning starts: strictly after this packed key ({@code null}: start). */
  private byte[] resumeAfter;
  private final BatchGrowth batches;
  private final ArrayDeque<KvEntry> batch = new ArrayDeque<>();
  private int remaining;
  private Cursor<DirectBuffer> cursor;
  private boolean exhausted;
  private boolean closed;
  /** The packed key of the last entry returned; its cursor is encoded only when asked for. */
  private byte[] lastKey;

  private LmdbKvIterator(
      ReadSession session, LmdbEnvironment environment, ListSelector selector) {
    this.session = session;
    this.environment = environment;
    this.begin = selector.range().begin();
    this.end = selector.range().end();
    this.reverse = selector.isReverse();
    this.batchSize = selector.batchSize();
    this.remaining = selector.limit();
    // A limit within one batch says how much the caller wants: read it at once.
    this.batches = BatchGrowth.forListing(remaining, batchSize);
    this.resumeAfter = selector.cursor() == null
        ? null : ListCursor.decode(selector.cursor(), selector.range(), StoredEntry.MAX_KEY_SIZE);
    if (remaining == 0 || KeyBytes.compare(begin, end) >= 0) {
      finish();
    }
  }

  /** A listing within {@code session}'s snapshot; the session stays open when it ends. */
  static LmdbKvIterator inSnapshot(ReadSession session, ListSelector selector) {
    return new LmdbKvIterator(session, null, selector);
  }

  /** A listing whose every batch is read in a short read transaction of {@code environment}. */
  static LmdbKvIterator inShortTransactions(LmdbEnvironment environment, ListSelector selector) {
    return new LmdbKvIterator(null, environment, selector);
  }

  @Override
  public boolean hasNext() {
    if (closed) {
      return false;
    }
    if (!exhausted) {
      // Entries buffered from a snapshot the store has since closed are not handed out.
      ensureOpen();
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
    KvEntry entry = batch.poll();
    lastKey = entry.packedKey(); // the bytes read, shared, not packed again
    return entry;
  }

  @Override
  public String cursor() {
    return lastKey == null ? null : ListCursor.encode(lastKey);
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

  /**
   * Counts the entries this listing (in a snapshot) would return, checking each as a listing does
   * but copying none out of LMDB (only the last one's key when the limit stopped the count), then
   * ends the listing.
   *
   * @param metadata where the snapshot's last commit version is read
   */
  RangeCount count(StoreMetadata metadata) {
    try {
      return session.read("count", txn -> {
        Versionstamp readVersion = Versionstamp.of(metadata.lastCommitVersion(txn), 0xFFFF);
        if (exhausted) {
          return new RangeCount(0, null, readVersion);
        }
        cursor = session.openCursor("count");
        KeyScratch scratch = KeyScratch.forCurrentThread(); // once, not per key
        int checkedLength = StoredEntry.wholePartsShared(begin, end); // every key starts with them
        long counted = 0;
        boolean found = position();
        while (found) {
          DirectBuffer key = cursor.key();
          if (reverse ? KeyBytes.compare(key, begin) < 0 : KeyBytes.compare(key, end) >= 0) {
            break;
          }
          StoredEntry.checkCounted(key, cursor.val(), scratch, checkedLength);
          if (++counted == remaining) {
            return new RangeCount(counted, KeyBytes.copy(key), readVersion);
          }
          found = step();
        }
        return new RangeCount(counted, null, readVersion);
      });
    } finally {
      close();
    }
  }

  /** Entries read from LMDB but not yet returned; never more than the batch size. */
  int buffered() {
    return batch.size();
  }

  private void ensureOpen() {
    if (session != null) {
      session.ensureOpen("iterate");
    } else if (environment.isClosed()) {
      throw new StoreClosedException(environment.name(), "iterate");
    }
  }

  private void fill() {
    int wanted = Math.min(batches.next(), remaining);
    if (session != null) {
      session.read("iterate", txn -> {
        boolean fresh = cursor == null;
        if (fresh) {
          cursor = session.openCursor("iterate");
        }
        return readBatch(wanted, fresh);
      });
    } else {
      environment.read("iterate", txn -> {
        try (Cursor<DirectBuffer> shortLived = environment.data().openCursor(txn)) {
          cursor = shortLived;
          return readBatch(wanted, true);
        } finally {
          cursor = null;
        }
      });
    }
    if (exhausted) {
      finish();
    }
  }

  /** Copies up to {@code wanted} entries out of LMDB; a {@code fresh} cursor is positioned first. */
  private Void readBatch(int wanted, boolean fresh) {
    boolean found = fresh ? position() : step();
    int read = 0;
    byte[] packed = null;
    while (found && read < wanted) {
      DirectBuffer key = cursor.key();
      if (reverse ? KeyBytes.compare(key, begin) < 0 : KeyBytes.compare(key, end) >= 0) {
        found = false;
        break;
      }
      packed = KeyBytes.copy(key);
      DirectBuffer value = cursor.val();
      batch.add(StoredEntry.toEntry(packed, value));
      read++;
      if (read < wanted) {
        found = step();
      }
    }
    remaining -= read;
    if (packed != null) {
      resumeAfter = packed;
    }
    if (!found || remaining == 0) {
      exhausted = true;
    }
    return null;
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
    if (cursor != null && session != null) {
      session.closeCursor(cursor);
      cursor = null;
    }
  }
}
