package dev.tessera.testkit;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KeyTooLargeException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.kv.ValueTooLargeException;
import dev.tessera.kv.etcd.SnapshotCompactedException;
import dev.tessera.testkit.StoredState.Stored;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An in-memory {@link KvStore} with the semantics of the LMDB store, that can fail on purpose. Keys
 * are ordered by their packed bytes, every commit gets the next versionstamp ({@code (version, 0)},
 * from 1), snapshots see one committed state, and a commit evaluates its point checks, then its
 * range checks, then applies its mutations, all or nothing. The same limits hold: keys up to 511
 * packed bytes, values up to 64 MiB, counters of 8 bytes. A differential test runs random operations
 * on this store and on an LMDB store and requires identical results.
 *
 * <pre>{@code
 * SimulatedKvStore store = SimulatedKvStore.builder()
 *     .seed(42)
 *     .faults(FaultPlan.none().withUnknownOutcome(0.05).withConflict(0.05))
 *     .build();
 * UserRepository users = new UserRepository(store);
 * }</pre>
 *
 * <p><b>Faults.</b> With a {@link FaultPlan}, each call draws from a {@link SplittableRandom} seeded
 * by {@link Builder#seed}, in a fixed order, whether to inject each {@link Fault}; so the same seed
 * and the same sequence of calls give the same faults. Under a deterministic scheduler the sequence
 * of calls is itself fixed by the seed, and so is the whole run.
 *
 * <p><b>Threads.</b> Thread-safe: commits are serialised by a lock, reads see the state published
 * by the last commit. A snapshot, an iterator and an atomic operation are not thread-safe (as the
 * SPI says).
 */
public final class SimulatedKvStore implements KvStore {
  /** LMDB's largest key, in packed bytes: the simulated store has the same limit. */
  static final int MAX_KEY_SIZE = 511;
  /** The LMDB store's largest value. */
  static final int MAX_VALUE_SIZE = 64 << 20;

  private static final AtomicInteger STORES = new AtomicInteger();

  private final String name;
  private volatile FaultPlan plan;
  private final SplittableRandom random;
  private final SimulatedClock clock;
  private final StoreObserver observer;
  private final ReentrantLock commitLock = new ReentrantLock();
  private volatile StoredState state = StoredState.EMPTY;
  /** How many crashes this store has had: handles made before the latest one are dead. */
  private volatile int incarnation;
  private volatile boolean closed;
  /** Identities of commits whose outcome was left unknown; per store, so a run repeats exactly. */
  private final AtomicLong commitIds = new AtomicLong();

  private SimulatedKvStore(Builder builder) {
    this.name = "simulated store #" + STORES.incrementAndGet();
    this.plan = builder.plan;
    this.random = new SplittableRandom(builder.seed);
    this.clock = builder.clock;
    this.observer = builder.observer;
  }

  private SimulatedKvStore(StoredState state) {
    this(new Builder());
    this.state = state;
  }

  /** {@return an empty store without faults} */
  public static SimulatedKvStore create() {
    return builder().build();
  }

  /** {@return a builder: seed 0, no faults, a clock of its own, no observer} */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public KvEntry get(Tuple key) {
    byte[] packed = packKey(key);
    enter(StoreCall.GET, "get");
    return entryOf(key, state.get(packed));
  }

  @Override
  public List<KvEntry> getMany(List<Tuple> keys) {
    List<byte[]> packed = packAll(keys);
    enter(StoreCall.GET_MANY, "getMany");
    return readAll(state, keys, packed);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The cursor is the last returned key, packed and base64url-encoded, as in the LMDB store;
   * the batches grow as the LMDB store's do (1, 4, 16, ... up to the batch size, or the whole limit
   * when it fits in one batch), and each reads the store's latest state.
   *
   * @throws IllegalArgumentException if the selector's cursor is malformed or outside its range
   */
  @Override
  public KvIterator list(ListSelector selector) {
    ensureOpen("list");
    return new SimulatedIterator(this, null, selector);
  }

  @Override
  public KvSnapshot snapshot() {
    enter(StoreCall.SNAPSHOT, "snapshot");
    return new SimulatedSnapshot(this, state, incarnation);
  }

  @Override
  public AtomicOperation atomic() {
    ensureOpen("start an atomic operation");
    return new SimulatedAtomicOperation(this, incarnation);
  }

  /** Idempotent. Open snapshots and iterators then fail with {@link StoreClosedException}. */
  @Override
  public void close() {
    closed = true;
  }

  /**
   * {@return a new store holding this store's committed state now (the same entries and
   * versionstamps; the next commit of each continues from the same version), without faults or
   * observer: what a test reads and queries to check invariants without disturbing the simulation}
   * O(1): the states are immutable and shared.
   */
  public SimulatedKvStore fork() {
    return new SimulatedKvStore(state);
  }

  /**
   * Replaces this store's committed state with {@code other}'s now: a checker that keeps
   * repositories open on a {@link #fork()} brings it up to date this way before each check. Open
   * snapshots keep the state they had.
   *
   * @param other the store whose state to copy
   */
  public void copyFrom(SimulatedKvStore other) {
    commitLock.lock();
    try {
      state = other.state;
    } finally {
      commitLock.unlock();
    }
  }

  /**
   * From now on, injects the faults of {@code plan} (for example none while a test sets up data).
   *
   * @param plan the faults to inject
   */
  public void faults(FaultPlan plan) {
    this.plan = Objects.requireNonNull(plan, "plan");
  }

  /** {@return the store's name in messages ({@code simulated store #n})} */
  public String name() {
    return name;
  }

  /** {@return the clock that {@link Fault#DELAY} moves on} */
  public SimulatedClock clock() {
    return clock;
  }

  /** {@return the version of the last commit (0 before the first); for tests and traces} */
  public long lastCommitVersion() {
    return state.version();
  }

  /**
   * {@return every entry now, in key order, read in one state: what a test compares against its
   * model} Not a store call (no scheduling point, no fault).
   */
  public List<KvEntry> entries() {
    List<KvEntry> all = new ArrayList<>();
    for (Stored stored : state.entries().values()) {
      all.add(entryOf(stored.key(), stored));
    }
    return all;
  }

  /**
   * Crashes the process now, as {@link Fault#CRASH} does: every snapshot, iterator and uncommitted
   * operation is dead (it throws {@link SimulatedCrash}), the committed data stays and the store
   * takes new calls. The observer is told.
   */
  public void crash() {
    incarnation++;
    observer.crashed();
  }

  // ---- for the snapshots, iterators and operations of this store ----

  /** Fails if closed, tells the observer of {@code call}, and injects a crash or a delay. */
  void enter(StoreCall call, String operation) {
    ensureOpen(operation);
    observer.beforeCall(call);
    ensureOpen(operation);
    if (draw(plan.crash())) {
      crashNow(call + " (" + operation + ")");
    }
    if (draw(plan.delay())) {
      long nanos = nextLong(1_000_000_000L);
      clock.advance(nanos);
      observer.faultInjected(Fault.DELAY, operation + " took " + nanos + " ns");
    }
  }

  /** {@link #crash()}, then throws to the caller. */
  SimulatedCrash crashNow(String where) {
    observer.faultInjected(Fault.CRASH, where);
    crash();
    throw new SimulatedCrash("The simulation crashed the process during " + where + " on " + name);
  }

  /** Fails with {@link SimulatedCrash} if a crash happened since {@code born}. */
  void ensureAlive(int born, String operation) {
    if (born != incarnation) {
      throw new SimulatedCrash("Cannot " + operation + ": the process crashed since it was opened");
    }
  }

  void ensureOpen(String operation) {
    if (closed) {
      throw new StoreClosedException(name, operation);
    }
  }

  boolean isClosed() {
    return closed;
  }

  /** The identity of the next commit whose outcome is left unknown. */
  long nextCommitId() {
    return commitIds.incrementAndGet();
  }

  /** The latest committed state. */
  StoredState state() {
    return state;
  }

  FaultPlan plan() {
    return plan;
  }

  StoreObserver observer() {
    return observer;
  }

  ReentrantLock commitLock() {
    return commitLock;
  }

  /** Publishes the state a commit made; the caller holds the commit lock. */
  void publish(StoredState next) {
    state = next;
  }

  /** True with probability {@code p}, drawn from the store's seeded source (nothing drawn for 0). */
  boolean draw(double p) {
    if (p <= 0) {
      return false;
    }
    synchronized (random) {
      return random.nextDouble() < p;
    }
  }

  /** A number in {@code [0, bound)} from the store's seeded source. */
  long nextLong(long bound) {
    synchronized (random) {
      return random.nextLong(bound);
    }
  }

  /** Fails a snapshot read with etcd's exception when the plan says it was compacted away. */
  void maybeExpire(SimulatedSnapshot snapshot, String operation) {
    if (!snapshot.expired() && state.version() > snapshot.version() && draw(plan.snapshotExpiry())) {
      snapshot.expire();
      observer.faultInjected(Fault.SNAPSHOT_EXPIRED, operation + " at version " + snapshot.version());
    }
    if (snapshot.expired()) {
      throw new SnapshotCompactedException(snapshot.version(), state.version(), null);
    }
  }

  /** Packs {@code key}, failing as the LMDB store does on a key it would refuse. */
  static byte[] packKey(Tuple key) {
    byte[] packed = key.pack();
    if (packed.length > MAX_KEY_SIZE) {
      throw new KeyTooLargeException(key, packed.length, MAX_KEY_SIZE);
    }
    if (packed.length == 0) {
      throw new IllegalArgumentException("The empty tuple is not a valid key");
    }
    return packed;
  }

  /** Fails as the LMDB store does on a value it would refuse. */
  static void checkValue(Tuple key, byte[] value) {
    if (value.length > MAX_VALUE_SIZE) {
      throw new ValueTooLargeException(key, value.length, MAX_VALUE_SIZE);
    }
  }

  static List<byte[]> packAll(List<Tuple> keys) {
    List<byte[]> packed = new ArrayList<>(keys.size());
    for (Tuple key : keys) {
      packed.add(packKey(key));
    }
    return packed;
  }

  static List<KvEntry> readAll(StoredState state, List<Tuple> keys, List<byte[]> packed) {
    List<KvEntry> entries = new ArrayList<>(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      entries.add(entryOf(keys.get(i), state.get(packed.get(i))));
    }
    return entries;
  }

  /**
   * The entry a read hands out: copies of the bytes and of the versionstamp, never the stored
   * objects, so a caller cannot change the store, and code that compares versionstamps by identity
   * ({@code ==}) instead of {@code equals} fails here as it would on a store that decodes them
   * from bytes on every read.
   */
  static KvEntry entryOf(Tuple key, Stored stored) {
    return stored == null ? KvEntry.absent(key) : new KvEntry(key, stored.value().clone(), copy(stored.stamp()));
  }

  /** A new instance equal to {@code stamp} ({@code null} stays {@code null}). */
  static Versionstamp copy(Versionstamp stamp) {
    return stamp == null ? null : Versionstamp.fromBytes(stamp.toBytes());
  }

  /**
   * Builds a {@link SimulatedKvStore}. Not thread-safe.
   */
  public static final class Builder {
    private long seed;
    private FaultPlan plan = FaultPlan.none();
    private SimulatedClock clock = new SimulatedClock();
    private StoreObserver observer = new StoreObserver() {};

    private Builder() {}

    /**
     * The seed of the random source that decides the faults.
     *
     * @param seed the seed
     * @return this builder
     */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * The faults to inject and how often.
     *
     * @param plan the plan
     * @return this builder
     */
    public Builder faults(FaultPlan plan) {
      this.plan = Objects.requireNonNull(plan, "plan");
      return this;
    }

    /**
     * The clock that delays move on (share the simulation's).
     *
     * @param clock the clock
     * @return this builder
     */
    public Builder clock(SimulatedClock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Who sees every call and fault (a scheduler, a trace).
     *
     * @param observer the observer
     * @return this builder
     */
    public Builder observer(StoreObserver observer) {
      this.observer = Objects.requireNonNull(observer, "observer");
      return this;
    }

    /** {@return the store, empty} */
    public SimulatedKvStore build() {
      return new SimulatedKvStore(this);
    }
  }
}
