package dev.tessera.testkit.bank;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * A store that passes every call to another; tests override the calls they change. Thread-safe as
 * the store it wraps.
 */
abstract class ForwardingKvStore implements KvStore {
  /** The store every call goes to. */
  protected final KvStore store;

  ForwardingKvStore(KvStore store) {
    this.store = store;
  }

  @Override
  public KvEntry get(Tuple key) {
    return store.get(key);
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    return store.getMany(keys);
  }

  @Override
  public KvIterator list(ListSelector selector) {
    return store.list(selector);
  }

  @Override
  public KvSnapshot snapshot() {
    return store.snapshot();
  }

  @Override
  public AtomicOperation atomic() {
    return store.atomic();
  }

  @Override
  public int counterShards() {
    return store.counterShards();
  }

  @Override
  public void close() {
    store.close();
  }
}
