package dev.tessera.benchmarks.store;

import static dev.tessera.benchmarks.store.RawLmdbEnvironment.STAMP;
import static dev.tessera.benchmarks.store.RawTupleCodec.getLong;
import static dev.tessera.benchmarks.store.RawTupleCodec.putLong;
import static dev.tessera.benchmarks.store.RawTupleCodec.putString;
import static dev.tessera.benchmarks.store.RawTupleCodec.skip;

import dev.tessera.benchmarks.model.Account;
import dev.tessera.benchmarks.model.AccountRepository;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.lmdbjava.Dbi;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/**
 * Hand-written lmdbjava doing the transfer Tessera does, with the bytes Tessera writes: record
 * {@code (1, id)} → versionstamp + packed {@code (schemaId, id, owner, balance)}, owner index
 * {@code (2, owner, id)} → versionstamp (1 and 2: the subspace ids of {@code "bench_account"} and
 * {@code "bench_account_by_owner"} in a new store), the record count, and the
 * commit counter in a second DBI ({@link RawLmdbEnvironment}). A transfer is one LMDB write
 * transaction (LMDB runs one at a time, so it is serialisable): advance the counter, read both
 * records, and if the source holds enough, write both back with a new versionstamp and balance,
 * built from the stored bytes without decoding the strings; the owner does not change, so the index
 * entry is left alone. An overdraft aborts the transaction, writing nothing.
 *
 * <p>Thread-safe: write transactions are serialised by LMDB; each thread has its own buffers.
 */
public final class RawLmdbAccountStore implements AccountStore {
  private static final String ENTITY = AccountRepository.ENTITY_NAME;
  // The number Tessera's catalog gives the first schema of an entity in a new store, which every
  // stored value starts with.
  private static final long SCHEMA_NUMBER = 1;
  // The subspace ids Tessera's catalog assigns in a new store, in the order the repository opens
  // them: the entity, then its indexes as declared. The record count stays keyed by name.
  private static final long RECORDS = 1; // "bench_account"
  private static final long BY_OWNER = 2; // "bench_account_by_owner"

  private final RawLmdbEnvironment lmdb;
  private final Dbi<DirectBuffer> data;
  private final ThreadLocal<RawScratch> scratch = ThreadLocal.withInitial(RawScratch::new);

  private RawLmdbAccountStore(RawLmdbEnvironment lmdb) {
    this.lmdb = lmdb;
    this.data = lmdb.data();
  }

  /** Opens or creates a store in {@code directory} with room for {@code mapSize} bytes. */
  public static RawLmdbAccountStore open(Path directory, Durability durability, long mapSize) {
    return new RawLmdbAccountStore(RawLmdbEnvironment.open(directory, durability, mapSize));
  }

  @Override
  public void createAccounts(long from, long to, long balance) {
    RawScratch s = scratch.get();
    try (Txn<DirectBuffer> txn = lmdb.write()) {
      long version = lmdb.nextVersion(txn, s);
      int order = 0;
      for (long n = from; n < to; n++) {
        String id = Account.idOf(n);
        String owner = Account.ownerOf(n);
        if (!data.put(txn, s.key(0, RECORDS, id), record(s, version, order, id, owner, balance),
            PutFlags.MDB_NOOVERWRITE)) {
          throw new IllegalStateException(id + " exists");
        }
        data.put(txn, s.key(1, BY_OWNER, owner, id), s.stamp(version, order));
        order++;
      }
      lmdb.addToCount(txn, s, ENTITY, version, to - from);
      txn.commit();
    }
  }

  @Override
  public boolean transfer(String from, String to, long amount) {
    RawScratch s = scratch.get();
    try (Txn<DirectBuffer> txn = lmdb.write()) {
      // Counter first: a write invalidates the values read before it.
      long version = lmdb.nextVersion(txn, s);
      DirectBuffer sourceKey = s.key(0, RECORDS, from);
      DirectBuffer targetKey = s.key(1, RECORDS, to);
      // lmdbjava hands out one value buffer per transaction, re-pointed by every get, and a write
      // invalidates what it points at: each new value is built from the stored bytes right after
      // its read, before the next read and the first write.
      DirectBuffer source = data.get(txn, sourceKey);
      if (source == null) {
        throw new IllegalArgumentException("no account " + from);
      }
      int sourceBalanceAt = balanceAt(source);
      long sourceBalance = getLong(source, sourceBalanceAt);
      if (sourceBalance < amount) {
        return false; // closing the transaction aborts it: nothing is written
      }
      DirectBuffer newSource = s.value(
          rebalanced(s.value, source, sourceBalanceAt, version, 0, sourceBalance - amount));
      DirectBuffer target = data.get(txn, targetKey);
      if (target == null) {
        throw new IllegalArgumentException("no account " + to);
      }
      int targetBalanceAt = balanceAt(target);
      DirectBuffer newTarget = s.secondValue(rebalanced(s.secondValue, target, targetBalanceAt,
          version, 1, getLong(target, targetBalanceAt) + amount));
      data.put(txn, sourceKey, newSource);
      data.put(txn, targetKey, newTarget);
      txn.commit();
      return true;
    }
  }

  @Override
  public long balance(String id) {
    RawScratch s = scratch.get();
    Txn<DirectBuffer> txn = lmdb.beginRead(s);
    try {
      DirectBuffer value = data.get(txn, s.key(0, RECORDS, id));
      return value == null ? -1 : getLong(value, balanceAt(value));
    } finally {
      txn.reset();
    }
  }

  @Override
  public void close() {
    lmdb.close();
  }

  // Where the balance starts in a stored record: after the versionstamp, schema id, id and owner.
  private static int balanceAt(DirectBuffer stored) {
    if (getLong(stored, STAMP) != SCHEMA_NUMBER) {
      throw new IllegalStateException("raw-lmdbjava: stored account has another schema");
    }
    return skip(stored, skip(stored, skip(stored, STAMP)));
  }

  // The stored record with a new versionstamp and balance, written into {@code into}; its length.
  private static int rebalanced(MutableDirectBuffer into, DirectBuffer stored, int balanceAt,
      long version, int order, long balance) {
    RawScratch.putStamp(into, version, order);
    into.putBytes(STAMP, stored, STAMP, balanceAt - STAMP);
    return putLong(into, balanceAt, balance);
  }

  private static DirectBuffer record(
      RawScratch s, long version, int order, String id, String owner, long balance) {
    s.stamp(version, order);
    int pos = putLong(s.value, STAMP, SCHEMA_NUMBER);
    pos = putString(s.value, pos, id);
    pos = putString(s.value, pos, owner);
    return s.value(putLong(s.value, pos, balance));
  }
}
