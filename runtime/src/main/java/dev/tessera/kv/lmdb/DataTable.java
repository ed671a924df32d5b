package dev.tessera.kv.lmdb;

import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.Stat;
import org.lmdbjava.Txn;

/**
 * The LMDB database of user entries ({@value StoreMetadata#DATA_DBI}), read and written in the
 * caller's transaction with the {@link StoredEntry} layout. Thread-safe (stateless apart from the
 * handle; LMDB serialises writers).
 */
final class DataTable {
  private final Dbi<DirectBuffer> dbi;

  DataTable(Dbi<DirectBuffer> dbi) {
    this.dbi = dbi;
  }

  /** The stored value (stamp + user bytes) of {@code packedKey}, valid only inside {@code txn}. */
  DirectBuffer raw(Txn<DirectBuffer> txn, byte[] packedKey) {
    return dbi.get(txn, KeyScratch.forCurrentThread().load(packedKey));
  }

  /** Reads {@code key} as an entry (absent if not stored). */
  KvEntry get(Txn<DirectBuffer> txn, Tuple key, byte[] packedKey) {
    return StoredEntry.toEntry(key, raw(txn, packedKey));
  }

  /**
   * Reads the entry the pointer under {@code packedPointerKey} names, as {@link
   * dev.tessera.kv.KvStore#getPointed} specifies: {@code null} without a pointer.
   */
  KvEntry getPointed(
      Txn<DirectBuffer> txn, Tuple pointerKey, byte[] packedPointerKey, byte[] targetPrefix) {
    KeyScratch scratch = KeyScratch.forCurrentThread();
    DirectBuffer pointer = dbi.get(txn, scratch.load(packedPointerKey));
    if (pointer == null) {
      return null;
    }
    byte[] target = StoredEntry.pointedKey(pointerKey, packedPointerKey, pointer, targetPrefix);
    return StoredEntry.toEntryOfTuple(target, dbi.get(txn, scratch.load(target)));
  }

  /** Stores {@code value} under {@code packedKey} with {@code stamp}, writing straight into LMDB. */
  void put(Txn<DirectBuffer> txn, byte[] packedKey, Versionstamp stamp, byte[] value) {
    DirectBuffer key = KeyScratch.forCurrentThread().load(packedKey);
    MutableDirectBuffer target =
        (MutableDirectBuffer) dbi.reserve(txn, key, StoredEntry.STAMP_SIZE + value.length, KeyScratch.NO_FLAGS);
    StoredEntry.write(target, stamp, value);
  }

  /** Deletes {@code packedKey} if present. */
  void delete(Txn<DirectBuffer> txn, byte[] packedKey) {
    dbi.delete(txn, KeyScratch.forCurrentThread().load(packedKey));
  }

  /** LMDB's page statistics of this database, as seen by {@code txn}. */
  Stat stat(Txn<DirectBuffer> txn) {
    return dbi.stat(txn);
  }

  /** Opens a cursor; the caller closes it before the transaction ends. */
  Cursor<DirectBuffer> openCursor(Txn<DirectBuffer> txn) {
    return dbi.openCursor(txn);
  }
}
