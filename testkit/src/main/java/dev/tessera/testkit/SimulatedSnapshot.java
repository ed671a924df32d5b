package dev.tessera.testkit;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * A {@link KvSnapshot} of a {@link SimulatedKvStore}: one committed state, kept by reference. As the
 * LMDB store's: after {@link #close()} its reads throw {@link IllegalStateException}, after the
 * store closed {@link dev.tessera.kv.StoreClosedException}; after a crash {@link SimulatedCrash}.
 * Not thread-safe.
 */
final class SimulatedSnapshot implements KvSnapshot {
  private final SimulatedKvStore store;
  private final StoredState state;
  private final int born;
  private boolean closed;
  private boolean expired;

  SimulatedSnapshot(SimulatedKvStore store, StoredState state, int born) {
    this.store = store;
    this.state = state;
    this.born = born;
  }

  @Override
  public KvEntry get(Tuple key) {
    byte[] packed = SimulatedKvStore.packKey(key);
    beforeRead("get");
    return SimulatedKvStore.entryOf(key, state.get(packed));
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    List<byte[]> packed = SimulatedKvStore.packAll(keys);
    beforeRead("getMany");
    return SimulatedKvStore.readAll(state, keys, packed);
  }

  @Override
  public KvIterator list(ListSelector selector) {
    ensureOpen("list");
    return new SimulatedIterator(store, this, selector);
  }

  @Override
  public void close() {
    closed = true;
  }

  /** The state this snapshot reads. */
  StoredState state() {
    return state;
  }

  /** The version of the commit whose state this is. */
  long version() {
    return state.version();
  }

  boolean expired() {
    return expired;
  }

  void expire() {
    expired = true;
  }

  /** Every check and scheduling point of one read through the snapshot. */
  void beforeRead(String operation) {
    ensureOpen(operation);
    store.enter(StoreCall.SNAPSHOT_READ, operation);
    store.ensureAlive(born, operation);
    store.maybeExpire(this, operation);
  }

  void ensureOpen(String operation) {
    store.ensureOpen(operation);
    if (closed) {
      throw new IllegalStateException(
          "Cannot " + operation + ": its snapshot of " + store.name() + " is closed");
    }
    store.ensureAlive(born, operation);
  }
}
