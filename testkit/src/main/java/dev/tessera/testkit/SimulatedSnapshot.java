package dev.tessera.testkit;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import java.util.List;

/** A read-only view of a simulated store at one version. Not thread-safe. */
final class SimulatedSnapshot implements KvSnapshot {
  private final SimulatedKvStore connection;
  private final long version;
  private boolean closed;

  SimulatedSnapshot(SimulatedKvStore connection, long version) {
    this.connection = connection;
    this.version = version;
  }

  @Override
  public KvEntry get(Tuple key) {
    SimulatedStorage.checkKeySize(key);
    requireOpen();
    connection.before("snapshot.get " + key);
    return SimulatedKvStore.read(connection.storage().stateAt(connection, version, true, "get"), key);
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    keys.forEach(SimulatedStorage::checkKeySize);
    requireOpen();
    connection.before("snapshot.getMany " + keys.size());
    return SimulatedKvStore.readMany(
        connection.storage().stateAt(connection, version, true, "getMany"), keys);
  }

  @Override
  public KvIterator list(ListSelector selector) {
    requireOpen();
    return new SimulatedKvIterator(connection, selector, version);
  }

  void requireOpen() {
    if (closed) {
      throw new IllegalStateException("the snapshot is closed");
    }
  }

  boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    closed = true;
  }
}
