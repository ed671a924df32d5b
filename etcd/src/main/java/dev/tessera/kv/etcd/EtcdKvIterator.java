package dev.tessera.kv.etcd;

import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.internal.kv.ListCursor;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.TupleRange;
import io.etcd.jetcd.KeyValue;
import java.util.ArrayDeque;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A lazy listing on etcd: it reads {@link ListSelector#batchSize()} entries per request, every page
 * at the revision the first page saw, so the whole listing is one snapshot. It holds nothing on the
 * server between pages, so an iterator that is dropped without closing costs nothing. A page whose
 * revision has been compacted away fails with {@link SnapshotCompactedException}.
 *
 * <p>Keys stay packed: each is checked to be a packed tuple as it arrives (a key that is not fails
 * the listing with {@link dev.tessera.kv.CorruptEntryException}) and decoded only if the caller
 * asks for it. The cursor is the last returned key, packed and base64url-encoded (as on LMDB),
 * encoded only when asked for; a listing resumed with it starts strictly after that key in its
 * direction, at the then current revision.
 *
 * <p>Not thread-safe.
 */
final class EtcdKvIterator implements KvIterator {
  private record Item(byte[] packedKey, KvEntry entry) {}

  private final Connection connection;
  private final Revision revision;
  private final Runnable ensureUsable;
  private final TupleRange range;
  private final boolean reverse;
  private final int batchSize;
  private final ArrayDeque<Item> batch = new ArrayDeque<>();
  private byte[] resumeAfter;
  private int remaining;
  private boolean exhausted;
  /** The packed key of the last entry returned; its cursor is encoded only when asked for. */
  private byte[] lastKey;

  EtcdKvIterator(Connection connection, Revision revision, Runnable ensureUsable,
      ListSelector selector) {
    this.connection = connection;
    this.revision = revision;
    this.ensureUsable = ensureUsable;
    this.range = selector.range();
    this.reverse = selector.isReverse();
    this.batchSize = selector.batchSize();
    this.remaining = selector.limit();
    this.resumeAfter = selector.cursor() == null
        ? null : ListCursor.decode(selector.cursor(), range, Integer.MAX_VALUE);
    exhausted = remaining == 0 || range.isEmpty();
  }

  @Override
  public boolean hasNext() {
    if (batch.isEmpty() && !exhausted) {
      ensureUsable.run();
      fill();
    }
    return !batch.isEmpty();
  }

  @Override
  public KvEntry next() {
    if (!hasNext()) {
      throw new NoSuchElementException("The listing is exhausted");
    }
    Item item = batch.poll();
    lastKey = item.packedKey();
    return item.entry();
  }

  @Override
  public String cursor() {
    return lastKey == null ? null : ListCursor.encode(lastKey);
  }

  @Override
  public void close() {
    exhausted = true;
    batch.clear();
  }

  private void fill() {
    int wanted = Math.min(batchSize, remaining);
    TupleRange rest = KeyOrder.remainder(range, resumeAfter, reverse);
    if (rest.isEmpty()) {
      exhausted = true;
      return;
    }
    List<KeyValue> page = connection.range(rest.begin(), rest.end(), wanted, reverse, revision);
    KeySpace keys = connection.keys();
    for (KeyValue kv : page) {
      byte[] packed = keys.unprefixed(kv.getKey());
      batch.add(new Item(packed, Connection.listedEntry(packed, kv)));
      resumeAfter = packed;
    }
    remaining -= page.size();
    if (page.size() < wanted || remaining == 0) {
      exhausted = true;
    }
  }
}
