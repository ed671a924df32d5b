package dev.tessera.kv.lmdb;

import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.lmdbjava.Dbi;
import org.lmdbjava.Txn;

/**
 * The store's own metadata, kept in a named LMDB database of its own ({@value #DBI_NAME}) so it
 * never shares the user's key space: the format version (4 bytes, big-endian) and the last commit
 * version (8 bytes, big-endian) from which versionstamps are made. Thread-safe (immutable; every
 * method works inside the caller's transaction).
 */
final class StoreMetadata {
  /** The LMDB database holding user entries. */
  static final String DATA_DBI = "tessera.data";
  /** The LMDB database holding this metadata. */
  static final String DBI_NAME = "tessera.meta";
  /** The format written by this code; a store with a higher number is refused. */
  static final int FORMAT_VERSION = 1;

  private static final DirectBuffer FORMAT_KEY = constantKey("format-version");
  private static final DirectBuffer LAST_VERSION_KEY = constantKey("last-commit-version");

  private final Dbi<DirectBuffer> dbi;

  StoreMetadata(Dbi<DirectBuffer> dbi) {
    this.dbi = dbi;
  }

  /** Writes the metadata of a new, empty store. */
  void initialize(Txn<DirectBuffer> txn) {
    MutableDirectBuffer format = (MutableDirectBuffer) dbi.reserve(txn, FORMAT_KEY, 4);
    format.putInt(0, FORMAT_VERSION, java.nio.ByteOrder.BIG_ENDIAN);
    writeLastCommitVersion(txn, 0);
  }

  /** The stored format version, or -1 if the metadata has none. */
  int formatVersion(Txn<DirectBuffer> txn) {
    DirectBuffer value = dbi.get(txn, FORMAT_KEY);
    if (value == null || value.capacity() != 4) {
      return -1;
    }
    return value.getInt(0, java.nio.ByteOrder.BIG_ENDIAN);
  }

  /** The version of the last commit (0 for a new store). Read in the commit's write txn. */
  long lastCommitVersion(Txn<DirectBuffer> txn) {
    DirectBuffer value = dbi.get(txn, LAST_VERSION_KEY);
    if (value == null || value.capacity() != 8) {
      throw new IllegalStateException("The store metadata has no valid last commit version");
    }
    return value.getLong(0, java.nio.ByteOrder.BIG_ENDIAN);
  }

  /** Persists the version of the commit being made, in its write txn. */
  void writeLastCommitVersion(Txn<DirectBuffer> txn, long version) {
    MutableDirectBuffer target = (MutableDirectBuffer) dbi.reserve(txn, LAST_VERSION_KEY, 8, KeyScratch.NO_FLAGS);
    target.putLong(0, version, java.nio.ByteOrder.BIG_ENDIAN);
  }

  private static DirectBuffer constantKey(String name) {
    return KeyScratch.constant(name.getBytes(StandardCharsets.US_ASCII));
  }
}
