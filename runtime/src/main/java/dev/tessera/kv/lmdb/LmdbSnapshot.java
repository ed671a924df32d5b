package dev.tessera.kv.lmdb;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link KvSnapshot} over one LMDB read transaction. Not thread-safe as a contract (as {@link
 * KvSnapshot}), though concurrent calls are serialised rather than crashing; the store may close
 * it from another thread, after which every call throws {@link dev.tessera.kv.StoreClosedException}.
 */
final class LmdbSnapshot implements KvSnapshot {
  private final ReadSession session;
  private final DataTable data;

  LmdbSnapshot(ReadSession session, DataTable data) {
    this.session = session;
    this.data = data;
  }

  @Override
  public KvEntry get(Tuple key) {
    byte[] packed = StoredEntry.packKey(key);
    return session.read("get", txn -> data.get(txn, key, packed));
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    return readMany(session, data, keys);
  }

  @Override
  public KvIterator list(ListSelector selector) {
    session.ensureOpen("list");
    return new LmdbKvIterator(session, false, selector);
  }

  @Override
  public void close() {
    session.close();
  }

  /** Reads {@code keys} in {@code session}'s one transaction, in order. */
  static List<KvEntry> readMany(ReadSession session, DataTable data, List<Tuple> keys) {
    List<byte[]> packed = new ArrayList<>(keys.size());
    for (Tuple key : keys) {
      packed.add(StoredEntry.packKey(key));
    }
    return session.read("getMany", txn -> {
      List<KvEntry> entries = new ArrayList<>(keys.size());
      for (int i = 0; i < keys.size(); i++) {
        entries.add(data.get(txn, keys.get(i), packed.get(i)));
      }
      return entries;
    });
  }
}
