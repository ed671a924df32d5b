package dev.tessera.kv.etcd;

import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * A snapshot on etcd: every read is served at one revision, the current one when it was opened. It holds
 * nothing on the server (closing only refuses further reads); once etcd compacts that revision away,
 * reads fail with {@link SnapshotCompactedException}. Not thread-safe.
 */
final class EtcdSnapshot implements KvSnapshot {
  private final Connection connection;
  private static final Tuple PROBE = ReservedKeys.of("snapshot-probe");

  private final Revision revision = new Revision();
  private boolean closed;

  /** Opens the snapshot at the current revision (one read, which pins it). */
  EtcdSnapshot(Connection connection) {
    this.connection = connection;
    connection.get(PROBE, revision);
  }

  @Override
  public KvEntry get(Tuple key) {
    ensureUsable();
    return connection.get(key, revision);
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    ensureUsable();
    return connection.getMany(keys, revision);
  }

  @Override
  public KvIterator list(ListSelector selector) {
    ensureUsable();
    return new EtcdKvIterator(connection, revision, this::ensureUsable, selector);
  }

  /** The revision the snapshot reads. */
  long revision() {
    return revision.value();
  }

  @Override
  public void close() {
    closed = true;
  }

  private void ensureUsable() {
    if (closed) {
      throw new IllegalStateException("This snapshot is closed; open a new one");
    }
    connection.ensureOpen("read a snapshot");
  }
}
