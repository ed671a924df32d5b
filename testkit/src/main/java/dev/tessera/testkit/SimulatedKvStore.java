package dev.tessera.testkit;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;

/**
 * One client's connection to a {@link SimulatedStorage}: the whole {@link KvStore} contract in
 * memory (snapshots, atomic check-and-write, unsigned counters, range checks, resumable listings,
 * versionstamps), with every call a scheduling point and a chance of an injected fault.
 *
 * <pre>{@code
 * SimulatedStorage storage = new SimulatedStorage(seed, FaultPlan.everything(64), 1);
 * KvStore store = storage.connect();
 * UserRepository users = new UserRepository(store);
 * }</pre>
 *
 * <p>Thread-safe (the storage serialises every call). A listing reads every batch at its first
 * batch's revision, as etcd does, so a later batch may find that revision compacted.
 */
public final class SimulatedKvStore implements KvStore {
  private final SimulatedStorage storage;
  private final int epoch;
  private final boolean inspecting;
  private volatile boolean closed;

  SimulatedKvStore(SimulatedStorage storage, int epoch, boolean inspecting) {
    this.storage = storage;
    this.epoch = epoch;
    this.inspecting = inspecting;
  }

  int epoch() {
    return epoch;
  }

  boolean inspecting() {
    return inspecting;
  }

  SimulatedStorage storage() {
    return storage;
  }

  void before(String call) {
    if (closed) {
      throw new StoreClosedException("simulated store", call);
    }
    storage.before(this, call);
  }

  @Override
  public KvEntry get(Tuple key) {
    SimulatedStorage.checkKeySize(key);
    before("get " + key);
    return read(storage.stateAt(this, storage.readVersion(), false, "get"), key);
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    keys.forEach(SimulatedStorage::checkKeySize);
    before("getMany " + keys.size());
    return readMany(storage.stateAt(this, storage.readVersion(), false, "getMany"), keys);
  }

  static KvEntry read(NavigableMap<byte[], KvEntry> state, Tuple key) {
    KvEntry entry = state.get(key.pack());
    return entry == null ? KvEntry.absent(key) : entry;
  }

  static List<KvEntry> readMany(NavigableMap<byte[], KvEntry> state, List<Tuple> keys) {
    List<KvEntry> entries = new ArrayList<>(keys.size());
    for (Tuple key : keys) {
      entries.add(read(state, key));
    }
    return entries;
  }

  @Override
  public KvIterator list(ListSelector selector) {
    return new SimulatedKvIterator(this, selector, -1);
  }

  @Override
  public KvSnapshot snapshot() {
    before("snapshot");
    return new SimulatedSnapshot(this, storage.readVersion());
  }

  @Override
  public AtomicOperation atomic() {
    return new SimulatedAtomicOperation(this);
  }

  @Override
  public int counterShards() {
    return storage.counterShards();
  }

  /** Closes this connection; the storage and other connections stay. */
  @Override
  public void close() {
    closed = true;
  }

  boolean closed() {
    return closed;
  }
}
