package dev.tessera.benchmarks.store;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.agrona.DirectBuffer;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;

/**
 * What every raw lmdbjava contender shares: an LMDB environment laid out as Tessera's stores are (a
 * data DBI of FoundationDB-tuple keys, the commit counter in a second DBI, record counts under
 * {@code ("\0tessera", "count", entity, 0)}), and each thread's reusable read transaction.
 *
 * <p>Durability: {@link Durability#DURABLE} is LMDB's default (fsync per commit);
 * {@link Durability#NO_SYNC} adds {@code MDB_NOSYNC}, as Tessera's {@code NO_SYNC} does.
 *
 * <p>Thread-safe: LMDB serialises write transactions; each thread has its own {@code MDB_NOTLS}
 * read transaction, kept in its {@link RawScratch}.
 */
final class RawLmdbEnvironment implements AutoCloseable {
  /** The name of the DBI holding records and indexes, as in Tessera's stores. */
  static final String DATA_DBI = "tessera.data";
  /** Bytes of the versionstamp in front of every stored value. */
  static final int STAMP = 10;

  private static final String COUNTER = "commit-counter";
  private static final String RESERVED = "\u0000tessera";

  private final Env<DirectBuffer> env;
  private final Dbi<DirectBuffer> data;
  private final Dbi<DirectBuffer> meta;
  // Every thread's reusable read transaction, closed before the environment.
  private final Set<Txn<DirectBuffer>> readers = ConcurrentHashMap.newKeySet();

  private RawLmdbEnvironment(Env<DirectBuffer> env) {
    this.env = env;
    this.data = env.openDbi(DATA_DBI, DbiFlags.MDB_CREATE);
    this.meta = env.openDbi("tessera.meta", DbiFlags.MDB_CREATE);
  }

  /**
   * Opens or creates an environment in {@code directory}.
   *
   * @param mapSize the LMDB map size in bytes (fixed: these contenders do not grow the map)
   */
  static RawLmdbEnvironment open(Path directory, Durability durability, long mapSize) {
    EnvFlags[] flags = durability == Durability.NO_SYNC
        ? new EnvFlags[] {EnvFlags.MDB_NOTLS, EnvFlags.MDB_NOSYNC}
        : new EnvFlags[] {EnvFlags.MDB_NOTLS};
    return new RawLmdbEnvironment(Env.create(DirectBufferProxy.PROXY_DB)
        .setMapSize(mapSize)
        .setMaxDbs(2)
        .setMaxReaders(256)
        .open(directory.toFile(), flags));
  }

  /** The data DBI. */
  Dbi<DirectBuffer> data() {
    return data;
  }

  /** A new write transaction; LMDB makes other writers wait until it ends. */
  Txn<DirectBuffer> write() {
    return env.txnWrite();
  }

  /**
   * This thread's read transaction, renewed (MDB_NOTLS allows it): what a hand-tuned LMDB
   * application does, saving the allocation and setup of a transaction per read. The caller
   * resets it when done.
   */
  Txn<DirectBuffer> beginRead(RawScratch s) {
    if (s.reader == null) {
      s.reader = env.txnRead();
      readers.add(s.reader);
    } else {
      s.reader.renew();
    }
    return s.reader;
  }

  /** Advances the commit counter in {@code txn}; returns the commit's version. Uses key slot 4. */
  long nextVersion(Txn<DirectBuffer> txn, RawScratch s) {
    DirectBuffer counterKey = s.key(4, COUNTER);
    DirectBuffer current = meta.get(txn, counterKey);
    long next = (current == null ? 0 : current.getLong(0, ByteOrder.BIG_ENDIAN)) + 1;
    s.counter.putLong(0, next, ByteOrder.BIG_ENDIAN);
    meta.put(txn, counterKey, s.counter);
    return next;
  }

  /** Adds {@code delta} to {@code entity}'s record count (shard 0, as on LMDB). Uses key slot 4. */
  void addToCount(Txn<DirectBuffer> txn, RawScratch s, String entity, long version, long delta) {
    DirectBuffer countKey = s.key(4, RESERVED, "count", entity, 0);
    DirectBuffer current = data.get(txn, countKey);
    long count = current == null ? 0 : current.getLong(STAMP, ByteOrder.BIG_ENDIAN);
    data.put(txn, countKey, s.sum(version, count + delta));
  }

  @Override
  public void close() {
    for (Txn<DirectBuffer> reader : readers) {
      reader.close();
    }
    readers.clear();
    env.close();
  }

  /** Agrona's {@code compareTo} compares signed bytes; LMDB sorts unsigned. */
  static int compareUnsigned(DirectBuffer a, DirectBuffer b) {
    int length = Math.min(a.capacity(), b.capacity());
    for (int i = 0; i < length; i++) {
      int c = Integer.compare(a.getByte(i) & 0xFF, b.getByte(i) & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.capacity(), b.capacity());
  }

  /** True if {@code key} starts with the first {@code length} bytes of {@code prefix}. */
  static boolean startsWith(DirectBuffer key, DirectBuffer prefix, int length) {
    if (key.capacity() < length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (key.getByte(i) != prefix.getByte(i)) {
        return false;
      }
    }
    return true;
  }
}
