package dev.tessera.kv.lmdb;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.RangeCheckTooLargeException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.Arrays;
import java.util.List;
import org.agrona.DirectBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.GetOp;
import org.lmdbjava.Txn;

/**
 * One {@linkplain AtomicOperation#checkRange range check}: the keys seen in a range and their
 * versionstamps, validated by re-scanning the range inside the commit's write transaction. The scan
 * stops at the first difference, so it reads at most one key more than were seen. Immutable.
 */
final class RangeCheck {
  private final TupleRange range;
  private final byte[] begin;
  private final byte[] end;
  private final KvEntry[] entries; // keys decoded only to name one in a failed check
  private final byte[][] packedKeys;
  private final Versionstamp[] stamps;

  private RangeCheck(TupleRange range, KvEntry[] entries, byte[][] packedKeys, Versionstamp[] stamps) {
    this.range = range;
    this.begin = range.begin();
    this.end = range.end();
    this.entries = entries;
    this.packedKeys = packedKeys;
    this.stamps = stamps;
  }

  /**
   * Validates and copies what {@code checkRange} was given.
   *
   * @throws RangeCheckTooLargeException if {@code seen} is longer than the limit
   * @throws IllegalArgumentException if {@code seen} is not what one scan of {@code range} returns
   */
  static RangeCheck of(TupleRange range, List<KvEntry> seen) {
    if (seen.size() > AtomicOperation.MAX_RANGE_CHECK_KEYS) {
      throw new RangeCheckTooLargeException(range, seen.size(), AtomicOperation.MAX_RANGE_CHECK_KEYS);
    }
    int n = seen.size();
    KvEntry[] entries = new KvEntry[n];
    byte[][] packed = new byte[n][];
    Versionstamp[] stamps = new Versionstamp[n];
    for (int i = 0; i < n; i++) {
      KvEntry entry = seen.get(i);
      if (!entry.exists()) {
        throw new IllegalArgumentException("A range check lists key " + entry.key()
            + " as seen but absent: list only the entries a scan returned");
      }
      entries[i] = entry;
      packed[i] = entry.packedKey();
      if (packed[i].length > StoredEntry.MAX_KEY_SIZE) {
        StoredEntry.packKey(entry.key()); // names the key in KeyTooLargeException
      }
      stamps[i] = entry.versionstamp();
      if (!range.contains(packed[i])) {
        throw new IllegalArgumentException(
            "A range check lists key " + entry.key() + ", which lies outside its range " + range);
      }
      if (i > 0 && KeyBytes.compare(packed[i - 1], packed[i]) >= 0) {
        throw new IllegalArgumentException("A range check's seen keys must be in ascending key order"
            + " without repeats: " + entries[i - 1].key() + " comes before " + entries[i].key());
      }
    }
    return new RangeCheck(range, entries, packed, stamps);
  }

  /** The outcome of re-scanning the range in {@code txn}: {@code null} if nothing changed. */
  CommitResult validate(Txn<DirectBuffer> txn, DataTable data) {
    if (KeyBytes.compare(begin, end) >= 0) {
      return null;
    }
    try (Cursor<DirectBuffer> cursor = data.openCursor(txn)) {
      boolean found = first(cursor, begin);
      for (int i = 0; ; i++) {
        boolean inRange = found && KeyBytes.compare(cursor.key(), end) < 0;
        if (!inRange) {
          return i < entries.length ? removed(i) : null;
        }
        int order = i < entries.length ? KeyBytes.compare(cursor.key(), packedKeys[i]) : -1;
        if (order < 0) {
          byte[] added = KeyBytes.copy(cursor.key());
          return CommitResult.rangeCheckFailed(
              range, Tuple.unpack(added), null, StoredEntry.stampOf(added, cursor.val()));
        }
        if (order > 0) {
          return removed(i);
        }
        Versionstamp actual = StoredEntry.stampOf(packedKeys[i], cursor.val());
        if (actual.compareTo(stamps[i]) != 0) {
          return CommitResult.rangeCheckFailed(range, entries[i].key(), stamps[i], actual);
        }
        found = cursor.next();
      }
    }
  }

  /** How many keys were seen (for sizing). */
  int size() {
    return entries.length;
  }

  private CommitResult removed(int i) {
    return CommitResult.rangeCheckFailed(range, entries[i].key(), stamps[i], null);
  }

  // Positions at the first key >= begin. No stored key is longer than 511 bytes, so a longer
  // bound is sought by its 511-byte prefix and the few keys below the bound are stepped over.
  static boolean first(Cursor<DirectBuffer> cursor, byte[] begin) {
    if (begin.length == 0) {
      return cursor.first(); // LMDB refuses an empty key; every key is at or after it
    }
    byte[] probe = begin.length <= StoredEntry.MAX_KEY_SIZE
        ? begin : Arrays.copyOf(begin, StoredEntry.MAX_KEY_SIZE);
    boolean found = cursor.get(KeyScratch.forCurrentThread().load(probe), GetOp.MDB_SET_RANGE);
    while (found && KeyBytes.compare(cursor.key(), begin) < 0) {
      found = cursor.next();
    }
    return found;
  }
}
