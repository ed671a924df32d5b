package dev.tessera.kv;

import dev.tessera.internal.kv.Pointer;
import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * An ordered key store: keys are {@link Tuple}s ordered by their packed bytes, every entry carries
 * the {@link dev.tessera.tuple.Versionstamp} of the commit that last wrote it, and writes happen
 * through {@link #atomic() atomic check-and-write operations}.
 *
 * <p>Implementations are thread-safe: any number of threads may read and commit at once. Reads see
 * a consistent snapshot; a multi-key read ({@link #getMany}, each batch of a {@link #list}
 * iteration, every read through one {@link #snapshot()}) sees one snapshot.
 */
public interface KvStore extends KvReader, AutoCloseable {

  /**
   * Reads one key. Never returns {@code null}: an absent key gives an entry whose {@link
   * KvEntry#exists()} is false, which can still be passed to {@link AtomicOperation#check(KvEntry)}.
   */
  @Override
  KvEntry get(Tuple key);

  /** Reads several keys in one snapshot; the result is in the order of {@code keys}. */
  @Override
  List<KvEntry> getMany(List<Tuple> keys);

  /**
   * Lists the entries selected by {@code selector}, lazily, in key order (descending when
   * reversed). The listing reads in batches of at most {@link ListSelector#batchSize()} entries,
   * each in a short read of its own that ends before the batch is handed out, so between calls the
   * iterator holds no transaction or other resource of the store: one that is never closed (say,
   * behind a short-circuited stream) costs nothing. Closing it is still allowed and harmless.
   *
   * <p>Consistency: each batch is one snapshot, and a later batch may see later commits. Keys come
   * in strict order and never twice; a key present throughout the iteration is returned exactly
   * once; a key inserted or deleted meanwhile may or may not be returned; an entry's value and
   * versionstamp are those of the batch that read it. For one snapshot over the whole listing, list
   * through {@link #snapshot()}.
   */
  @Override
  KvIterator list(ListSelector selector);

  /**
   * Opens a read-only snapshot: several reads that must agree with each other (an index lookup and
   * the records it points to) go through one snapshot.
   *
   * @return the snapshot, to close
   */
  KvSnapshot snapshot();

  /**
   * Reads the entry a pointer names, both reads in one snapshot: the value stored under {@code
   * pointerKey} is the packing of some key parts (a unique index entry holds the primary key parts
   * of its record), and the entry read is the key {@code targetPrefix} followed by those parts. The
   * same as reading both keys through one {@link #snapshot()}, which the default does; a store may
   * do it in one short read (LMDB: one read transaction, the pointer never copied out of the map).
   *
   * <pre>{@code
   * // (7, "a@x") -> packed ("u1");  (1, "u1") -> the record
   * KvEntry record = store.getPointed(Tuple.of(7, "a@x"), Tuple.of(1));   // the entry of (1, "u1")
   * }</pre>
   *
   * @param pointerKey the key of the pointer
   * @param targetPrefix the parts the named key starts with
   * @return the entry of the named key (absent when nothing is stored there), or {@code null} when
   *     nothing is stored under {@code pointerKey}
   * @throws CorruptRecordException naming {@code pointerKey} if its value is not a packed tuple
   */
  default KvEntry getPointed(Tuple pointerKey, Tuple targetPrefix) {
    try (KvSnapshot snapshot = snapshot()) {
      return Pointer.follow(snapshot, pointerKey, targetPrefix);
    }
  }

  /**
   * Starts an atomic operation: checks and mutations applied together by {@code commit()}.
   *
   * @return the operation, to commit
   */
  AtomicOperation atomic();

  /**
   * Over how many keys a counter that every writer adds to (an entity's record count) should be
   * spread, so that concurrent commits do not all conflict on one key. A store that applies commits
   * one at a time (LMDB) gains nothing from spreading and returns 1, the default; a store whose
   * counter additions are checked read-modify-writes (etcd) returns more. Readers sum every shard
   * whatever this returns, so the value may differ between the processes sharing a store and
   * between versions.
   *
   * @return at least 1
   */
  default int counterShards() {
    return 1;
  }

  /** Closes the store. Iterators still open and commits in flight fail with a clear exception. */
  @Override
  void close();
}
