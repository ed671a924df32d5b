package dev.tessera.kv.lmdb;

import dev.tessera.internal.kv.PackedKeys;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Tuple;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import org.agrona.DirectBuffer;
import org.lmdbjava.Txn;

/**
 * The embedded {@link KvStore} on LMDB (through lmdbjava with Agrona buffers, so the JVM needs no
 * {@code --add-opens} flags).
 *
 * <pre>{@code
 * try (LmdbKvStore store = LmdbKvStore.open(Path.of("data/users"))) {
 *   CommitResult result = store.atomic()
 *       .check(Tuple.of("users", 42), null)          // must be absent
 *       .set(Tuple.of("users", 42), recordBytes)
 *       .commit();
 *   KvEntry entry = store.get(Tuple.of("users", 42));
 * }
 * }</pre>
 *
 * <p><b>Layout.</b> User entries live in the LMDB database {@code tessera.data}: key = the packed
 * tuple, value = the 10-byte versionstamp of the commit that wrote it, then the user's bytes. The
 * store's own metadata (format version, last commit version) lives in a separate database
 * {@code tessera.meta}, outside the user's key space.
 *
 * <p><b>Commits and versionstamps.</b> {@code commit()} runs one LMDB write transaction: it
 * evaluates every check, and only if all hold it reads the last commit version from the metadata,
 * adds one, writes it back and applies every mutation with versionstamp (version, 0). In a
 * {@link Durability#DURABLE} store, commits that arrive while another is being written share the
 * next write transaction and its sync ({@link GroupCommit}), each in a nested transaction with its
 * own version, checks and outcome. Because the
 * counter is read and written inside the write transaction, versionstamps increase strictly across
 * commits, restarts and processes sharing the store.
 *
 * <p><b>Limits.</b> Keys up to 511 packed bytes ({@link dev.tessera.kv.KeyTooLargeException}),
 * values up to 64 MiB ({@link dev.tessera.kv.ValueTooLargeException}); both are checked when the
 * check or mutation is added, before anything is written (a read of a too-large key throws too).
 * The empty tuple is not a key.
 *
 * <p><b>Map growth.</b> See {@link LmdbOptions}: a commit that fills the map is aborted, the map
 * grows, and the commit runs again in a new transaction. Resizing needs every transaction of this
 * process closed: new transactions wait for the (short) resize, a resize waits up to {@link
 * LmdbOptions#growthWait()} for open snapshots and iterators; a thread that holds a snapshot and
 * commits into a full map gets {@link MapGrowthBlockedException} at once instead of a deadlock. When
 * another process grew the map, this one adopts the new size ({@code MDB_MAP_RESIZED}) and retries.
 * A commit that LMDB cannot write (full disk, I/O error) fails with {@link
 * StoreWriteFailedException} and writes nothing.
 *
 * <p><b>Multi-process.</b> Several processes may open one store at once (LMDB's lock file
 * coordinates them); commits are serialised by LMDB's writer lock and versionstamps stay unique and
 * increasing. The reader slots of processes that died with a snapshot open are cleared (at open,
 * every 64 commits, before the map grows and when slots run out), so a crashed reader does not
 * make the file grow. Within one JVM a store may be open only once ({@link
 * StoreAlreadyOpenException}): share the instance.
 *
 * <p><b>Files.</b> A new store's directory and files are readable by their owner only unless
 * {@link LmdbOptions#fileAccess()} says otherwise. A creation interrupted by a crash is finished by
 * the next open.
 *
 * <p><b>Threads.</b> Thread-safe: any number of threads may read and commit at once. Read
 * transactions use {@code MDB_NOTLS}, so they are not tied to threads. Commits are serialised by
 * LMDB; each reads the current state in its own write transaction, so concurrent check-and-sets on
 * one key let exactly one win.
 *
 * <p><b>Closing.</b> {@link #close()} refuses new work, ends open snapshots and iterators (their
 * next use throws {@link StoreClosedException}), lets reads and commits already inside LMDB finish,
 * then closes LMDB. Commits that have not begun their transaction fail with {@link
 * StoreClosedException}; every use after close throws it.
 */
public final class LmdbKvStore implements KvStore {
  private final LmdbEnvironment environment;
  /** A point read in a pooled transaction, made once, so that a get allocates no function. */
  private final BiFunction<Tuple, Txn<DirectBuffer>, KvEntry> pointRead;

  private LmdbKvStore(LmdbEnvironment environment) {
    this.environment = environment;
    DataTable data = environment.data();
    this.pointRead = (key, txn) -> data.get(txn, key, StoredEntry.packKey(key));
  }

  /**
   * Opens the store in {@code directory} with {@link LmdbOptions#defaults()}, creating the
   * directory and an empty store if there is none.
   *
   * @param directory the store's directory
   * @return the open store, to close
   * @throws NotATesseraStoreException if the path holds something else (left untouched)
   * @throws IncompatibleStoreException if the store was written by a newer format
   * @throws TruncatedStoreException if data.mdb is shorter than its last commit (left untouched)
   * @throws StoreAlreadyOpenException if this JVM has it open already
   */
  public static LmdbKvStore open(Path directory) {
    return open(directory, LmdbOptions.defaults());
  }

  /**
   * Opens the store in {@code directory} with {@code options}, creating it if there is none.
   *
   * @param directory the store's directory
   * @param options how to open it
   * @return the open store, to close
   * @throws NotATesseraStoreException if the path holds something else (left untouched)
   * @throws IncompatibleStoreException if the store was written by a newer format
   * @throws TruncatedStoreException if data.mdb is shorter than its last commit (left untouched)
   * @throws StoreAlreadyOpenException if this JVM has it open already
   */
  public static LmdbKvStore open(Path directory, LmdbOptions options) {
    return new LmdbKvStore(LmdbEnvironment.open(directory, options));
  }

  /**
   * Opens the existing store in {@code directory} for reading only (LMDB's {@code MDB_RDONLY}):
   * {@code data.mdb} is opened read-only, so a store whose data file this process may not write
   * can be read, and nothing in the directory is created or changed but LMDB's lock file (which
   * readers need to register; created if missing and removed again if the open fails). Reads,
   * snapshots, statistics and backups work as in a store opened for writing; an operation from
   * {@link #atomic()} can be built and checked, but its {@code commit()} throws {@link
   * UnsupportedOperationException}. A generated repository opens on it when the catalog already
   * records its entity's current shape with its number (the store was opened for writing with that
   * repository before); else its constructor throws {@code UnsupportedOperationException} naming
   * the entity.
   *
   * <pre>{@code
   * try (LmdbKvStore store = LmdbKvStore.openReadOnly(Path.of("data/users"))) {
   *   KvEntry entry = store.get(Tuple.of("users", 42));
   * }
   * }</pre>
   *
   * @param directory the store's directory
   * @return the open store, to close
   * @throws NotATesseraStoreException if the path does not hold a store (a missing directory,
   *     no data.mdb, not an LMDB database, no Tessera metadata); nothing is created
   * @throws IncompatibleStoreException if the store was written by a newer format
   * @throws TruncatedStoreException if data.mdb is shorter than its last commit
   * @throws StoreAlreadyOpenException if this JVM has it open already
   * @throws UncheckedIOException if data.mdb cannot be read or lock.mdb cannot be written
   */
  public static LmdbKvStore openReadOnly(Path directory) {
    return new LmdbKvStore(LmdbEnvironment.open(directory, LmdbOptions.defaults(), true));
  }

  @Override
  public KvEntry get(Tuple key) {
    StoredEntry.packKey(key); // refuses a key LMDB would refuse before a transaction begins
    return environment.read("get", key, pointRead);
  }

  /** Both reads in one pooled read transaction; the pointer is never copied out on its own. */
  @Override
  public KvEntry getPointed(Tuple pointerKey, Tuple targetPrefix) {
    byte[] packed = StoredEntry.packKey(pointerKey);
    byte[] prefix = PackedKeys.of(targetPrefix);
    DataTable data = environment.data();
    return environment.read("getPointed", txn -> data.getPointed(txn, pointerKey, packed, prefix));
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    List<byte[]> packed = LmdbSnapshot.packAll(keys);
    DataTable data = environment.data();
    return environment.read("getMany", txn -> LmdbSnapshot.readAll(txn, data, keys, packed));
  }

  /**
   * {@inheritDoc}
   *
   * <p>The cursor is the last returned key, packed and base64url-encoded; a listing resumed with it
   * starts strictly after that key in its direction.
   *
   * @throws IllegalArgumentException if the selector's cursor is malformed or outside its range
   */
  @Override
  public KvIterator list(ListSelector selector) {
    if (environment.isClosed()) {
      throw new StoreClosedException(environment.name(), "list");
    }
    return LmdbKvIterator.inShortTransactions(environment, selector);
  }

  @Override
  public KvSnapshot snapshot() {
    return environment.beginRead("snapshot");
  }

  @Override
  public AtomicOperation atomic() {
    if (environment.isClosed()) {
      throw new StoreClosedException(environment.name(), "start an atomic operation");
    }
    // On a store opened read-only the operation can be built (a verify walk builds one per batch
    // and commits only what it would fix); its commit refuses.
    return new LmdbAtomicOperation(environment);
  }

  /** {@return the store's directory} */
  public Path directory() {
    return environment.directory();
  }

  /** The store's directory, as messages name the store. */
  @Override
  public String toString() {
    return directory().toString();
  }

  /** {@return the current size of the LMDB map in this process, in bytes (it grows by itself)} */
  public long mapSize() {
    return environment.mapSize();
  }

  /**
   * Writes a consistent copy of the store into {@code target} while the store stays in use: the
   * copy is one snapshot (LMDB's {@code mdb_env_copy2} in a read transaction), so commits go on
   * meanwhile and the copy holds exactly the commits before it began. The copy is then opened as
   * a store to verify it. {@code target} is created if missing; an existing one must be an empty
   * directory. The copy's files get the permissions of this store's {@link
   * LmdbOptions#fileAccess()} (owner-only by default), as a new store's do; a directory created
   * here too, while an existing directory keeps its own.
   *
   * <pre>{@code
   * StoreStatistics copy = store.backup(Path.of("backups/users-2024-06-01"));
   * }</pre>
   *
   * <p>While the copy runs, this process cannot grow the map: a commit that needs a larger map
   * waits for the copy up to {@link LmdbOptions#growthWait()}. Thread-safe.
   *
   * @param target the directory to copy into
   * @return the statistics of the verified copy
   * @throws IllegalArgumentException if {@code target} is a file or a non-empty directory (nothing
   *     is written)
   * @throws UncheckedIOException if the copy cannot be written; a partial copy is removed
   */
  public StoreStatistics backup(Path target) {
    return StoreBackup.write(environment, target, false);
  }

  /**
   * As {@link #backup(Path)}, but the copy leaves out free pages and renumbers the pages
   * ({@code MDB_CP_COMPACT}): smaller for a store that has shrunk, and slower to write.
   * Thread-safe.
   *
   * @param target the directory to copy into
   * @return the statistics of the verified copy
   * @throws IllegalArgumentException if {@code target} is a file or a non-empty directory
   * @throws UncheckedIOException if the copy cannot be written; a partial copy is removed
   */
  public StoreStatistics compactBackup(Path target) {
    return StoreBackup.write(environment, target, true);
  }

  /**
   * {@return the file, map and B-tree figures of the store now (one read transaction)} Thread-safe.
   *
   * @see StoreStatistics
   */
  public StoreStatistics statistics() {
    return environment.statistics();
  }

  /** The group commit of a durable store, or {@code null} (for tests and diagnostics). */
  GroupCommit groupCommit() {
    return environment.groupCommit();
  }

  /** How often this store adopted a map grown by another process (for tests and diagnostics). */
  int adoptedGrowths() {
    return environment.adoptedGrowths();
  }

  /** The number of LMDB transactions of this process open now (for tests and diagnostics). */
  int openTransactions() {
    return environment.openTransactions();
  }

  /** See the class documentation, "Closing". Idempotent; thread-safe. */
  @Override
  public void close() {
    environment.close();
  }
}
