package dev.tessera.kv.lmdb;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCount;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.lmdbjava.Txn;

/**
 * A {@link KvSnapshot} over one LMDB read transaction: the {@link ReadSession} that holds it, with
 * the reads. Not thread-safe as a contract (as {@link KvSnapshot}), though concurrent calls are
 * serialised rather than crashing; the store may close it from another thread, after which every
 * call throws {@link dev.tessera.kv.StoreClosedException}.
 */
final class LmdbSnapshot extends ReadSession implements KvSnapshot {
  /** See {@link ReadSession#ReadSession}. */
  LmdbSnapshot(LmdbEnvironment environment, OpenSessions registry, TransactionGate.Holder permit,
      Txn<DirectBuffer> txn, String operation, boolean recordStack) {
    super(environment, registry, permit, txn, operation, recordStack);
  }

  @Override
  public KvEntry get(Tuple key) {
    byte[] packed = StoredEntry.packKey(key);
    return get(environment().data(), key, packed);
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    List<byte[]> packed = packAll(keys);
    DataTable data = environment().data();
    return read("getMany", txn -> readAll(txn, data, keys, packed));
  }

  @Override
  public KvIterator list(ListSelector selector) {
    ensureOpen("list");
    return LmdbKvIterator.inSnapshot(this, selector);
  }

  /** Counts without copying entries out of LMDB; never {@code null}. */
  @Override
  public RangeCount count(ListSelector selector) {
    ensureOpen("count");
    return LmdbKvIterator.inSnapshot(this, selector).count(environment().metadata());
  }

  /** Packs {@code keys} (validating each) before a transaction begins. */
  static List<byte[]> packAll(List<Tuple> keys) {
    List<byte[]> packed = new ArrayList<>(keys.size());
    for (Tuple key : keys) {
      packed.add(StoredEntry.packKey(key));
    }
    return packed;
  }

  /** Reads {@code keys} (packed as {@code packed}) in {@code txn}, in order. */
  static List<KvEntry> readAll(
      Txn<DirectBuffer> txn, DataTable data, List<Tuple> keys, List<byte[]> packed) {
    List<KvEntry> entries = new ArrayList<>(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      entries.add(data.get(txn, keys.get(i), packed.get(i)));
    }
    return entries;
  }
}
