package dev.tessera.kv.lmdb;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import org.agrona.DirectBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Txn;

/**
 * One {@linkplain AtomicOperation#checkRangeCount range count check}: the range must still hold
 * exactly the keys a snapshot counted. Validated by re-scanning the range inside the commit's write
 * transaction: every key must carry a versionstamp no newer than the snapshot's, and there must be
 * as many as were counted. A key with a newer versionstamp was added or changed since; with none,
 * every key found existed in the snapshot unchanged, so the same count means the same keys and a
 * smaller one a removal. The scan stops at the first newer key. Immutable.
 */
final class RangeCountCheck {
  private final TupleRange range;
  private final byte[] begin;
  private final byte[] end;
  private final long count;
  private final Versionstamp readVersion;

  RangeCountCheck(TupleRange range, long count, Versionstamp readVersion) {
    if (count < 0) {
      throw new IllegalArgumentException("A range count check needs a count of at least 0, not " + count);
    }
    this.range = range;
    this.begin = range.begin();
    this.end = range.end();
    this.count = count;
    this.readVersion = readVersion;
  }

  /** The outcome of re-scanning the range in {@code txn}: {@code null} if nothing changed. */
  CommitResult validate(Txn<DirectBuffer> txn, DataTable data) {
    long found = 0;
    if (KeyBytes.compare(begin, end) < 0) {
      try (Cursor<DirectBuffer> cursor = data.openCursor(txn)) {
        boolean more = RangeCheck.first(cursor, begin);
        while (more && KeyBytes.compare(cursor.key(), end) < 0) {
          DirectBuffer stored = cursor.val();
          if (stored.capacity() < StoredEntry.STAMP_SIZE || StoredEntry.writtenAfter(stored, readVersion)) {
            byte[] key = KeyBytes.copy(cursor.key());
            Versionstamp actual = StoredEntry.stampOf(key, stored); // a short value fails here
            return CommitResult.rangeCheckFailed(range, Tuple.unpack(key), null, actual);
          }
          found++;
          more = cursor.next();
        }
      }
    }
    // No key is newer than the snapshot, so every key found was in it unchanged: fewer means removed.
    return found == count ? null : CommitResult.rangeCheckFailed(range, null, null, null);
  }
}
