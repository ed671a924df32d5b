package dev.tessera.kv.etcd;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.tuple.Tuple;
import io.etcd.jetcd.KeyValue;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A lazy listing on etcd: it reads {@link ListSelector#batchSize()} entries per request, every page
 * at the revision the first page saw, so the whole listing is one snapshot. It holds nothing on the
 * server between pages, so an iterator that is dropped without closing costs nothing. A page whose
 * revision has been compacted away fails with {@link SnapshotCompactedException}.
 *
 * <p>The cursor is the last returned key, packed and base64url-encoded (as on LMDB); a listing
 * resumed with it starts strictly after that key in its direction, at the then current revision.
 *
 * <p>Not thread-safe.
 */
final class EtcdKvIterator implements KvIterator {
  private record Item(byte[] packedKey, KvEntry entry) {}

  private final Connection connection;
  private final Revision revision;
  private final Runnable ensureUsable;
  private final byte[] begin;
  private final byte[] end;
  private final boolean reverse;
  private final int batchSize;
  private final ArrayDeque<Item> batch = new ArrayDeque<>();
  private byte[] resumeAfter;
  private int remaining;
  private boolean exhausted;
  private String lastCursor;

  EtcdKvIterator(Connection connection, Revision revision, Runnable ensureUsable,
      ListSelector selector) {
    this.connection = connection;
    this.revision = revision;
    this.ensureUsable = ensureUsable;
    this.begin = selector.range().begin();
    this.end = selector.range().end();
    this.reverse = selector.isReverse();
    this.batchSize = selector.batchSize();
    this.remaining = selector.limit();
    this.resumeAfter = selector.cursor() == null ? null : decode(selector.cursor(), begin, end);
    exhausted = remaining == 0 || Arrays.compareUnsigned(begin, end) >= 0;
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
    lastCursor = Base64.getUrlEncoder().withoutPadding().encodeToString(item.packedKey());
    return item.entry();
  }

  @Override
  public String cursor() {
    return lastCursor;
  }

  @Override
  public void close() {
    exhausted = true;
    batch.clear();
  }

  private void fill() {
    int wanted = Math.min(batchSize, remaining);
    byte[] from = begin;
    byte[] to = end;
    if (resumeAfter != null) {
      if (reverse) {
        to = resumeAfter;
      } else {
        from = Arrays.copyOf(resumeAfter, resumeAfter.length + 1); // the next key after it
      }
    }
    List<KeyValue> page = connection.range(from, to, wanted, reverse, revision);
    KeySpace keys = connection.keys();
    for (KeyValue kv : page) {
      byte[] packed = keys.unprefixed(kv.getKey());
      batch.add(new Item(packed, Connection.entry(Tuple.unpack(packed), kv)));
      resumeAfter = packed;
    }
    remaining -= page.size();
    if (page.size() < wanted || remaining == 0) {
      exhausted = true;
    }
  }

  private static byte[] decode(String cursor, byte[] begin, byte[] end) {
    byte[] key;
    try {
      key = Base64.getUrlDecoder().decode(cursor);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Malformed list cursor '" + cursor + "': not base64url", e);
    }
    if (key.length == 0) {
      throw new IllegalArgumentException("Malformed list cursor '" + cursor + "': empty");
    }
    if (Arrays.compareUnsigned(key, begin) < 0 || Arrays.compareUnsigned(key, end) >= 0) {
      throw new IllegalArgumentException(
          "List cursor '" + cursor + "' lies outside the listed range; it belongs to another listing");
    }
    return key;
  }
}
