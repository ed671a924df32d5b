package dev.tessera.testkit;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.RangeCount;
import dev.tessera.testkit.StoredState.Stored;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableMap;

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

  /**
   * {@inheritDoc}
   *
   * <p>As the LMDB store counts: in the selector's direction up to its limit (the last key counted
   * when the limit stopped it), with the read version {@code (version, 0xFFFF)}, above every
   * versionstamp of the snapshot and below every later commit's; one scheduling point. A selector
   * resumed after a cursor is not counted here ({@code null}: the caller lists it).
   */
  @Override
  public RangeCount count(ListSelector selector) {
    if (selector.cursor() != null) {
      return null;
    }
    beforeRead("count");
    Versionstamp readVersion = Versionstamp.of(state.version(), 0xFFFF);
    byte[] begin = selector.range().begin();
    byte[] end = selector.range().end();
    if (selector.limit() == 0 || Arrays.compareUnsigned(begin, end) >= 0) {
      return new RangeCount(0, null, readVersion);
    }
    NavigableMap<byte[], Stored> in = state.entries().subMap(begin, true, end, false);
    long counted = 0;
    for (byte[] key : selector.isReverse() ? in.descendingKeySet() : in.navigableKeySet()) {
      if (++counted == selector.limit()) {
        return new RangeCount(counted, key.clone(), readVersion);
      }
    }
    return new RangeCount(counted, null, readVersion);
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
