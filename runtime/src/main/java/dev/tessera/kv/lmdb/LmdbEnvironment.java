package dev.tessera.kv.lmdb;

import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Versionstamp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.agrona.DirectBuffer;
import org.lmdbjava.CopyFlags;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.EnvInfo;
import org.lmdbjava.LmdbNativeException;
import org.lmdbjava.Stat;
import org.lmdbjava.Txn;

/**
 * The open LMDB environment and everything that must be coordinated around it: transactions are
 * admitted through a {@link TransactionGate}, the map grows (or adopts another process's growth)
 * only while no transaction of this process is open, and closing first ends every open snapshot
 * and waits for running transactions, so the closed environment is never touched.
 *
 * <p>Thread-safe.
 */
final class LmdbEnvironment {
  // LMDB forbids one environment opened twice in a process; guard it per canonical path.
  private static final Set<Path> OPEN_IN_THIS_JVM = ConcurrentHashMap.newKeySet();
  private static final long MAP_SIZE_GRANULE = 64L << 10;
  /** Every this many write transactions, reader slots of dead processes are cleared. */
  private static final int STALE_READER_CHECK_INTERVAL = 64;
  private static final System.Logger LOG = System.getLogger("dev.tessera.store");

  private final Path directory;
  private final Path canonical;
  private final String name;
  private final LmdbOptions options;
  private final boolean readOnly;
  private final Env<DirectBuffer> env;
  private final DataTable data;
  private final StoreMetadata metadata;
  private final TransactionGate gate;
  private final ReadTransactionPool readers;
  /** Open snapshots' and iterators' sessions (each knows where it was opened). */
  private final OpenSessions sessions = new OpenSessions();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final CountDownLatch finalFlush = new CountDownLatch(1);
  private volatile boolean finalFlushDone;
  private volatile long mapSize;
  private final GroupCommit groupCommit;
  private final java.util.concurrent.atomic.AtomicInteger adoptedGrowths =
      new java.util.concurrent.atomic.AtomicInteger();
  private final java.util.concurrent.atomic.AtomicLong writeTransactions =
      new java.util.concurrent.atomic.AtomicLong();

  private LmdbEnvironment(Path directory, Path canonical, LmdbOptions options, boolean readOnly,
      Env<DirectBuffer> env, Dbi<DirectBuffer> data, Dbi<DirectBuffer> meta) {
    this.directory = directory;
    this.canonical = canonical;
    this.name = directory.toString();
    this.options = options;
    this.readOnly = readOnly;
    this.env = env;
    this.data = new DataTable(data);
    this.metadata = new StoreMetadata(meta);
    this.gate = new TransactionGate(name);
    this.readers = new ReadTransactionPool(env);
    this.mapSize = env.info().mapSize;
    // Only a durable commit pays a sync worth sharing; without one, batching only adds hand-offs.
    this.groupCommit = options.durability() == Durability.DURABLE && !readOnly
        ? new GroupCommit(this) : null;
  }

  /** Opens or creates the store in {@code dir}; see {@link LmdbKvStore#open(Path, LmdbOptions)}. */
  static LmdbEnvironment open(Path dir, LmdbOptions options) {
    return open(dir, options, false);
  }

  /**
   * Opens the store in {@code dir}; see {@link LmdbKvStore#open(Path, LmdbOptions)}, and {@link
   * LmdbKvStore#openReadOnly(Path)} for {@code readOnly}, which creates nothing but LMDB's lock
   * file and opens the data file for reading only.
   */
  static LmdbEnvironment open(Path dir, LmdbOptions options, boolean readOnly) {
    Path directory = dir.toAbsolutePath().normalize();
    boolean fresh = readOnly
        ? StoreDirectory.requireStore(directory)
        : StoreDirectory.prepare(directory, options.fileAccess());
    Path canonical = canonical(directory);
    if (!OPEN_IN_THIS_JVM.add(canonical)) {
      throw new StoreAlreadyOpenException(directory);
    }
    boolean lockFileExisted = Files.exists(directory.resolve(StoreDirectory.LOCK_FILE));
    Env<DirectBuffer> env = null;
    try {
      env = Env.create(DirectBufferProxy.PROXY_DB)
          .setMapSize(options.initialMapSize())
          .setMaxDbs(4)
          .setMaxReaders(options.maxReaders())
          .open(directory.toFile(), options.fileAccess().fileMode(), flags(options, readOnly));
      checkNotTruncated(env, directory);
      if (!fresh) {
        adoptStoredMapSize(env, options);
      }
      clearStaleReaders(env, directory);
      Handles dbis = readOnly ? openReadOnly(env, directory) : openOrCreate(env, directory, fresh);
      if (dbis.created() && options.durability() == Durability.DURABLE) {
        env.sync(true); // the new store's meta page (MDB_NOMETASYNC left it to the next flush)
      }
      return new LmdbEnvironment(
          directory, canonical, options, readOnly, env, dbis.data(), dbis.meta());
    } catch (Env.FileInvalidException | Env.VersionMismatchException e) {
      cleanUpFailedOpen(env, canonical, directory, lockFileExisted);
      throw new NotATesseraStoreException(directory, "LMDB cannot read it: " + e.getMessage(), e);
    } catch (LmdbNativeException.ConstantDerivedException e) {
      // An errno such as EACCES or EROFS: read-only directory or files. LMDB's message names no path.
      cleanUpFailedOpen(env, canonical, directory, lockFileExisted);
      throw new UncheckedIOException("Cannot open the store in " + directory + ": " + e.getMessage()
          + (readOnly ? " (LMDB needs to read data.mdb and to read and write lock.mdb there)"
              : " (LMDB needs to read and write data.mdb and lock.mdb there)"),
          new IOException(e));
    } catch (IOException e) {
      cleanUpFailedOpen(env, canonical, directory, lockFileExisted);
      throw new UncheckedIOException("Cannot open the store in " + directory, e);
    } catch (RuntimeException e) {
      cleanUpFailedOpen(env, canonical, directory, lockFileExisted);
      throw e;
    }
  }

  /**
   * Refuses a data file shorter than its newest meta page says (last used page + 1, in pages):
   * LMDB does not check, maps the file, and the first read of a missing page kills the JVM with
   * SIGBUS. LMDB reads the meta pages with {@code pread} when it opens, so nothing has touched a
   * missing page yet. The meta page is read before the file size: another process's commit writes
   * its pages before its meta page, so the file can only have grown meanwhile.
   */
  private static void checkNotTruncated(Env<DirectBuffer> env, Path directory)
      throws IOException {
    long usedPages = env.info().lastPageNumber + 1;
    long expected = usedPages * env.stat().pageSize;
    Path file = directory.resolve(StoreDirectory.DATA_FILE);
    long size = Files.size(file);
    if (size < expected) {
      throw new TruncatedStoreException(file, size, expected);
    }
  }

  /** The two LMDB databases of a store, and whether this open created them. */
  private record Handles(Dbi<DirectBuffer> data, Dbi<DirectBuffer> meta, boolean created) {}

  private static EnvFlags[] flags(LmdbOptions options, boolean readOnly) {
    if (readOnly) {
      return new EnvFlags[] {EnvFlags.MDB_NOTLS, EnvFlags.MDB_RDONLY_ENV};
    }
    // MDB_NOTLS: read transactions are not bound to threads, so thread pools and iterators handed
    // between threads neither exhaust reader slots nor break.
    // MDB_NOMETASYNC (durable): a commit still flushes its data pages before it writes the meta
    // page, so a crash never leaves a meta page pointing at unwritten pages (LMDB: "maintains
    // database integrity"); the meta page is flushed by syncCommitted() after the writer lock is
    // released, so one sync can cover batches committed meanwhile (see GroupCommit).
    return options.durability() == Durability.NO_SYNC
        ? new EnvFlags[] {EnvFlags.MDB_NOTLS, EnvFlags.MDB_NOSYNC}
        : new EnvFlags[] {EnvFlags.MDB_NOTLS, EnvFlags.MDB_NOMETASYNC};
  }

  // The builder always sets a map size; never shrink below what the file already uses or what
  // another process configured (set_mapsize(0) adopts the size recorded in the file).
  private static void adoptStoredMapSize(Env<DirectBuffer> env, LmdbOptions options) {
    env.setMapSize(0);
    if (env.info().mapSize < options.initialMapSize()) {
      env.setMapSize(options.initialMapSize());
    }
  }

  /**
   * Opens the store's databases, or creates them in an LMDB environment that holds nothing at all.
   * A store is created in one LMDB commit (both databases and the metadata), but LMDB writes
   * data.mdb's first pages when the environment opens, before that commit: a crash in between
   * leaves an environment with nothing in it, which is only an unfinished creation, and is
   * finished here. (Creating in a temporary directory and renaming it would need write access to
   * the parent directory, replace a directory the user may have prepared with its own owner and
   * modes, and leave temporary directories behind after crashes; an empty environment carries no
   * data to lose.) An environment holding anything else is refused, untouched.
   */
  private static Handles openOrCreate(Env<DirectBuffer> env, Path directory, boolean fresh) {
    List<String> names = env.getDbiNames().stream()
        .map(n -> new String(n, StandardCharsets.UTF_8)).toList();
    if (names.contains(StoreMetadata.DBI_NAME) && names.contains(StoreMetadata.DATA_DBI)) {
      return openExisting(env, directory);
    }
    if (!names.isEmpty()) {
      throw new NotATesseraStoreException(
          directory, "it is an LMDB database without Tessera's metadata");
    }
    if (!fresh) {
      LOG.log(System.Logger.Level.INFO, "Finishing the creation of the store in {0}, which a"
          + " process ended during creation left empty", directory);
    }
    return create(env, directory);
  }

  // Another process may be creating the same new store at this moment: whoever commits first
  // writes the metadata, the other finds it and only validates it.
  private static Handles create(Env<DirectBuffer> env, Path directory) {
    try (Txn<DirectBuffer> txn = env.txnWrite()) {
      Dbi<DirectBuffer> data = env.openDbi(txn, bytes(StoreMetadata.DATA_DBI), null, false,
          DbiFlags.MDB_CREATE);
      Dbi<DirectBuffer> meta = env.openDbi(txn, bytes(StoreMetadata.DBI_NAME), null, false,
          DbiFlags.MDB_CREATE);
      StoreMetadata metadata = new StoreMetadata(meta);
      if (metadata.formatVersion(txn) < 0) {
        metadata.initialize(txn);
      } else {
        checkFormat(metadata.formatVersion(txn), directory);
      }
      txn.commit();
      return new Handles(data, meta, true);
    }
  }

  // A read transaction opens the handles of existing databases; committing it keeps them open.
  private static Handles openReadOnly(Env<DirectBuffer> env, Path directory) {
    List<String> names = env.getDbiNames().stream()
        .map(n -> new String(n, StandardCharsets.UTF_8)).toList();
    if (!names.contains(StoreMetadata.DBI_NAME) || !names.contains(StoreMetadata.DATA_DBI)) {
      throw new NotATesseraStoreException(directory, names.isEmpty()
          ? "its LMDB database is empty (a store whose creation did not finish)"
          : "it is an LMDB database without Tessera's metadata");
    }
    try (Txn<DirectBuffer> txn = env.txnRead()) {
      Dbi<DirectBuffer> data = env.openDbi(txn, bytes(StoreMetadata.DATA_DBI), null, false);
      Dbi<DirectBuffer> meta = env.openDbi(txn, bytes(StoreMetadata.DBI_NAME), null, false);
      checkFormat(new StoreMetadata(meta).formatVersion(txn), directory);
      txn.commit();
      return new Handles(data, meta, false);
    }
  }

  private static Handles openExisting(Env<DirectBuffer> env, Path directory) {
    // A write transaction that writes nothing: opening handles needs one, committing it is a no-op.
    try (Txn<DirectBuffer> txn = env.txnWrite()) {
      Dbi<DirectBuffer> data = env.openDbi(txn, bytes(StoreMetadata.DATA_DBI), null, false);
      Dbi<DirectBuffer> meta = env.openDbi(txn, bytes(StoreMetadata.DBI_NAME), null, false);
      checkFormat(new StoreMetadata(meta).formatVersion(txn), directory);
      txn.commit();
      return new Handles(data, meta, false);
    }
  }

  private static void checkFormat(int version, Path directory) {
    if (version < 0) {
      throw new NotATesseraStoreException(directory, "its metadata has no format version");
    }
    if (version > StoreMetadata.FORMAT_VERSION) {
      throw new IncompatibleStoreException(directory, version, StoreMetadata.FORMAT_VERSION);
    }
  }

  // Only a lock.mdb this open created is deleted, and only while no process uses it (see
  // StoreDirectory.removeUnusedLockFile); data files are never deleted here. Refusals that must
  // leave a path untouched happen before LMDB opens it.
  private static void cleanUpFailedOpen(
      Env<DirectBuffer> env, Path canonical, Path directory, boolean lockFileExisted) {
    try {
      if (env != null) {
        env.close();
      }
    } catch (RuntimeException ignored) {
      // Best effort: the open already failed with the exception that matters.
    } finally {
      OPEN_IN_THIS_JVM.remove(canonical);
    }
    if (!lockFileExisted) {
      StoreDirectory.removeUnusedLockFile(directory);
    }
  }

  private static Path canonical(Path directory) {
    try {
      return directory.toRealPath();
    } catch (IOException e) {
      return directory;
    }
  }

  private static byte[] bytes(String name) {
    return name.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Makes every commit of a durable store that returned before this call durable: flushes the
   * file, meta page included (commits run with {@code MDB_NOMETASYNC}). Runs outside LMDB's writer
   * lock, so commits continue meanwhile. If the store is closing, waits for {@link #close()}, whose
   * final flush covers the same commits.
   *
   * @throws StoreClosedException if the store closed without its final flush
   */
  void syncCommitted() {
    try {
      gate.enterBrief("sync");
    } catch (StoreClosedException e) {
      awaitFinalFlush(e);
      return;
    }
    try {
      env.sync(true);
    } catch (LmdbNativeException.ConstantDerivedException e) {
      throw StoreWriteFailedException.flushFailed(directory, e);
    } finally {
      gate.leaveBrief();
    }
  }

  private void awaitFinalFlush(StoreClosedException closedFirst) {
    boolean interrupted = false;
    while (true) {
      try {
        finalFlush.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (!finalFlushDone) {
      throw closedFirst;
    }
  }

  /** True if the store was opened read-only: no commit can run. */
  boolean readOnly() {
    return readOnly;
  }

  /** Who may read the files this store creates (its backups). */
  FileAccess fileAccess() {
    return options.fileAccess();
  }

  /** The store's directory, for messages. */
  String name() {
    return name;
  }

  /** The store's directory. */
  Path directory() {
    return directory;
  }

  DataTable data() {
    return data;
  }

  StoreMetadata metadata() {
    return metadata;
  }

  /** The current map size of this process, in bytes. */
  long mapSize() {
    return mapSize;
  }

  /** A transaction nested in the write transaction {@code parent}, on the same thread. */
  Txn<DirectBuffer> nested(Txn<DirectBuffer> parent) {
    return env.txn(parent);
  }

  /** The group commit of a durable store, or {@code null} when commits are written alone. */
  GroupCommit groupCommit() {
    return groupCommit;
  }

  /** True if the calling thread holds an open transaction (a snapshot or an iterator). */
  boolean currentThreadInTransaction() {
    return gate.currentThreadHoldsPermits();
  }

  /** How often this process adopted a map size grown by another process. */
  int adoptedGrowths() {
    return adoptedGrowths.get();
  }

  /** The number of transactions of this process open now. */
  int openTransactions() {
    return gate.activeTransactions();
  }

  /** True once {@link #close()} has begun. */
  boolean isClosed() {
    return closed.get();
  }

  /** Opens a snapshot (a read transaction of its own); the caller closes it. */
  LmdbSnapshot beginRead(String operation) {
    while (true) {
      TransactionGate.Holder permit = gate.enter(operation);
      Txn<DirectBuffer> txn = takeReader(permit);
      if (txn == null) {
        continue;
      }
      LmdbSnapshot session = new LmdbSnapshot(
          this, sessions, permit, txn, operation, options.recordOpenSites());
      sessions.add(session);
      // close() may have swept the sessions before this one was added: then end it here.
      if (closed.get()) {
        session.closeByStore();
        throw new StoreClosedException(name, operation);
      }
      return session;
    }
  }

  /**
   * Runs {@code body} in a read transaction held only for the call: the cheap path of {@code get}
   * and {@code getMany}, with a pooled transaction and no session. {@code body} must not keep
   * anything that points into LMDB's memory, nor start other transactions.
   */
  <R> R read(String operation, Function<Txn<DirectBuffer>, R> body) {
    return read(operation, body, Function::apply);
  }

  /**
   * As {@link #read(String, Function)} with {@code body.apply(input, txn)}: a caller passes a
   * function made once and its input, so a read allocates no function object.
   */
  <I, R> R read(String operation, I input, BiFunction<I, Txn<DirectBuffer>, R> body) {
    while (true) {
      gate.enterBrief(operation);
      Txn<DirectBuffer> txn = takeReader(null);
      if (txn == null) {
        continue;
      }
      try {
        return body.apply(input, txn);
      } finally {
        readers.give(txn);
        gate.leaveBrief();
      }
    }
  }

  /**
   * A read transaction for a caller admitted by the gate with {@code permit} ({@code null}: by
   * {@link TransactionGate#enterBrief}), or {@code null} after adopting a map grown by another
   * process (the caller tries again). On null or failure, the admission has been released.
   */
  private Txn<DirectBuffer> takeReader(TransactionGate.Holder permit) {
    try {
      return takeReaderOrFreeSlots();
    } catch (Dbi.MapResizedException e) {
      leave(permit);
      adoptGrowthByAnotherProcess();
      return null;
    } catch (RuntimeException e) {
      leave(permit);
      throw e;
    }
  }

  private void leave(TransactionGate.Holder permit) {
    if (permit == null) {
      gate.leaveBrief();
    } else {
      gate.release(permit);
    }
  }

  // Idle pooled transactions, and processes that died with a transaction open, hold reader slots:
  // when slots run out, free them and try once more.
  private Txn<DirectBuffer> takeReaderOrFreeSlots() {
    try {
      return readers.take();
    } catch (Env.ReadersFullException e) {
      readers.drain();
      clearStaleReaders(env, directory);
      try {
        return readers.take();
      } catch (Env.ReadersFullException again) {
        throw new TooManyReadersException(options.maxReaders(), again);
      }
    }
  }

  /** Takes back the transaction of an ended session (its cursors closed). */
  void recycle(Txn<DirectBuffer> txn) {
    readers.give(txn);
  }

  /**
   * Runs {@code body} in a write transaction; the body commits it (or leaves it to be aborted).
   * When LMDB reports the map full, the transaction is aborted, the map grows and the body runs
   * again from the start in a new transaction, so nothing is lost and nothing is applied twice.
   * A later group commit can pass a body that applies several operations in one transaction.
   *
   * @param bytesNeeded a rough size of what the body writes, so one growth step suffices
   */
  <R> R write(String operation, long bytesNeeded, Function<Txn<DirectBuffer>, R> body) {
    return write(operation, bytesNeeded, body, Function::apply);
  }

  /**
   * As {@link #write(String, long, Function)} with {@code body.apply(input, txn)}: a caller passes
   * a function that captures nothing and its input, so a commit allocates no function object.
   */
  <I, R> R write(String operation, long bytesNeeded, I input,
      BiFunction<I, Txn<DirectBuffer>, R> body) {
    while (true) {
      TransactionGate.Holder permit = gate.enter(operation);
      long sizeSeen = mapSize;
      boolean resizedElsewhere = false;
      boolean freedReaders = false;
      try {
        if (writeTransactions.incrementAndGet() % STALE_READER_CHECK_INTERVAL == 0) {
          clearStaleReaders(env, directory);
        }
        try (Txn<DirectBuffer> txn = env.txnWrite()) {
          return body.apply(input, txn);
        }
      } catch (Env.MapFullException e) {
        // Aborted by the try block. Pages pinned by a dead process's snapshot become free once its
        // reader slot is cleared: then try again before growing (after releasing the permit).
        freedReaders = clearStaleReaders(env, directory) > 0;
      } catch (Dbi.MapResizedException e) {
        resizedElsewhere = true;
      } catch (LmdbNativeException.ConstantDerivedException e) {
        // A system error from a write transaction comes from writing the file (ENOSPC, EIO...);
        // LMDB aborted the transaction, so nothing of it is in the file.
        throw StoreWriteFailedException.commitFailed(directory, e);
      } finally {
        gate.release(permit);
      }
      if (resizedElsewhere) {
        adoptGrowthByAnotherProcess();
      } else if (!freedReaders) {
        grow(sizeSeen, bytesNeeded);
      }
    }
  }

  /**
   * Clears the reader slots of processes that ended without closing the store (killed, crashed):
   * until then LMDB counts their snapshots as open, and no page freed after them is ever reused,
   * so the file grows with every update in every other process. LMDB checks each other process in
   * the reader table once with a lock probe on lock.mdb, so this is cheap; it runs at open, every
   * {@value #STALE_READER_CHECK_INTERVAL} write transactions, before the map grows and when reader
   * slots run out. The caller holds admission (the environment is open).
   *
   * @return the number of slots cleared
   */
  private static int clearStaleReaders(Env<DirectBuffer> env, Path directory) {
    int cleared = env.readerCheck();
    if (cleared > 0) {
      LOG.log(System.Logger.Level.INFO, "Cleared {0} LMDB reader slot(s) of {1} left by processes"
          + " that ended without closing the store; the pages they pinned can be reused",
          cleared, directory);
    }
    return cleared;
  }

  private void grow(long sizeSeen, long bytesNeeded) {
    gate.exclusive(options.growthWait(), "grow the full map", this::describeOpenSessions, () -> {
      if (mapSize != sizeSeen) {
        return; // another commit grew it meanwhile
      }
      if (sizeSeen >= options.maxMapSize()) {
        throw new MapSizeLimitException(sizeSeen, options.maxMapSize());
      }
      long step = Math.max(Math.min(sizeSeen, options.maxGrowthStep()), 2 * bytesNeeded);
      long target = Math.min(roundUp(sizeSeen + step), options.maxMapSize());
      env.setMapSize(target);
      mapSize = env.info().mapSize;
    });
  }

  private void adoptGrowthByAnotherProcess() {
    gate.exclusive(options.growthWait(), "adopt the map size another process grew",
        this::describeOpenSessions, () -> {
      env.setMapSize(0);
      mapSize = env.info().mapSize;
      adoptedGrowths.incrementAndGet();
    });
  }

  // What a resize waits for, oldest first; brief reads and commits end by themselves.
  private String describeOpenSessions() {
    long now = System.nanoTime();
    List<OpenSite> open =
        sessions.all().stream().map(ReadSession::site).sorted(OpenSite.OLDEST_FIRST).toList();
    if (open.isEmpty()) {
      return "no snapshot or iterator (reads and commits in progress)";
    }
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < Math.min(open.size(), 10); i++) {
      text.append(i == 0 ? "" : "; ").append(open.get(i).describe(now));
    }
    if (open.size() > 10) {
      text.append("; and ").append(open.size() - 10).append(" more");
    }
    return text.toString();
  }

  private static long roundUp(long size) {
    return (size + MAP_SIZE_GRANULE - 1) / MAP_SIZE_GRANULE * MAP_SIZE_GRANULE;
  }

  /**
   * Copies the store into the existing, empty directory {@code target} with LMDB's own copy
   * ({@code mdb_env_copy2}): a consistent snapshot taken in a read transaction, so writers go on
   * meanwhile. The copy holds a gate permit, so the map does not grow under it (a growth waits for
   * it like for any other read transaction).
   *
   * @param compact omit free pages and renumber the pages ({@code MDB_CP_COMPACT}): slower, smaller
   */
  void copyTo(Path target, boolean compact) {
    TransactionGate.Holder permit = gate.enter("back up the store");
    try {
      if (compact) {
        env.copy(target.toFile(), CopyFlags.MDB_CP_COMPACT);
      } else {
        env.copy(target.toFile());
      }
    } finally {
      gate.release(permit);
    }
  }

  /** The file, map and B-tree figures of the store now; see {@link StoreStatistics}. */
  StoreStatistics statistics() {
    return read("read statistics", txn -> {
      Stat stat = data.stat(txn);
      long lastVersion = metadata.lastCommitVersion(txn);
      EnvInfo info = env.info();
      long fileBytes;
      try {
        fileBytes = Files.size(directory.resolve(StoreDirectory.DATA_FILE));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read the size of the store file in " + directory, e);
      }
      return new StoreStatistics(
          fileBytes,
          info.mapSize,
          (info.lastPageNumber + 1) * stat.pageSize,
          stat.pageSize,
          stat.depth,
          stat.branchPages,
          stat.leafPages,
          stat.overflowPages,
          stat.entries,
          info.numReaders,
          info.maxReaders,
          lastVersion == 0 ? null : Versionstamp.of(lastVersion, 0));
    });
  }

  /** Called once by a session when it ends: releases its gate permit and unregisters it. */
  void forget(ReadSession session, TransactionGate.Holder permit) {
    try {
      gate.release(permit);
    } finally {
      sessions.remove(session);
    }
  }

  /**
   * Closes: refuses new transactions, ends open snapshots and iterators (their next use throws
   * StoreClosedException), waits for running reads and commits, flushes (for NO_SYNC) and closes
   * LMDB. Idempotent.
   */
  void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      gate.close();
      for (ReadSession session : sessions.all()) {
        session.closeByStore();
      }
      gate.awaitIdle();
      readers.drain();
      // NO_SYNC: its promise on close; DURABLE: commits whose sync could not start any more.
      // A read-only environment has nothing to flush (and LMDB refuses to).
      if (!readOnly) {
        env.sync(true);
      }
      finalFlushDone = true;
    } finally {
      finalFlush.countDown();
      env.close();
      OPEN_IN_THIS_JVM.remove(canonical);
    }
  }
}
