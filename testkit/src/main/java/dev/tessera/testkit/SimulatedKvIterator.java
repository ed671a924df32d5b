package dev.tessera.testkit;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;

/**
 * A listing of a simulated store, read batch by batch; each batch is a scheduling point. Every
 * batch reads at one revision: the snapshot's, or the first batch's for a store listing. Not
 * thread-safe.
 */
final class SimulatedKvIterator implements KvIterator {
  private final SimulatedKvStore connection;
  private final ListSelector selector;
  private final ArrayDeque<KvEntry> batch = new ArrayDeque<>();
  private long version;
  private byte[] after;
  private int returned;
  private boolean exhausted;
  private boolean closed;
  private String cursor;

  SimulatedKvIterator(SimulatedKvStore connection, ListSelector selector, long version) {
    this.connection = connection;
    this.selector = selector;
    this.version = version;
    this.after = selector.cursor() == null ? null : HexFormat.of().parseHex(selector.cursor());
  }

  @Override
  public boolean hasNext() {
    if (closed || returned >= selector.limit()) {
      return false;
    }
    if (batch.isEmpty() && !exhausted) {
      fetch();
    }
    return !batch.isEmpty();
  }

  private void fetch() {
    connection.before("list " + selector.range() + (selector.isReverse() ? " reverse" : ""));
    boolean first = version < 0;
    if (first) {
      version = connection.storage().readVersion();
    }
    NavigableMap<byte[], KvEntry> state =
        connection.storage().stateAt(connection, version, !first, "list");
    NavigableMap<byte[], KvEntry> range = state.subMap(
        selector.range().begin(), true, selector.range().end(), false);
    if (after != null) {
      range = selector.isReverse() ? range.headMap(after, false) : range.tailMap(after, false);
    }
    if (selector.isReverse()) {
      range = range.descendingMap();
    }
    int want = Math.min(selector.batchSize(), selector.limit() - returned);
    for (Map.Entry<byte[], KvEntry> e : range.entrySet()) {
      if (batch.size() >= want) {
        break;
      }
      batch.add(e.getValue());
      after = e.getKey();
    }
    if (batch.size() < want) {
      exhausted = true;
    }
  }

  @Override
  public KvEntry next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    KvEntry entry = batch.poll();
    returned++;
    cursor = HexFormat.of().formatHex(entry.key().pack());
    return entry;
  }

  @Override
  public String cursor() {
    return cursor;
  }

  @Override
  public void close() {
    closed = true;
    batch.clear();
  }

  @Override
  public String toString() {
    return "SimulatedKvIterator" + Arrays.toString(new Object[] {selector.range(), returned});
  }
}
