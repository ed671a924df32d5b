package dev.tessera.testkit;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;

/**
 * The committed state of a simulated key store, shared by its connections ({@link
 * SimulatedKvStore}) as a server's data is shared by its clients: an ordered map of packed keys,
 * kept as one immutable version per commit so that snapshots read old versions, and a seeded random
 * source that decides, at each call of a connection, which fault to inject (see {@link FaultPlan}).
 *
 * <p>What each fault stands for on the real backends:
 *
 * <table>
 *   <caption>Injected faults</caption>
 *   <tr><th>fault</th><th>LMDB</th><th>etcd</th></tr>
 *   <tr><td>unknown outcome</td><td>a machine crash during a commit: the caller never learns whether
 *       it landed (a process crash is the crash fault)</td><td>{@code CommitOutcomeUnknownException}:
 *       no majority answered within the outcome timeout</td></tr>
 *   <tr><td>conflict</td><td>another writer of the same environment committed first (checks are
 *       evaluated in the single write transaction)</td><td>a compare failed: another client's
 *       transaction changed the key's {@code mod_revision}</td></tr>
 *   <tr><td>commit too large</td><td>never (LMDB commits are unbounded)</td><td>{@code
 *       CommitTooLargeException}: {@code --max-txn-ops} or {@code --max-request-bytes}</td></tr>
 *   <tr><td>expired snapshot</td><td>never (a read transaction pins its pages)</td><td>{@code
 *       SnapshotCompactedException}: compaction passed the revision a snapshot or a listing reads
 *       at</td></tr>
 *   <tr><td>crash</td><td>{@code kill -9} of the process: memory is lost, committed data stays</td>
 *       <td>the client process dies; the cluster keeps what it committed</td></tr>
 *   <tr><td>delay</td><td>a stalled thread (GC pause, descheduling)</td><td>a slow round trip or a
 *       leader election</td></tr>
 * </table>
 *
 * <p>Thread-safe: every state change happens under this object's lock; scheduling points are
 * reached outside it.
 */
public final class SimulatedStorage {
  private static final int MAX_KEY_BYTES = 511;
  /** How many versions stay readable without an injected compaction, as etcd's auto-compaction keeps a window. */
  private static final int HISTORY = 1024;

  private final Random random;
  private final FaultPlan faults;
  private final int counterShards;
  private volatile SchedulingPoints points = SchedulingPoints.NONE;
  private NavigableMap<byte[], KvEntry> current = Collections.unmodifiableNavigableMap(
      new TreeMap<>(Arrays::compareUnsigned));
  private final Map<Long, NavigableMap<byte[], KvEntry>> history = new TreeMap<>();
  private long version;
  private long compactedBelow;
  private int epoch;
  private final List<Boolean> unknownOutcomes = new ArrayList<>();

  /**
   * A simulated store, empty.
   *
   * @param seed decides every injected fault
   * @param faults which faults, how often
   * @param counterShards what {@link SimulatedKvStore#counterShards()} answers (etcd answers more
   *     than 1, LMDB 1)
   */
  public SimulatedStorage(long seed, FaultPlan faults, int counterShards) {
    this.random = new Random(seed);
    this.faults = faults;
    this.counterShards = counterShards;
    history.put(0L, current);
  }

  /** An empty store without faults, one counter shard. */
  public static SimulatedStorage faultless() {
    return new SimulatedStorage(0, FaultPlan.none(), 1);
  }

  /** Sends every scheduling point of every connection to {@code points}. */
  public void scheduleWith(SchedulingPoints points) {
    this.points = points;
  }

  /** A new connection: a client process that starts with nothing in memory. */
  public synchronized SimulatedKvStore connect() {
    return new SimulatedKvStore(this, epoch, false);
  }

  /**
   * A connection that never faults, never crashes and never reaches a scheduling point: for checking
   * the data between steps of a simulation without disturbing it.
   */
  public SimulatedKvStore inspector() {
    return new SimulatedKvStore(this, -1, true);
  }

  /** Crashes every connection opened so far; the committed data stays. */
  public synchronized void crash() {
    epoch++;
    points.record("crash epoch=" + epoch);
  }

  /** The number of crashes so far. */
  public synchronized int crashes() {
    return epoch;
  }

  /** The newest committed version. */
  public synchronized long version() {
    return version;
  }

  /**
   * Whether commit {@code commitId} of a {@link SimulatedCommitOutcomeUnknownException} was applied:
   * the truth a test resolves an unknown outcome against once it has read the data.
   */
  public synchronized boolean applied(long commitId) {
    return unknownOutcomes.get((int) commitId);
  }

  int counterShards() {
    return counterShards;
  }

  SchedulingPoints points() {
    return points;
  }

  // ---- calls of connections; each reaches a scheduling point, then may meet a fault ----

  /** Reached before every call of a faulting connection: schedule, then maybe crash or delay. */
  void before(SimulatedKvStore connection, String call) {
    if (connection.inspecting()) {
      return;
    }
    points.reached(call);
    boolean delay;
    synchronized (this) {
      requireAlive(connection, call);
      if (!call.startsWith("commit") && chance(faults.crash())) {
        crash();
        throw new SimulatedCrashException(call);
      }
      delay = chance(faults.delay());
    }
    if (delay) {
      points.delay(1_000_000L + randomLong(50_000_000L));
    }
  }

  private synchronized long randomLong(long bound) {
    return (long) (random.nextDouble() * bound);
  }

  synchronized void requireAlive(SimulatedKvStore connection, String call) {
    if (!connection.inspecting() && connection.epoch() != epoch) {
      throw new SimulatedCrashException(call);
    }
  }

  /** The newest version, to read at; it stays readable until compacted. */
  synchronized long readVersion() {
    return version;
  }

  /**
   * The state at {@code at}, after maybe compacting it away (when {@code mayExpire}: a read at a
   * revision older than the newest).
   */
  synchronized NavigableMap<byte[], KvEntry> stateAt(SimulatedKvStore connection, long at,
      boolean mayExpire, String call) {
    requireAlive(connection, call);
    if (!connection.inspecting() && mayExpire && at < version && chance(faults.expiredSnapshot())) {
      compactedBelow = version;
      history.keySet().removeIf(v -> v < compactedBelow);
      points.record("compact below=" + compactedBelow);
    }
    if (at < compactedBelow) {
      throw new SimulatedSnapshotExpiredException(at, compactedBelow);
    }
    NavigableMap<byte[], KvEntry> state = history.get(at);
    if (state == null) {
      throw new IllegalStateException("no version " + at + " in the simulated history");
    }
    return state;
  }

  /** Evaluates and applies one commit, injecting the commit faults. */
  synchronized CommitResult commit(SimulatedKvStore connection, SimulatedAtomicOperation op) {
    requireAlive(connection, "commit");
    boolean inspecting = connection.inspecting();
    int size = op.size();
    if (!inspecting && size > faults.commitLimit()) {
      points.record("too-large " + size);
      throw new SimulatedCommitTooLargeException(faults.commitLimit(), size);
    }
    if (!inspecting && chance(faults.conflict())) {
      interfere(op);
    }
    boolean crash = !inspecting && chance(faults.crash());
    boolean unknown = !inspecting && !crash && chance(faults.unknownOutcome());
    boolean apply = !(crash || unknown) || random.nextBoolean();
    CommitResult result = apply ? evaluateAndApply(op) : null;
    if (crash) {
      points.record("crash-in-commit applied=" + (result != null && result.ok()));
      crash();
      throw new SimulatedCrashException("commit");
    }
    if (unknown) {
      long id = unknownOutcomes.size();
      unknownOutcomes.add(result != null && result.ok());
      points.record("unknown-outcome " + id + " applied=" + (result != null && result.ok()));
      throw new SimulatedCommitOutcomeUnknownException(id);
    }
    points.record(result.ok() ? "commit ok " + result.versionstamp() + " ops=" + size
        : "commit failed on " + result.failedKey());
    return result;
  }

  /** A competing commit rewrites one key that {@code op} checks, so the check fails. */
  private void interfere(SimulatedAtomicOperation op) {
    List<byte[]> present = new ArrayList<>();
    for (byte[] key : op.checkedKeys(current)) {
      if (current.containsKey(key)) {
        present.add(key);
      }
    }
    if (present.isEmpty()) {
      return;
    }
    byte[] key = present.get(random.nextInt(present.size()));
    KvEntry entry = current.get(key);
    NavigableMap<byte[], KvEntry> next = new TreeMap<>(current);
    Versionstamp stamp = Versionstamp.of(version + 1, 0);
    next.put(key, new KvEntry(entry.key(), entry.value(), stamp));
    publish(next);
    points.record("interfere " + entry.key());
  }

  private CommitResult evaluateAndApply(SimulatedAtomicOperation op) {
    CommitResult failed = op.evaluateChecks(current);
    if (failed != null) {
      return failed;
    }
    Versionstamp stamp = Versionstamp.of(version + 1, 0);
    NavigableMap<byte[], KvEntry> next = new TreeMap<>(current);
    op.applyTo(next, stamp);
    publish(next);
    return CommitResult.success(stamp);
  }

  private void publish(NavigableMap<byte[], KvEntry> next) {
    version++;
    current = Collections.unmodifiableNavigableMap(next);
    history.put(version, current);
    // Keep a bounded history: the oldest versions go, as a real store's compaction does.
    if (history.size() > HISTORY) {
      long oldest = history.keySet().iterator().next();
      history.remove(oldest);
      compactedBelow = Math.max(compactedBelow, oldest + 1);
    }
  }

  private boolean chance(double probability) {
    return probability > 0 && random.nextDouble() < probability;
  }

  static void checkKeySize(Tuple key) {
    int size = key.packedSize();
    if (size > MAX_KEY_BYTES) {
      throw new dev.tessera.kv.KeyTooLargeException(key, size, MAX_KEY_BYTES);
    }
  }
}
