package dev.tessera.testkit.sim;

import dev.tessera.catalog.IndexCatalog;
import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.repository.EntityExistsException;
import dev.tessera.repository.EntityNotFoundException;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.Transactions;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.testkit.DeterministicScheduler;
import dev.tessera.testkit.FaultPlan;
import dev.tessera.testkit.SimulatedCrashException;
import dev.tessera.testkit.SimulatedStorage;
import dev.tessera.testkit.Trace;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One simulated run: a seed chooses the faults, the interleaving of the clients and their
 * operations; the driver checks every invariant after every step that committed, and the queries
 * against a brute-force evaluation of the records now and then.
 *
 * <p>Clients: two member writers (inserts, updates, saves, deletes of members they own, with
 * e-mails from a shared pool so unique conflicts happen), a transfer client (transactions moving
 * money between accounts), two loan clients (transactions that lend a book only if the member has
 * fewer than {@link #MAX_LOANS} loans, and return loans), a bulk client (inserts members, then
 * deletes them with one query), a verify/repair client, and an upgrade: at a step the seed chooses,
 * the loan clients reopen the loans with version 2 of the entity, whose new unique index builds
 * online on the scheduler's executor. A crash ends every client; the driver restarts them with new
 * connections, as a restarted process would.
 */
final class Simulation {
  static final int MAX_LOANS = 2;
  static final long TOTAL_MONEY = 5_000;
  private static final int ACCOUNTS = 5;
  private static final int MAX_STEPS = 60_000;
  private static final Logger QUIET = Logger.getLogger("dev.tessera");

  static {
    QUIET.setLevel(Level.OFF);
  }

  /**
   * What a run does besides its seed.
   *
   * @param faults whether the store injects faults
   * @param reverseInTransactions whether reverse queries also run inside transactions
   * @param wrapper wraps every client connection (a deliberately broken store, for tests that prove
   *     a bug is found); the driver's checks never go through it
   * @param opsPerClient how many operations each client makes per process life
   */
  record Config(boolean faults, boolean reverseInTransactions, UnaryOperator<KvStore> wrapper,
      int opsPerClient) {
    static Config ci() {
      return new Config(true, reverseInTransactionsFlag(), UnaryOperator.identity(), 12);
    }

    Config withWrapper(UnaryOperator<KvStore> wrapper) {
      return new Config(faults, reverseInTransactions, wrapper, opsPerClient);
    }

    Config withReverseInTransactions(boolean on) {
      return new Config(faults, on, wrapper, opsPerClient);
    }
  }

  /**
   * Reverse queries inside transactions are off unless {@code -Dtessera.simulation.reverseInTransactions=true}:
   * until the reverse overlay of transactions is fixed they throw.
   */
  static boolean reverseInTransactionsFlag() {
    return Boolean.getBoolean("tessera.simulation.reverseInTransactions");
  }

  /** What a run did: its trace hash, and its failure (or {@code null}) with the last steps. */
  record Outcome(long seed, String traceHash, long steps, long commits, int crashes, String failure,
      List<String> lastSteps) {
    boolean failed() {
      return failure != null;
    }

    String report() {
      StringBuilder s = new StringBuilder("seed ").append(seed).append(": ").append(failure)
          .append("\nlast steps:\n");
      lastSteps.forEach(line -> s.append("  ").append(line).append('\n'));
      return s.toString();
    }
  }

  /** Thrown by a check: an invariant does not hold. */
  static final class Violation extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Violation(String message) {
      super(message);
    }
  }

  private final long seed;
  private final Config config;
  private final Random random;
  private final Trace trace = new Trace(60);
  private final DeterministicScheduler scheduler;
  private final SimulatedStorage storage;
  private final KvStore inspector;
  private final Supplier<KvStore> connect;
  private final Clients clients;
  private final SimMemberRepository inspectMembers;
  private final SimAccountRepository inspectAccounts;
  private final SimLoanRepository inspectLoans;
  private final MemberModel model = new MemberModel();
  private final Map<String, IndexCatalogEntry> lastStates = new HashMap<>();
  private final QueryCheck queries;
  private final int upgradeAtOp;
  private volatile boolean upgraded;
  private final AtomicInteger loanIds = new AtomicInteger();
  private int epoch;

  /** Where clients run: the deterministic scheduler, or real threads. */
  interface Clients {
    void spawn(String name, Runnable body);

    Executor executor(String prefix);
  }

  private Simulation(long seed, Config config) {
    this(seed, config, new Random(seed * 31 + 7), null);
  }

  private Simulation(long seed, Config config, Random random, KvStore realStore) {
    this.seed = seed;
    this.config = config;
    this.random = random;
    int commitLimit = 24 + random.nextInt(200);
    FaultPlan faults = config.faults() ? FaultPlan.everything(commitLimit) : FaultPlan.none();
    if (realStore == null) {
      this.storage = new SimulatedStorage(seed, faults, 1 + random.nextInt(3));
      this.scheduler = new DeterministicScheduler(seed ^ 0x5DEECE66DL, trace);
      this.inspector = storage.inspector();
      this.connect = storage::connect;
      this.clients = new Clients() {
        @Override
        public void spawn(String name, Runnable body) {
          scheduler.spawn(name, body);
        }

        @Override
        public Executor executor(String prefix) {
          return scheduler.executor(prefix);
        }
      };
    } else {
      this.storage = null;
      this.scheduler = null;
      this.inspector = realStore;
      this.connect = () -> realStore;
      this.clients = new RealThreads();
    }
    RepositoryOptions blocking = RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.BLOCKING);
    this.inspectMembers = new SimMemberRepository(inspector, blocking);
    this.inspectAccounts = new SimAccountRepository(inspector, blocking);
    this.inspectLoans = new SimLoanRepository(inspector, blocking);
    for (int i = 0; i < ACCOUNTS; i++) {
      inspectAccounts.insert(new SimAccount("a" + i, "owner" + (i % 2), TOTAL_MONEY / ACCOUNTS));
    }
    for (int i = 0; i < 6; i++) {
      inspectLoans.insert(new SimLoan("seed-" + i, "m" + (i % 3), "book-seed-" + i));
    }
    this.queries = new QueryCheck(inspector, inspectMembers, new Random(seed * 17 + 3),
        config.reverseInTransactions());
    this.upgradeAtOp = random.nextInt(config.opsPerClient() * 2);
    if (storage != null) {
      storage.scheduleWith(scheduler);
    }
  }

  /** Clients on real threads, all joined by {@link #join()}. */
  private static final class RealThreads implements Clients {
    private final List<Thread> threads = new ArrayList<>();
    private final List<Throwable> failures = new ArrayList<>();

    @Override
    public synchronized void spawn(String name, Runnable body) {
      Thread thread = new Thread(() -> {
        try {
          body.run();
        } catch (RuntimeException | Error e) {
          synchronized (this) {
            failures.add(e);
          }
        }
      }, "real-" + name);
      threads.add(thread);
      thread.start();
    }

    @Override
    public Executor executor(String prefix) {
      return body -> spawn(prefix, body);
    }

    void join() throws InterruptedException {
      while (true) {
        Thread next;
        synchronized (this) {
          next = threads.stream().filter(Thread::isAlive).findFirst().orElse(null);
        }
        if (next == null) {
          return;
        }
        next.join();
      }
    }
  }

  /**
   * Runs the same clients without faults on {@code store} (LMDB, etcd) with real threads, then
   * checks every invariant once they are done.
   *
   * @return a description of the first broken invariant, or {@code null}
   */
  static String runOnRealThreads(KvStore store, long seed) throws InterruptedException {
    Config config = new Config(false, reverseInTransactionsFlag(), UnaryOperator.identity(), 12);
    Simulation simulation = new Simulation(seed, config, new Random(seed), store);
    simulation.startProcess();
    RealThreads threads = (RealThreads) simulation.clients;
    threads.join();
    synchronized (threads) {
      if (!threads.failures.isEmpty()) {
        return "a client died: " + threads.failures.get(0);
      }
    }
    try {
      simulation.checkInvariants();
      simulation.queries.check();
      return null;
    } catch (Violation v) {
      return v.getMessage();
    }
  }

  /** Runs seed {@code seed} to its end or its first failure. */
  static Outcome run(long seed, Config config) {
    Simulation simulation = new Simulation(seed, config);
    String failure = null;
    try {
      simulation.drive();
    } catch (Violation | AssertionError v) {
      failure = v.getMessage();
    } catch (RuntimeException e) {
      failure = e.toString();
    } finally {
      simulation.scheduler.abort();
    }
    return new Outcome(seed, simulation.trace.hash(), simulation.scheduler.steps(),
        simulation.storage.version(), simulation.storage.crashes(), failure, simulation.trace.lastLines());
  }

  private void drive() {
    startProcess();
    long checkedVersion = -1;
    while (true) {
      if (!scheduler.step()) {
        if (storage.crashes() > epoch && epoch < 3) {
          epoch = storage.crashes();
          startProcess();
          continue;
        }
        break;
      }
      if (scheduler.steps() > MAX_STEPS) {
        throw new Violation("no end after " + MAX_STEPS + " steps: a client livelocks");
      }
      for (Throwable t : scheduler.failures()) {
        if (!(t instanceof SimulatedCrashException)) {
          throw new Violation("a client died: " + t + " at " + List.of(t.getStackTrace()).subList(0,
              Math.min(8, t.getStackTrace().length)));
        }
      }
      if (storage.version() != checkedVersion) {
        checkedVersion = storage.version();
        checkInvariants();
      }
      if (scheduler.steps() % 40 == 0) {
        queries.check();
      }
    }
    checkInvariants();
    queries.check();
  }

  /** Starts every client of one process life on a new connection. */
  private void startProcess() {
    KvStore store = config.wrapper().apply(connect.get());
    RepositoryOptions options = RepositoryOptions.defaults()
        .withBuildExecutor(clients.executor("build" + epoch))
        .withBatchSize(2 + random.nextInt(4))
        .withInlineBuildLimit(0);
    int ops = config.opsPerClient();
    for (int w = 0; w < 2; w++) {
      int writer = w;
      long clientSeed = random.nextLong();
      clients.spawn("writer" + w + "." + epoch,
          () -> memberWriter(store, options, writer, new Random(clientSeed), ops));
    }
    long transferSeed = random.nextLong();
    clients.spawn("transfers." + epoch, () -> transfers(store, options, new Random(transferSeed), ops));
    for (int l = 0; l < 2; l++) {
      long loanSeed = random.nextLong();
      clients.spawn("loans" + l + "." + epoch, () -> loans(store, options, new Random(loanSeed), ops));
    }
    long bulkSeed = random.nextLong();
    clients.spawn("bulk." + epoch, () -> bulk(store, options, new Random(bulkSeed)));
    clients.spawn("verify." + epoch, () -> verifyRepair(store, options));
  }

  // ---- clients ----

  private void memberWriter(KvStore store, RepositoryOptions options, int writer, Random r, int ops) {
    SimMemberRepository members;
    try {
      members = new SimMemberRepository(store, options);
    } catch (RuntimeException e) {
      return; // the process died while opening
    }
    String[] tiers = {"gold", "silver", null};
    String[] tags = {"a", "b", "c"};
    for (int i = 0; i < ops; i++) {
      String id = "w" + writer + "-" + r.nextInt(5);
      List<String> memberTags = new ArrayList<>();
      for (String t : tags) {
        if (r.nextInt(3) == 0) {
          memberTags.add(t);
        }
      }
      if (r.nextInt(4) == 0 && !memberTags.isEmpty()) {
        memberTags.add(memberTags.get(0)); // a repeated element: one index entry
      }
      SimMember m = new SimMember(id, "e" + r.nextInt(8) + "@sim", tiers[r.nextInt(3)],
          "n" + r.nextInt(4), List.copyOf(memberTags));
      int kind = r.nextInt(4);
      Optional<SimMember> after = kind == 3 ? Optional.empty() : Optional.of(m);
      Set<Optional<SimMember>> before = model.begin(id, after);
      try {
        switch (kind) {
          case 0 -> members.insert(m);
          case 1 -> members.update(m);
          case 2 -> members.save(m);
          default -> {
            if (!members.delete(id)) {
              // it was absent: the delete wrote nothing
              model.acknowledged(id, Optional.empty());
              continue;
            }
          }
        }
        model.acknowledged(id, after);
      } catch (UniqueConstraintViolationException | EntityExistsException | EntityNotFoundException refused) {
        model.refused(id, before);
      } catch (SimulatedCrashException crashed) {
        model.unknown(id);
        return;
      } catch (RuntimeException unknown) {
        model.unknown(id);
      }
    }
  }

  private void transfers(KvStore store, RepositoryOptions options, Random r, int ops) {
    SimAccountRepository accounts;
    try {
      accounts = new SimAccountRepository(store, options);
    } catch (RuntimeException e) {
      return;
    }
    for (int i = 0; i < ops; i++) {
      String from = "a" + r.nextInt(ACCOUNTS);
      String to = "a" + r.nextInt(ACCOUNTS);
      long amount = 1 + r.nextInt(400);
      try {
        Transactions.run(store, tx -> {
          SimAccountRepository in = accounts.in(tx);
          SimAccount a = in.findById(from).orElseThrow();
          SimAccount b = in.findById(to).orElseThrow();
          if (!from.equals(to) && a.balance() >= amount) {
            in.update(a.withBalance(a.balance() - amount));
            in.update(b.withBalance(b.balance() + amount));
          }
          return null;
        });
      } catch (SimulatedCrashException crashed) {
        return;
      } catch (RuntimeException e) {
        // the transfer happened entirely or not at all: the checks see which
      }
    }
  }

  private void loans(KvStore store, RepositoryOptions options, Random r, int ops) {
    SimLoanRepository v1 = null;
    try {
      if (!upgraded) {
        v1 = new SimLoanRepository(store, options);
      }
    } catch (RuntimeException e) {
      return;
    }
    SimLoanV2Repository v2 = null;
    for (int i = 0; i < ops; i++) {
      try {
        if (v2 == null && (upgraded || i + ops * (r.nextInt(2)) >= upgradeAtOp)) {
          upgraded = true;
          v2 = new SimLoanV2Repository(store, options);
        }
        String member = "m" + r.nextInt(3);
        boolean borrow = r.nextInt(3) > 0;
        boolean reverse = r.nextBoolean() && config.reverseInTransactions();
        String loanId = "l" + epoch + "-" + loanIds.getAndIncrement();
        String book = v2 == null ? "book-" + loanId : "pool-" + r.nextInt(5);
        SimLoanV2Repository upgradedRepo = v2;
        SimLoanRepository oldRepo = v1;
        Transactions.run(store, tx -> {
          List<SimLoan> held;
          if (upgradedRepo != null) {
            held = upgradedRepo.in(tx).findByMemberId(member);
          } else {
            var query = oldRepo.in(tx).byMemberId().equalTo(member);
            held = reverse ? query.reverse().list() : query.list();
          }
          if (borrow && held.size() < MAX_LOANS) {
            SimLoan loan = new SimLoan(loanId, member, book);
            if (upgradedRepo != null) {
              upgradedRepo.in(tx).insert(loan);
            } else {
              oldRepo.in(tx).insert(loan);
            }
          } else if (!borrow && !held.isEmpty()) {
            String returned = held.get(0).id();
            if (upgradedRepo != null) {
              upgradedRepo.in(tx).delete(returned);
            } else {
              oldRepo.in(tx).delete(returned);
            }
          }
          return null;
        });
      } catch (SimulatedCrashException crashed) {
        return;
      } catch (UniqueConstraintViolationException taken) {
        // the book is lent: nothing written
      } catch (RuntimeException e) {
        if (e instanceof NullPointerException) {
          throw e; // a defect, not a fault
        }
      }
    }
  }

  private void bulk(KvStore store, RepositoryOptions options, Random r) {
    SimMemberRepository members;
    try {
      members = new SimMemberRepository(store, options);
    } catch (RuntimeException e) {
      return;
    }
    for (int round = 0; round < 2; round++) {
      List<String> ids = new ArrayList<>();
      for (int k = 0; k < 2 + r.nextInt(4); k++) {
        String id = "b" + epoch + "-" + round + "-" + k;
        SimMember m = new SimMember(id, id + "@bulk", "bulk", "n0", List.of("b"));
        Set<Optional<SimMember>> before = model.begin(id, Optional.of(m));
        try {
          members.insert(m);
          model.acknowledged(id, Optional.of(m));
          ids.add(id);
        } catch (EntityExistsException | UniqueConstraintViolationException refused) {
          model.refused(id, before);
        } catch (SimulatedCrashException crashed) {
          model.unknown(id);
          return;
        } catch (RuntimeException e) {
          model.unknown(id);
          ids.add(id);
        }
      }
      for (String id : ids) {
        model.begin(id, Optional.empty());
      }
      try {
        members.deleteAll(members.byTier().equalTo("bulk"));
        ids.forEach(id -> model.acknowledged(id, Optional.empty()));
      } catch (SimulatedCrashException crashed) {
        ids.forEach(model::unknown);
        return;
      } catch (RuntimeException e) {
        ids.forEach(model::unknown);
      }
    }
  }

  private void verifyRepair(KvStore store, RepositoryOptions options) {
    try {
      SimMemberRepository members = new SimMemberRepository(store, options);
      SimAccountRepository accounts = new SimAccountRepository(store, options);
      for (int i = 0; i < 3; i++) {
        var verification = i == 2 ? members.indexAdmin().repairIndexes() : members.indexAdmin().verifyIndexes();
        var accountCheck = accounts.indexAdmin().verifyIndexes();
        if (!verification.clean() || !accountCheck.clean()) {
          throw new Violation("verify found problems in a consistent store: " + verification + " "
              + accountCheck);
        }
      }
    } catch (Violation v) {
      throw v;
    } catch (RuntimeException e) {
      // a fault cut the verification short
    }
  }

  // ---- invariants ----

  private void checkInvariants() {
    Map<String, SimMember> members = new TreeMap<>();
    inspectMembers.findAll().forEach(m -> members.put(m.id(), m));
    String mismatch = model.check(members);
    if (mismatch != null) {
      throw new Violation(mismatch);
    }
    List<SimAccount> accounts = inspectAccounts.findAll().toList();
    List<SimLoan> loans = inspectLoans.findAll().toList();
    requireCount("sim_member", inspectMembers.count(), members.size());
    requireCount("sim_account", inspectAccounts.count(), accounts.size());
    requireCount("sim_loan", inspectLoans.count(), loans.size());
    long money = 0;
    for (SimAccount a : accounts) {
      if (a.balance() < 0) {
        throw new Violation("account " + a.id() + " is negative: " + a.balance());
      }
      money += a.balance();
    }
    if (money != TOTAL_MONEY || accounts.size() != ACCOUNTS) {
      throw new Violation("money is not conserved: " + money + " in " + accounts.size() + " accounts");
    }
    Map<String, Integer> perMember = new HashMap<>();
    for (SimLoan loan : loans) {
      if (perMember.merge(loan.memberId(), 1, Integer::sum) > MAX_LOANS
          && !loan.id().startsWith("seed-")) {
        throw new Violation("member " + loan.memberId() + " holds more than " + MAX_LOANS + " loans: " + loans);
      }
    }
    IndexExpectations expected = IndexExpectations.derive(members.values(), accounts, loans);
    for (String entity : List.of("sim_member", "sim_account", "sim_loan")) {
      checkIndexes(catalog(entity), expected);
    }
  }

  /** Every index of {@code entity} the catalog holds, declared by any version or not. */
  private List<IndexCatalogEntry> catalog(String entity) {
    try (KvSnapshot snapshot = inspector.snapshot()) {
      return IndexCatalog.read(snapshot, entity).values().stream().map(IndexCatalog.Stored::entry).toList();
    }
  }

  private static void requireCount(String entity, long counted, int present) {
    if (counted != present) {
      throw new Violation("count() of " + entity + " says " + counted + " but " + present
          + " records are stored");
    }
  }

  private void checkIndexes(List<IndexCatalogEntry> states, IndexExpectations expected) {
    for (IndexCatalogEntry entry : states) {
      String name = entry.entityName() + "." + entry.indexName();
      IndexCatalogEntry last = lastStates.put(name, entry);
      if (last != null && !movesForward(last, entry)) {
        throw new Violation("index " + name + " went back from " + last.state() + " (generation "
            + last.generation() + ") to " + entry.state() + " (generation " + entry.generation() + ")");
      }
      Map<Tuple, Tuple> actual = scan(entry.subspace());
      String problem = entry.state() == IndexState.READABLE
          ? expected.exactly(entry.subspace(), actual)
          : entry.state() == IndexState.BUILDING ? expected.justified(entry.subspace(), actual) : null;
      if (problem != null) {
        throw new Violation("index " + name + " (" + entry.state() + "): " + problem);
      }
    }
  }

  private static boolean movesForward(IndexCatalogEntry last, IndexCatalogEntry now) {
    if (now.generation() != last.generation()) {
      return now.generation() > last.generation();
    }
    return last.state() == now.state() || last.state() == IndexState.BUILDING;
  }

  private Map<Tuple, Tuple> scan(String subspace) {
    Map<Tuple, Tuple> entries = new TreeMap<>(IndexExpectations.ORDER);
    try (KvIterator it = inspector.list(ListSelector.of(TupleRange.prefix(Tuple.of(subspace))))) {
      while (it.hasNext()) {
        KvEntry e = it.next();
        entries.put(e.key(), e.value().length == 0 ? null : Tuple.unpack(e.value()));
      }
    }
    return entries;
  }
}
