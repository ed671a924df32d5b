package dev.tessera.testkit.bank;

import dev.tessera.RetryLimitExceededException;
import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.CommitTooLargeException;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.etcd.CommitOutcomeUnknownException;
import dev.tessera.kv.etcd.SnapshotCompactedException;
import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.query.Query;
import dev.tessera.repository.ConcurrentModificationException;
import dev.tessera.repository.EntityExistsException;
import dev.tessera.repository.EntityNotFoundException;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.IndexVerification;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.TransactionConflictException;
import dev.tessera.repository.Transactions;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.repository.Versioned;
import dev.tessera.testkit.DeterministicScheduler;
import dev.tessera.testkit.Fault;
import dev.tessera.testkit.FaultPlan;
import dev.tessera.testkit.SimulatedClock;
import dev.tessera.testkit.SimulatedCrash;
import dev.tessera.testkit.SimulatedKvStore;
import dev.tessera.testkit.StoreCall;
import dev.tessera.testkit.StoreObserver;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * One simulated run, decided entirely by its seed: a bank of accounts that transaction clients
 * transfer money between, member writers that insert, update, save, delete and bulk-delete
 * members with a unique, a composite and a multi-value index, and a writer that inserts, moves and
 * deletes places with a spatial index, tally clients that all write the same tallies (a ledger of
 * effects that must each land once, and scratch records every kind of write hits), while an
 * administrator repairs the indexes, over a {@link
 * SimulatedKvStore} that injects faults, all interleaved by a {@link
 * DeterministicScheduler}. A run has rounds; each round is a process: it opens the repositories
 * (without faults), runs the clients until they end or a crash ends them all, and then checks the
 * store against the model.
 *
 * <p>Checked after every commit (from the client about to make the next store call, while no other
 * client runs): every readable index holds exactly the entries derived from the records by brute
 * force (unique pointers, plain entries with nulls, composite, multi-value, spatial Z-order codes),
 * the record counts equal the records, money is conserved and no balance is negative, no borrower
 * holds more than two loans, every acknowledged ledger effect is there once and no refused one is,
 * and index states only move forward. Checked right after a client's call, before any other client
 * runs: a refused versioned update was stale, a unique violation names a holder some committed
 * state held, a loan taken back by a limited read was the newest (oldest) at commit. Checked after
 * each round: every member and place is in a state the
 * acknowledged writes (and those of unknown outcome) allow, which then resolves it for good; queries
 * of every kind (equality, ranges, prefixes, several values, nulls, primary-key ranges, boxes) in
 * every terminal and both directions, paged and limited, outside and inside a transaction that
 * wrote first, equal the model; {@code verifyIndexes()} is clean.
 *
 * <p>Not thread-safe; one instance per run.
 */
public final class BankSimulation {
  static final int ACCOUNTS = 5;
  static final long OPENING_BALANCE = 100;
  /** The most loans one borrower may hold at once. */
  static final int MAX_LOANS = 2;
  private static final List<String> EMAILS = List.of("e0", "e1", "e2", "e3");
  private static final List<String> TAGS = List.of("t0", "t1", "t2");
  private static final String[] WRITERS = {"A", "B"};
  /** The places' coordinates: a small grid around the origin, {@code [-3, 4]} on both axes. */
  private static final int GRID_LOW = -3;
  private static final int GRID_SIZE = 8;
  private static final int PLACES = 5;
  private static final String CRASHED = "crashed";
  /** The tallies only appended to (versioned, or in a transaction): every acknowledged effect stays. */
  private static final List<String> LEDGERS = List.of("t0", "t1");
  /** The tallies every kind of write hits: insert, update, save, delete, versioned, in a transaction. */
  private static final List<String> SCRATCH = List.of("u0", "u1");
  /** The values of the tallies' unique index, moved between them. */
  private static final List<String> HOLDERS = List.of("h0", "h1", "h2");
  private static final int TALLY_CLIENTS = 3;

  /**
   * What a run does.
   *
   * @param rounds how many processes run one after another
   * @param operations how many operations each client makes per round
   * @param faults the faults injected while clients run
   * @param breakage wraps the store the repositories use (the identity: none), to prove that the
   *     checks find a bug put back on purpose
   */
  public record Settings(int rounds, int operations, FaultPlan faults, UnaryOperator<KvStore> breakage) {
    /** The settings of the CI seeds. */
    public static Settings ci() {
      return new Settings(3, 10, new FaultPlan(0.02, 0.03, 0.01, 0.03, 0.0015, 0.01), UnaryOperator.identity());
    }

    /** These settings with {@code breakage} wrapping the store. */
    public Settings breaking(UnaryOperator<KvStore> breakage) {
      return new Settings(rounds, operations, faults, breakage);
    }
  }

  /**
   * What a run did.
   *
   * @param seed the seed
   * @param traceHash the hash of the whole trace: equal for two runs of one seed
   * @param steps scheduling points
   * @param checks invariant checks made (one per commit seen, and per round)
   * @param faults faults injected, by kind
   * @param builtOnline the indexes seen building in one check and readable in a later one
   */
  public record Outcome(
      long seed, String traceHash, long steps, int checks, Map<Fault, Integer> faults, Set<String> builtOnline) {}

  private final long seed;
  private final Settings settings;
  private final Clients clients;
  /** The simulated store, or {@code null} when the run is on a real store with real threads. */
  private final SimulatedKvStore store;
  private final KvStore clientStore;
  /** What the checks read: a fork of the simulated store brought up to date, or the real store. */
  private final KvStore checked;
  private final RecordModel<Member> model = new RecordModel<>();
  private final RecordModel<Place> placeModel = new RecordModel<>();
  private final Map<String, Integer> stateRanks = new HashMap<>();
  private final Map<Fault, Integer> faults = new TreeMap<>();
  private final Set<String> builtOnline = new TreeSet<>();
  private AccountRepository checkedAccounts;
  private MemberRepository checkedMembers;
  private AccountRepository accounts;
  private LoanRepository loans;
  private LoanRepository checkedLoans;
  private MemberWrites members;
  private PlaceRepository places;
  private PlaceRepository checkedPlaces;
  private TallyRepository tallies;
  private TallyRepository checkedTallies;
  private final Ledger ledger = new Ledger();
  /** Every tally a write that was not refused may have left (effects of scratch tallies are empty). */
  private final Set<Tally> scratchWritten = java.util.Collections.synchronizedSet(new LinkedHashSet<>());
  /**
   * Every unique index entry seen in a committed state, as {@code entity.index value -> primary
   * key}: a unique violation must name one of them.
   */
  private final Set<String> uniqueHeld = new java.util.HashSet<>();
  /** The second version's repository on what the checks read, from the first round that opens it. */
  private MemberV2Repository checkedMembersV2;
  /**
   * The subspace ids of the catalog the checks' repositories were opened on: each repository keeps
   * the ids it read when it opened, so on a fork of the simulated store they are opened again when
   * the simulated store's catalog (copied over the fork's) assigns other ids, e.g. ids it assigned
   * after the first check.
   */
  private Map<Long, String> checkedSubspaces;
  private long checkedVersion = -1;
  private int checks;
  private int round;

  private BankSimulation(long seed, Settings settings) {
    this.seed = seed;
    this.settings = settings;
    SimulatedClock clock = new SimulatedClock();
    DeterministicScheduler scheduler =
        new DeterministicScheduler(seed, clock, Integer.getInteger("tessera.simulation.traceLines", 40));
    this.clients = Clients.of(scheduler);
    this.store = SimulatedKvStore.builder().seed(seed).clock(clock).observer(new StoreObserver() {
      @Override
      public void beforeCall(StoreCall call) {
        checkCommitted();
        scheduler.beforeCall(call);
      }

      @Override
      public void faultInjected(Fault fault, String detail) {
        faults.merge(fault, 1, Integer::sum);
        scheduler.faultInjected(fault, detail);
      }

      @Override
      public void crashed() {
        scheduler.crashed();
      }
    }).build();
    this.clientStore = settings.breakage().apply(store);
    this.checked = store.fork();
  }

  private BankSimulation(long seed, Settings settings, KvStore real) {
    this.seed = seed;
    this.settings = settings;
    this.clients = Clients.threaded();
    this.store = null;
    this.clientStore = settings.breakage().apply(real);
    this.checked = real;
  }

  /**
   * Runs the simulation of {@code seed}.
   *
   * @throws AssertionError naming the seed and the broken invariant, with the trace's last steps
   */
  public static Outcome run(long seed, Settings settings) {
    return run(new BankSimulation(seed, settings));
  }

  /**
   * Runs the same clients on {@code real} (an empty store) with real threads, all at once, and
   * checks the invariants after each round: the simulation checked against a real store. Injects
   * no faults.
   *
   * @throws AssertionError naming the seed and the broken invariant
   */
  public static Outcome runOn(KvStore real, long seed, Settings settings) {
    return run(new BankSimulation(seed, settings, real));
  }

  private static Outcome run(BankSimulation simulation) {
    long seed = simulation.seed;
    try {
      simulation.runAll();
    } catch (AssertionError | RuntimeException e) {
      throw new AssertionError("Simulation seed " + seed + " failed in round " + simulation.round
          + " after " + simulation.clients.steps() + " steps: " + e.getMessage()
          + "\nlast steps:\n" + simulation.clients.traceTail(), e);
    }
    return new Outcome(seed, simulation.clients.traceHash(), simulation.clients.steps(),
        simulation.checks, simulation.faults, simulation.builtOnline);
  }

  private void runAll() {
    for (round = 0; round < settings.rounds(); round++) {
      faults(FaultPlan.none());
      openProcess();
      if (round == 0) {
        List<Account> opening = new ArrayList<>();
        for (int i = 0; i < ACCOUNTS; i++) {
          opening.add(new Account("a" + i, OPENING_BALANCE, i % 3 == 0 ? null : "o" + (i % 2), "IBAN" + i));
        }
        accounts.insertAll(opening); // one commit: money is conserved from the first state on
      }
      clients.trace("round " + round);
      faults(settings.faults());
      for (int c = 0; c < 2; c++) {
        SplittableRandom random = new SplittableRandom(seed * 31 + round * 7 + c);
        clients.spawn("transfers-" + c, () -> transfers(random));
      }
      for (String writer : WRITERS) {
        SplittableRandom random = new SplittableRandom(seed * 37 + round * 11 + writer.charAt(0));
        clients.spawn("members-" + writer, () -> memberWrites(writer, random));
      }
      for (int c = 0; c < 2; c++) {
        SplittableRandom random = new SplittableRandom(seed * 41 + round * 13 + c);
        String lender = "lender-" + c;
        clients.spawn(lender, () -> lend(lender, random));
      }
      for (int c = 0; c < TALLY_CLIENTS; c++) {
        SplittableRandom random = new SplittableRandom(seed * 53 + round * 19 + c);
        String name = "tallies-" + c;
        clients.spawn(name, () -> tallyWrites(name, random));
      }
      SplittableRandom placeRandom = new SplittableRandom(seed * 43 + round * 17);
      clients.spawn("places", () -> placeWrites(placeRandom));
      clients.spawn("admin", this::administer);
      clients.runUntilIdle();
      faults(FaultPlan.none());
      checkCommitted();
      checkQuiescent();
    }
  }

  /** Injects {@code plan} from now on (a real store injects none). */
  private void faults(FaultPlan plan) {
    if (store != null) {
      store.faults(plan);
    }
  }

  /** Brings what the checks read up to the simulated store's state (a real store is read as is). */
  private void refreshChecked() {
    if (store != null) {
      ((SimulatedKvStore) checked).copyFrom(store);
    }
  }

  /** A new process: repositories opened afresh (no faults while they open). */
  private void openProcess() {
    RepositoryOptions options = RepositoryOptions.defaults()
        .withBuildThreads(clients.threadFactory("index-build"))
        .withTimeSource(clients.timeSource())
        .withBatchSize(2);
    accounts = new AccountRepository(clientStore, options);
    loans = new LoanRepository(clientStore, options);
    places = new PlaceRepository(clientStore, options);
    tallies = new TallyRepository(clientStore, options);
    if (round < settings.rounds() / 2) {
      members = MemberWrites.of(new MemberRepository(clientStore, options));
    } else {
      // a new version with one index more: built online, by a scheduled client, while the writers go on
      members = MemberWrites.of(new MemberV2Repository(clientStore, options.withInlineBuildLimit(0)));
    }
  }

  // ---------------------------------------------------------------- clients

  private void transfers(SplittableRandom random) {
    for (int i = 0; i < settings.operations(); i++) {
      String from = "a" + random.nextInt(ACCOUNTS);
      String to = "a" + random.nextInt(ACCOUNTS);
      long amount = 1 + random.nextInt(60);
      boolean scan = random.nextInt(4) == 0;
      String outcome = attempt(() -> Transactions.run(clientStore, tx -> {
        if (scan) {
          accounts.in(tx).byOwner().equalTo("o1").list();
        }
        Account a = accounts.in(tx).findById(from).orElseThrow();
        Account b = accounts.in(tx).findById(to).orElseThrow();
        if (from.equals(to) || a.balance() < amount) {
          return "refused";
        }
        accounts.in(tx).update(a.withBalance(a.balance() - amount));
        accounts.in(tx).update(b.withBalance(b.balance() + amount));
        return "moved";
      }));
      clients.trace(afterCrash("transfer " + from + "->" + to + " " + amount + ": " + outcome));
    }
  }

  /**
   * A transaction took back the newest ({@code reverse}) or the oldest loan of {@code borrower}, read
   * by a reverse or forward listing limited to one: no loan of the borrower was newer (older) when
   * it committed, else a serial order would have taken that one. Checked on the simulated store
   * right after the commit, before any other client runs: a loan held now was held then.
   */
  private void requireChosenAtCommit(String borrower, String taken, boolean reverse) {
    if (store == null) {
      return; // on a real store other clients run meanwhile
    }
    checkCommitted();
    for (Loan loan : checkedLoans.byBorrower().equalTo(borrower).list()) {
      int order = loan.id().compareTo(taken);
      require(reverse ? order < 0 : order > 0, "a transaction took back " + taken + " as the "
          + (reverse ? "newest" : "oldest") + " loan of " + borrower + ", but " + loan.id()
          + " was held when it committed: its limited " + (reverse ? "reverse " : "") + "read was not validated");
    }
  }

  /** Lends and takes back loans, in transactions that count the borrower's loans first. */
  private void lend(String lender, SplittableRandom random) {
    for (int i = 0; i < settings.operations(); i++) {
      String borrower = "p" + random.nextInt(3);
      String id = lender + "-" + round + "-" + i;
      boolean borrow = random.nextInt(4) != 0;
      boolean reverse = random.nextBoolean();
      String outcome = attempt(() -> Transactions.run(clientStore, tx -> {
        LoanRepository inTx = loans.in(tx);
        if (borrow) {
          if (inTx.byBorrower().equalTo(borrower).count() >= MAX_LOANS) {
            return "refused";
          }
          inTx.insert(new Loan(id, borrower));
          return "lent";
        }
        var query = inTx.byBorrower().equalTo(borrower);
        List<Loan> held = (reverse ? query.reverse() : query).limit(1).list();
        if (held.isEmpty()) {
          return "none held";
        }
        inTx.delete(held.get(0).id());
        return "returned " + held.get(0).id();
      }));
      clients.trace(afterCrash(lender + (borrow ? " lend " : " take back ") + borrower + ": " + outcome));
      if (outcome.startsWith("returned ")) {
        requireChosenAtCommit(borrower, outcome.substring("returned ".length()), reverse);
      }
    }
  }

  private void memberWrites(String writer, SplittableRandom random) {
    for (int i = 0; i < settings.operations(); i++) {
      String id = "m" + writer + random.nextInt(4);
      Member next = new Member(id, pick(random, EMAILS), pick(random, List.of("c" + writer + "0", "c" + writer + "1")),
          random.nextInt(3), randomTags(random));
      int kind = random.nextInt(100);
      String outcome;
      if (kind < 30) {
        outcome = write(model, id, "insert", () -> members.insert(next), s -> s == null, s -> next);
      } else if (kind < 50) {
        outcome = write(model, id, "update", () -> members.update(next), Objects::nonNull, s -> next);
      } else if (kind < 62) {
        outcome = write(model, id, "save", () -> members.save(next), s -> true, s -> next);
      } else if (kind < 77) {
        outcome = delete(model, id, () -> members.delete(id));
      } else if (kind < 82) {
        outcome = versionedUpdate(id, next);
      } else if (kind < 87) {
        boolean reverse = random.nextBoolean();
        outcome = write(model, id, "save and query in a transaction", () -> saveAndQuery(writer, next, reverse),
            s -> true, s -> next);
      } else if (kind < 94) {
        String city = "c" + writer + random.nextInt(2);
        outcome = bulkDelete(writer, "deleteAll city " + city,
            () -> members.deleteAllInCity(city), s -> s != null && city.equals(s.city()));
      } else {
        List<String> ids = List.of("m" + writer + random.nextInt(4), "m" + writer + random.nextInt(4));
        outcome = bulkDelete(writer, "deleteAllById " + ids,
            () -> members.deleteAllById(ids), s -> s != null && ids.contains(s.id()));
      }
      clients.trace("members-" + writer + " " + outcome);
    }
  }

  /**
   * Inserts, moves (update, save), deletes places, and moves one in a transaction that then queries
   * a box: the query must equal the transaction's own reads of the places inside it.
   */
  private void placeWrites(SplittableRandom random) {
    for (int i = 0; i < settings.operations(); i++) {
      String id = "s" + random.nextInt(PLACES);
      Place next = new Place(id, GRID_LOW + random.nextInt(GRID_SIZE), GRID_LOW + random.nextInt(GRID_SIZE));
      int kind = random.nextInt(100);
      String outcome;
      if (kind < 25) {
        outcome = write(placeModel, id, "insert", () -> places.insert(next), s -> s == null, s -> next);
      } else if (kind < 50) {
        outcome = write(placeModel, id, "move", () -> places.update(next), Objects::nonNull, s -> next);
      } else if (kind < 65) {
        outcome = write(placeModel, id, "save", () -> places.save(next), s -> true, s -> next);
      } else if (kind < 80) {
        outcome = delete(placeModel, id, () -> places.delete(id));
      } else {
        int[] box = randomBox(random);
        outcome = write(placeModel, id, "save and query a box in a transaction",
            () -> saveAndQueryBox(next, box), s -> true, s -> next);
      }
      clients.trace("places " + outcome + " " + next);
    }
  }

  /**
   * Saves {@code next} in a transaction, then, in it, queries {@code box}: the query must equal the
   * places the transaction reads one by one that lie inside the box, its own write included.
   */
  private void saveAndQueryBox(Place next, int[] box) {
    Transactions.run(clientStore, tx -> {
      PlaceRepository inTx = places.in(tx);
      inTx.save(next);
      List<Place> own = new ArrayList<>();
      for (int i = 0; i < PLACES; i++) {
        inTx.findById("s" + i).ifPresent(own::add);
      }
      List<Place> inside = inside(own, box);
      List<Place> queried = within(inTx, box).list();
      require(queried.equals(inside), "in a transaction, byXY within " + java.util.Arrays.toString(box)
          + " gave " + queried + " but its reads give " + inside);
      require(within(inTx, box).count() == inside.size(), "in a transaction, byXY within "
          + java.util.Arrays.toString(box) + " counted " + within(inTx, box).count() + ", its reads " + inside);
      return null;
    });
  }

  /** A random box on the grid, {@code {x0, y0, x1, y1}}, a little larger than it at times. */
  private static int[] randomBox(SplittableRandom random) {
    int x0 = GRID_LOW - 1 + random.nextInt(GRID_SIZE + 1);
    int y0 = GRID_LOW - 1 + random.nextInt(GRID_SIZE + 1);
    return new int[] {x0, y0, x0 + random.nextInt(GRID_SIZE), y0 + random.nextInt(GRID_SIZE)};
  }

  /** {@code byXY().within(box)} of {@code places}, as a {@link Query} without {@code reverse()}. */
  private static Query<Place> within(PlaceRepository places, int[] box) {
    return new BoxQueryView<>(places.byXY().within(box[0], box[1], box[2], box[3]));
  }

  /**
   * The places of {@code all} inside {@code box}, by brute force, in the index's order: the Z-order
   * code of the point (derived by {@link #zcode}), then the id.
   */
  static List<Place> inside(java.util.Collection<Place> all, int[] box) {
    return all.stream()
        .filter(p -> box[0] <= p.x() && p.x() <= box[2] && box[1] <= p.y() && p.y() <= box[3])
        .sorted(Comparator.<Place, byte[]>comparing(p -> zcode(p.x(), p.y()), java.util.Arrays::compareUnsigned)
            .thenComparing(Place::id))
        .toList();
  }

  /**
   * The Z-order code of {@code (x, y)} by the documented key layout (docs/spatial.md), derived here
   * on its own: each int's sign bit flipped, then bit 31 of x, bit 31 of y, bit 30 of x, and so on,
   * most significant first, in 8 bytes.
   */
  static byte[] zcode(int x, int y) {
    long ux = (x ^ 0x80000000) & 0xFFFFFFFFL;
    long uy = (y ^ 0x80000000) & 0xFFFFFFFFL;
    byte[] code = new byte[8];
    int out = 0;
    for (int bit = 31; bit >= 0; bit--) {
      for (long value : new long[] {ux, uy}) {
        if (((value >>> bit) & 1) != 0) {
          code[out / 8] |= (byte) (0x80 >>> (out % 8));
        }
        out++;
      }
    }
    return code;
  }

  private void administer() {
    for (int i = 0; i < 2; i++) {
      clients.trace(afterCrash("admin repair accounts: " + attempt(() -> clean(accounts.indexAdmin().repairIndexes()))));
      clients.trace(afterCrash("admin repair members: " + attempt(() -> clean(members.indexAdmin().repairIndexes()))));
    }
  }

  private static String clean(IndexVerification verification) {
    return verification.clean() ? "clean" : "repaired";
  }

  /** A write of one member: the model learns what the store acknowledged, or that it is unknown. */
  private <T> String write(RecordModel<T> model, String id, String what, Runnable call,
      java.util.function.Predicate<T> applicable, UnaryOperator<T> effect) {
    String outcome = attempt(() -> {
      call.run();
      return "ok";
    });
    if (outcome.equals("ok")) {
      model.acknowledged(id, what, applicable, effect);
    } else if (outcome.equals("EntityExistsException")) {
      model.acknowledged(id, what + " refused as existing", Objects::nonNull, s -> s);
    } else if (outcome.equals("EntityNotFoundException")) {
      model.acknowledged(id, what + " refused as missing", s -> s == null, s -> s);
    } else if (outcome.equals("unknown") || outcome.equals(CRASHED)) {
      model.unknown(id, applicable, effect);
    }
    return afterCrash(what + " " + id + ": " + outcome);
  }

  private <T> String delete(RecordModel<T> model, String id, java.util.function.BooleanSupplier call) {
    Boolean[] deleted = new Boolean[1];
    String outcome = attempt(() -> {
      deleted[0] = call.getAsBoolean();
      return "ok";
    });
    if (outcome.equals("ok")) {
      model.acknowledged(id, "delete returning " + deleted[0],
          deleted[0] ? Objects::nonNull : s -> s == null, s -> null);
      outcome = String.valueOf(deleted[0]);
    } else if (outcome.equals("unknown") || outcome.equals(CRASHED)) {
      model.unknown(id, Objects::nonNull, s -> null);
    }
    return afterCrash("delete " + id + ": " + outcome);
  }

  private String versionedUpdate(String id, Member next) {
    List<Optional<Versioned<Member>>> reads = new ArrayList<>();
    String outcome = afterCrash(attempt(() -> {
      reads.add(members.findVersionedById(id));
      return "ok";
    }));
    if (reads.isEmpty()) {
      return "versioned read " + id + ": " + outcome;
    }
    Optional<Versioned<Member>> read = reads.get(0);
    if (read.isEmpty()) {
      return "versioned update " + id + ": absent";
    }
    Member seen = read.get().value();
    return write(model, id, "versioned update", () -> members.update(next, read.get().versionstamp()),
        s -> Objects.equals(s, seen), s -> next);
  }

  /**
   * Saves {@code next} in a transaction, then, in it, queries the writer's members by city and by
   * id (forward or reversed): each query must equal what the transaction reads of them one by one,
   * its own write included.
   */
  private void saveAndQuery(String writer, Member next, boolean reverse) {
    Transactions.run(clientStore, tx -> {
      MemberWrites inTx = members.in(tx);
      inTx.save(next);
      List<Member> own = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        inTx.findById("m" + writer + i).ifPresent(own::add);
      }
      Comparator<Member> order = Comparator.comparing(Member::age).thenComparing(Member::id);
      List<Member> inCity = own.stream().filter(m -> Objects.equals(m.city(), next.city()))
          .sorted(reverse ? order.reversed() : order).toList();
      if (next.city() != null) {
        List<Member> queried = inTx.inCity(next.city(), reverse);
        require(queried.equals(inCity), "in a transaction, byCityAge " + next.city()
            + (reverse ? " reversed" : "") + " gave " + queried + " but its reads give " + inCity);
      }
      Comparator<Member> byId = Comparator.comparing(Member::id);
      List<Member> ids = own.stream().sorted(reverse ? byId.reversed() : byId).toList();
      List<Member> queried = inTx.idsStartingWith("m" + writer, reverse);
      require(queried.equals(ids), "in a transaction, byId m" + writer + (reverse ? " reversed" : "")
          + " gave " + queried + " but its reads give " + ids);
      return null;
    });
  }

  /** A bulk delete: its batches commit one by one, so a failure leaves each target deleted or not. */
  private String bulkDelete(String writer, String what, java.util.function.LongSupplier call,
      java.util.function.Predicate<Member> target) {
    long[] count = new long[1];
    String outcome = attempt(() -> {
      count[0] = call.getAsLong();
      return "ok";
    });
    for (String id : model.ids()) {
      if (!id.startsWith("m" + writer)) {
        continue;
      }
      if (outcome.equals("ok")) {
        model.acknowledged(id, what, s -> true, s -> target.test(s) ? null : s);
      } else {
        model.unknown(id, target, s -> null);
      }
    }
    return afterCrash(what + ": " + (outcome.equals("ok") ? count[0] + " deleted" : outcome));
  }

  /**
   * Ends a client whose process crashed, once its model knows the write in flight is unknown:
   * {@code outcome} is the outcome itself, or a trace line ending in it.
   */
  private static String afterCrash(String outcome) {
    if (outcome.startsWith(CRASHED) || outcome.endsWith(": " + CRASHED)) {
      throw new SimulatedCrash("the client's process crashed: " + outcome);
    }
    return outcome;
  }

  /**
   * Runs {@code call}; says "unknown" for an unknown outcome (and "crashed" when the process crashed
   * during it: unknown too), the exception's simple name for a
   * failure that writes nothing, and lets anything else fail the run.
   */
  private String attempt(java.util.function.Supplier<String> call) {
    try {
      return call.get();
    } catch (CommitOutcomeUnknownException e) {
      return "unknown";
    } catch (SimulatedCrash e) {
      return CRASHED; // the caller notes the write as of unknown outcome, then ends the client
    } catch (UniqueConstraintViolationException e) {
      requireHolderExisted(e);
      return e.getClass().getSimpleName();
    } catch (EntityExistsException | EntityNotFoundException
        | ConcurrentModificationException | TransactionConflictException | RetryLimitExceededException
        | CommitTooLargeException | SnapshotCompactedException e) {
      return e.getClass().getSimpleName();
    }
  }

  private static <T> T pick(SplittableRandom random, List<T> values) {
    int i = random.nextInt(values.size() + 1);
    return i == values.size() ? null : values.get(i);
  }

  private static List<String> randomTags(SplittableRandom random) {
    List<String> tags = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      tags.add(TAGS.get(random.nextInt(TAGS.size())));
    }
    return tags;
  }

  /**
   * A refusal for a unique value is warranted only by a record that held it: on the simulated
   * store, where every committed state is checked, the holder it names must have been seen.
   */
  private void requireHolderExisted(UniqueConstraintViolationException e) {
    if (store == null) {
      return; // on a real store, states between two checks are not seen
    }
    checkCommitted();
    String entry = e.entity() + "." + e.index() + " " + e.value() + " -> " + e.primaryKey();
    require(uniqueHeld.contains(entry), "a unique violation names " + entry + ", which no committed state held: "
        + e.getMessage());
  }

  // ---------------------------------------------------------------- tallies: contended records

  /**
   * Writes the tallies that every tally client writes: appends an effect to a ledger tally (a
   * versioned update, or an update in a transaction, moving its holder too), or writes a scratch
   * tally in any way. Every refusal is checked against the store: a refused versioned update was
   * stale, a unique violation names a holder that existed.
   */
  private void tallyWrites(String client, SplittableRandom random) {
    for (int i = 0; i < settings.operations(); i++) {
      String holder = pick(random, HOLDERS);
      String outcome;
      if (random.nextBoolean()) {
        String id = LEDGERS.get(random.nextInt(LEDGERS.size()));
        String effect = client.substring(client.length() - 1) + "." + round + "." + i;
        outcome = random.nextBoolean() ? appendVersioned(id, effect, holder) : appendInTransaction(id, effect, holder);
      } else {
        String id = SCRATCH.get(random.nextInt(SCRATCH.size()));
        outcome = scratchWrite(id, new Tally(id, holder, random.nextInt(3), List.of()), random.nextInt(6));
      }
      clients.trace(client + " " + outcome);
    }
  }

  /** Reads a ledger tally with its versionstamp, then appends {@code effect} to it at that stamp. */
  private String appendVersioned(String id, String effect, String holder) {
    List<Optional<Versioned<Tally>>> reads = new ArrayList<>();
    String read = afterCrash(attempt(() -> {
      reads.add(tallies.findVersionedById(id));
      return "ok";
    }));
    if (reads.isEmpty()) {
      return "versioned read " + id + ": " + read;
    }
    Optional<Versioned<Tally>> seen = reads.get(0);
    ledger.begins(effect, id);
    String outcome = attempt(() -> {
      if (seen.isEmpty()) {
        tallies.insert(new Tally(id, holder, 1, List.of(effect)));
      } else {
        tallies.update(seen.get().value().append(effect, holder), seen.get().versionstamp());
      }
      return "ok";
    });
    if (outcome.equals("ConcurrentModificationException")) {
      requireStale(id, seen.map(Versioned::versionstamp).orElseThrow());
    } else if (outcome.equals("EntityExistsException")) {
      requireTally(id, true, "an insert of ledger tally " + id + " refused as existing");
    }
    ledger.ended(effect, outcome);
    return afterCrash("append " + effect + " to " + id + " at " + seen.map(Versioned::versionstamp).orElse(null)
        + ": " + outcome);
  }

  /** Appends {@code effect} to a ledger tally in a transaction that reads it first. */
  private String appendInTransaction(String id, String effect, String holder) {
    ledger.begins(effect, id);
    String outcome = attempt(() -> Transactions.run(clientStore, tx -> {
      TallyRepository inTx = tallies.in(tx);
      Optional<Tally> seen = inTx.findById(id);
      if (seen.isEmpty()) {
        inTx.insert(new Tally(id, holder, 1, List.of(effect)));
      } else {
        inTx.update(seen.get().append(effect, holder));
      }
      return "ok";
    }));
    ledger.ended(effect, outcome);
    return afterCrash("append in a transaction " + effect + " to " + id + ": " + outcome);
  }

  /**
   * One write of a scratch tally, by {@code kind}: insert, update, save, delete, a versioned update
   * at the stamp just read, or, in a transaction, a delete or a save after reading it.
   */
  private String scratchWrite(String id, Tally next, int kind) {
    List<Versionstamp> stamp = new ArrayList<>();
    String what = switch (kind) {
      case 0 -> "insert";
      case 1 -> "update";
      case 2 -> "save";
      case 3 -> "delete";
      case 4 -> "versioned update";
      default -> "read and write in a transaction";
    };
    scratchWritten.add(next);
    String outcome = attempt(() -> {
      switch (kind) {
        case 0 -> tallies.insert(next);
        case 1 -> tallies.update(next);
        case 2 -> tallies.save(next);
        case 3 -> tallies.delete(id);
        case 4 -> {
          Optional<Versioned<Tally>> seen = tallies.findVersionedById(id);
          if (seen.isEmpty()) {
            return "absent";
          }
          stamp.add(seen.get().versionstamp());
          tallies.update(next, seen.get().versionstamp());
        }
        default -> Transactions.run(clientStore, tx -> {
          TallyRepository inTx = tallies.in(tx);
          if (inTx.findById(id).map(t -> t.size() == next.size()).orElse(false)) {
            inTx.delete(id);
          } else {
            inTx.save(next);
          }
          return null;
        });
      }
      return "ok";
    });
    if (outcome.equals("ConcurrentModificationException")) {
      requireStale(id, stamp.get(0));
    }
    return afterCrash(what + " " + next + ": " + outcome);
  }

  /**
   * A versioned update refused: the tally must be absent or at another versionstamp now. Nothing
   * ran since the refusal, and a record's versionstamp never goes back, so a stamp that is current
   * now was current when it was refused.
   */
  private void requireStale(String id, Versionstamp used) {
    if (store == null) {
      return; // on a real store other clients run meanwhile: the state now says nothing
    }
    checkCommitted();
    Optional<Versioned<Tally>> now = checkedTallies.findVersionedById(id);
    require(now.isEmpty() || !now.get().versionstamp().equals(used), "a versioned update of tally " + id
        + " at " + used + " was refused, but that is its versionstamp: the refusal was not warranted");
  }

  /** The tally {@code id} is present (or absent) now, on the simulated store. */
  private void requireTally(String id, boolean present, String what) {
    if (store == null) {
      return;
    }
    checkCommitted();
    require(checkedTallies.findById(id).isPresent() == present, what + ", but it is "
        + (present ? "absent" : "present"));
  }

  /**
   * Checks the tallies as stored: the ledger tallies against the {@link Ledger} ({@code settle}
   * after a round), and every scratch tally is a record some write wrote.
   */
  private void checkTallies(List<Tally> all, boolean settle) {
    Map<String, List<String>> effects = new TreeMap<>();
    for (Tally tally : all) {
      if (LEDGERS.contains(tally.id())) {
        effects.put(tally.id(), tally.effects());
        require(tally.size() == tally.effects().size(), "tally " + tally + " has the wrong size");
      } else {
        require(scratchWritten.contains(tally), "tally " + tally + " is stored, but no write wrote it");
      }
    }
    ledger.check(effects, settle);
  }

  // ---------------------------------------------------------------- checks

  /** The invariants of every committed state, checked once per commit. */
  private void checkCommitted() {
    if (store != null) {
      if (store.lastCommitVersion() == checkedVersion) {
        return;
      }
      checkedVersion = store.lastCommitVersion();
    }
    checks++;
    refreshChecked();
    // on a real store the checks read the store the clients write: its ids are theirs
    boolean idsMoved = store != null
        && !StoreCatalog.of(checked).subspaceNames().equals(checkedSubspaces);
    if (checkedMembers == null || idsMoved) {
      RepositoryOptions quiet = RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND);
      checkedAccounts = new AccountRepository(checked, quiet);
      checkedMembers = new MemberRepository(checked, quiet);
      checkedLoans = new LoanRepository(checked, quiet);
      checkedPlaces = new PlaceRepository(checked, quiet);
      checkedTallies = new TallyRepository(checked, quiet);
      checkedMembersV2 = null;
      refreshChecked(); // opening may have written the catalog; check the simulation's state
      checkedSubspaces = StoreCatalog.of(checked).subspaceNames();
    }
    List<Account> allAccounts = checkedAccounts.findAll().toList();
    List<Member> allMembers = checkedMembers.findAll().toList();
    require(checkedAccounts.count() == allAccounts.size(),
        "account count " + checkedAccounts.count() + " but " + allAccounts.size() + " records");
    require(checkedMembers.count() == allMembers.size(),
        "member count " + checkedMembers.count() + " but " + allMembers.size() + " records");
    if (!allAccounts.isEmpty()) {
      long total = 0;
      for (Account account : allAccounts) {
        require(account.balance() >= 0, "negative balance: " + account);
        total += account.balance();
      }
      require(total == ACCOUNTS * OPENING_BALANCE, "money not conserved: " + total + " in " + allAccounts);
    }
    List<Place> allPlaces = checkedPlaces.findAll().toList();
    require(checkedPlaces.count() == allPlaces.size(),
        "place count " + checkedPlaces.count() + " but " + allPlaces.size() + " records");
    List<Loan> allLoans = checkedLoans.findAll().toList();
    require(checkedLoans.count() == allLoans.size(),
        "loan count " + checkedLoans.count() + " but " + allLoans.size() + " records");
    Map<String, Integer> held = new TreeMap<>();
    for (Loan loan : allLoans) {
      require(held.merge(loan.borrower(), 1, Integer::sum) <= MAX_LOANS,
          "borrower " + loan.borrower() + " holds more than " + MAX_LOANS + " loans: " + allLoans);
    }
    Map<String, Set<String>> expected = new TreeMap<>();
    for (Loan loan : allLoans) {
      plain(expected, "sim_loan", "borrower", Tuple.of(loan.borrower()), Tuple.of(loan.id()));
    }
    for (Account account : allAccounts) {
      Tuple pk = Tuple.of(account.id());
      plain(expected, "sim_account", "owner", Tuple.of(account.owner()), pk);
      unique(expected, "sim_account", "iban", account.iban(), pk);
    }
    List<Tally> allTallies = checkedTallies.findAll().toList();
    require(checkedTallies.count() == allTallies.size(),
        "tally count " + checkedTallies.count() + " but " + allTallies.size() + " records");
    for (Tally tally : allTallies) {
      Tuple pk = Tuple.of(tally.id());
      unique(expected, "sim_tally", "holder", tally.holder(), pk);
      plain(expected, "sim_tally", "size", Tuple.of(tally.size()), pk);
    }
    checkTallies(allTallies, false);
    for (Place place : allPlaces) {
      plain(expected, "sim_place", "xY", Tuple.of((Object) zcode(place.x(), place.y())), Tuple.of(place.id()));
    }
    for (Member member : allMembers) {
      Tuple pk = Tuple.of(member.id());
      unique(expected, "sim_member", "email", member.email(), pk);
      plain(expected, "sim_member", "cityAge", Tuple.of(member.city(), (long) member.age()), pk);
      plain(expected, "sim_member", "age", Tuple.of((long) member.age()), pk);
      for (String tag : new LinkedHashSet<>(member.tags())) {
        plain(expected, "sim_member", "tags", Tuple.of(tag), pk);
      }
    }
    try (KvSnapshot catalog = checked.snapshot()) {
      // every index the catalog holds, also those only the second version of a member declares
      checkIndexes(StoreCatalog.indexes(catalog, "sim_account"), expected);
      checkIndexes(StoreCatalog.indexes(catalog, "sim_member"), expected);
      checkIndexes(StoreCatalog.indexes(catalog, "sim_loan"), expected);
      checkIndexes(StoreCatalog.indexes(catalog, "sim_place"), expected);
      checkIndexes(StoreCatalog.indexes(catalog, "sim_tally"), expected);
    }
  }

  private void checkIndexes(List<IndexCatalogEntry> entries, Map<String, Set<String>> expected) {
    for (IndexCatalogEntry entry : entries) {
      String name = entry.entityName() + "." + entry.indexName();
      int rank = rank(entry.state());
      Integer before = stateRanks.put(name, rank);
      if (before == null || before != rank) {
        clients.trace("  index " + name + " is " + entry.state() + " (" + entry.phase() + ")");
      }
      require(before == null || rank >= before, "index " + name + " went back to " + entry.state());
      if (before != null && before == 1 && rank == 2) {
        builtOnline.add(name);
      }
      if (entry.state() != IndexState.READABLE) {
        continue;
      }
      Set<String> stored = new TreeSet<>();
      // the entries under the subspace id the catalog assigned, with the name in the id's place:
      // the layout the expected keys below are derived in
      Tuple subspace =
          Tuple.of(StoreCatalog.of(checked).subspaceId(entry.subspace()).orElseThrow());
      try (KvIterator it = checked.list(ListSelector.of(TupleRange.prefix(subspace)))) {
        while (it.hasNext()) {
          KvEntry kv = it.next();
          Tuple named = Tuple.of(entry.subspace()).addAll(kv.key().subTuple(1, kv.key().size()));
          stored.add(HexFormat.of().formatHex(named.pack())
              + (entry.unique() ? " -> " + Tuple.unpack(kv.value()) : ""));
        }
      }
      Set<String> derived = expected.getOrDefault(name, Set.of());
      require(stored.equals(derived), "index " + name + " holds " + describe(stored)
          + " but the records derive " + describe(derived));
    }
  }

  private static int rank(IndexState state) {
    return switch (state) {
      case BUILDING -> 1;
      case READABLE -> 2;
      default -> 3; // DROPPING, FAILED: never back to building or readable without a new build
    };
  }

  private void unique(Map<String, Set<String>> expected, String entity, String index, Object value, Tuple pk) {
    if (value != null) {
      uniqueHeld.add(entity + "." + index + " " + value + " -> " + pk.get(0));
      expected.computeIfAbsent(entity + "." + index, k -> new TreeSet<>()).add(
          HexFormat.of().formatHex(Tuple.of(entity + "_by_" + index, value).pack()) + " -> " + pk);
    }
  }

  private void plain(Map<String, Set<String>> expected, String entity, String index, Tuple values, Tuple pk) {
    Object[] parts = new Object[values.size() + 1 + pk.size()];
    parts[0] = entity + "_by_" + index;
    for (int i = 0; i < values.size(); i++) {
      parts[1 + i] = values.get(i);
    }
    for (int i = 0; i < pk.size(); i++) {
      parts[1 + values.size() + i] = pk.get(i);
    }
    expected.computeIfAbsent(entity + "." + index, k -> new TreeSet<>())
        .add(HexFormat.of().formatHex(Tuple.of(parts).pack()));
  }

  private static String describe(Set<String> keys) {
    List<String> shown = new ArrayList<>();
    for (String key : keys) {
      int arrow = key.indexOf(" -> ");
      String hex = arrow < 0 ? key : key.substring(0, arrow);
      shown.add(Tuple.unpack(HexFormat.of().parseHex(hex)) + (arrow < 0 ? "" : key.substring(arrow)));
    }
    return shown.toString();
  }

  /** After a round: the model resolves, queries equal it, verify is clean. */
  private void checkQuiescent() {
    refreshChecked();
    checks++;
    Map<String, Member> stored = new TreeMap<>();
    checkedMembers.findAll().forEach(m -> stored.put(m.id(), m));
    Set<String> ids = new TreeSet<>(stored.keySet());
    model.ids().forEach(ids::add);
    List<Member> expected = new ArrayList<>();
    for (String id : ids) {
      model.resolve(id, stored.get(id));
      if (stored.get(id) != null) {
        expected.add(stored.get(id));
      }
    }
    for (String email : EMAILS) {
      Optional<Member> holder = expected.stream().filter(m -> email.equals(m.email())).findFirst();
      require(checkedMembers.findByEmail(email).equals(holder), "findByEmail " + email);
    }
    Comparator<Member> byCityAge = Comparator.comparing(Member::age).thenComparing(Member::id);
    for (String writer : WRITERS) {
      for (int c = 0; c < 2; c++) {
        String city = "c" + writer + c;
        List<Member> inCity = expected.stream().filter(m -> city.equals(m.city())).sorted(byCityAge).toList();
        sameQuery("byCityAge " + city, checkedMembers.byCityAge().equalTo(city), inCity);
        List<Member> fromTx = Transactions.run(checked, tx -> checkedMembers.in(tx).byCityAge().equalTo(city).list());
        require(fromTx.equals(inCity), "byCityAge " + city + " in a transaction gave " + fromTx);
      }
    }
    for (String tag : TAGS) {
      List<Member> tagged = expected.stream().filter(m -> m.tags().contains(tag))
          .sorted(Comparator.comparing(Member::id)).toList();
      sameQuery("byTags " + tag, checkedMembers.byTags().equalTo(tag), tagged);
    }
    List<Member> byId = expected.stream().sorted(Comparator.comparing(Member::id)).toList();
    sameQuery("byId", checkedMembers.byId().startsWith("m"), byId);
    require(checkedMembers.count() == expected.size(), "count " + checkedMembers.count());
    SplittableRandom random = new SplittableRandom(seed * 47 + round);
    MemberWrites queried = checkedMemberWrites();
    boolean ageReadable = ageIndexReadable();
    checkMemberQueries(queried, expected, ageReadable, random, "");
    checkMemberQueriesInTransaction(checked, queried, expected, ageReadable, random);
    checkPlaces(random);
    require(checkedPlaces.indexAdmin().verifyIndexes().clean(), "verifyIndexes of places is not clean: "
        + checkedPlaces.indexAdmin().verifyIndexes());
    require(checkedMembers.indexAdmin().verifyIndexes().clean(), "verifyIndexes of members is not clean: "
        + checkedMembers.indexAdmin().verifyIndexes());
    require(checkedAccounts.indexAdmin().verifyIndexes().clean(), "verifyIndexes of accounts is not clean: "
        + checkedAccounts.indexAdmin().verifyIndexes());
    require(checkedLoans.indexAdmin().verifyIndexes().clean(), "verifyIndexes of loans is not clean: "
        + checkedLoans.indexAdmin().verifyIndexes());
    require(checkedTallies.indexAdmin().verifyIndexes().clean(), "verifyIndexes of tallies is not clean: "
        + checkedTallies.indexAdmin().verifyIndexes());
    checkTallies(checkedTallies.findAll().toList(), true);
  }

  /**
   * The members' repository of this round's version on what the checks read: the first version's
   * in the first rounds, the second's (which declares the age index) from the round that opens it.
   */
  private MemberWrites checkedMemberWrites() {
    if (round < settings.rounds() / 2) {
      return MemberWrites.of(checkedMembers);
    }
    if (checkedMembersV2 == null) {
      checkedMembersV2 = new MemberV2Repository(checked,
          RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND));
    }
    return MemberWrites.of(checkedMembersV2);
  }

  /** Whether the second version's age index is in the catalog and readable. */
  private boolean ageIndexReadable() {
    try (KvSnapshot catalog = checked.snapshot()) {
      return StoreCatalog.indexes(catalog, "sim_member").stream()
          .anyMatch(e -> e.indexName().equals("age") && e.state() == IndexState.READABLE);
    }
  }

  /**
   * Queries of every kind on the members equal {@code expected} filtered and ordered by brute force:
   * a range of primary keys; an equal city then a range or several of ages (composite); several
   * cities, a city prefix, no city; an e-mail prefix (unique); a tag (multi-value); and, when the
   * age index is readable, a range or several of ages. Bounds and values are drawn from {@code
   * random}; each query is checked in every terminal and both directions ({@link #sameQuery}).
   */
  private static void checkMemberQueries(MemberWrites members, List<Member> expected, boolean ageReadable,
      SplittableRandom random, String where) {
    Comparator<Member> byId = Comparator.comparing(Member::id);
    Comparator<Member> byAge = Comparator.comparing(Member::age).thenComparing(Member::id);
    Comparator<Member> byCity = Comparator.comparing(Member::city).thenComparing(byAge);
    List<String> keys = List.of("", "m", "mA", "mA1", "mA3", "mB", "mB2", "mC0", "n");
    String from = keys.get(random.nextInt(keys.size()));
    String to = keys.get(random.nextInt(keys.size()));
    if (from.compareTo(to) > 0) {
      String swap = from;
      from = to;
      to = swap;
    }
    MemberWrites.Bound idBound = bound(random);
    String idFrom = from;
    String idTo = to;
    sameQuery(where + "byId " + idBound + " " + from + ", " + to, members.ids(idBound, from, to),
        matching(expected, m -> idBound.holds(m.id(), idFrom, idTo), byId));

    String city = city(random);
    int low = random.nextInt(4) - 1;
    int high = low + random.nextInt(3);
    MemberWrites.Bound ageBound = bound(random);
    sameQuery(where + "byCityAge " + city + " then " + ageBound + " " + low + ", " + high,
        members.cityAges(city, ageBound, low, high),
        matching(expected, m -> city.equals(m.city()) && ageBound.holds(m.age(), low, high), byAge));
    int[] ages = {random.nextInt(3), random.nextInt(3)};
    java.util.function.IntPredicate inAges = age -> age == ages[0] || age == ages[1];
    sameQuery(where + "byCityAge " + city + " then in " + java.util.Arrays.toString(ages),
        members.cityAgesIn(city, ages), matching(expected, m -> city.equals(m.city()) && inAges.test(m.age()), byAge));
    String other = city(random);
    sameQuery(where + "byCityAge in " + city + ", " + other, members.citiesIn(city, other),
        matching(expected, m -> city.equals(m.city()) || other.equals(m.city()), byCity));
    String cityPrefix = List.of("", "c", "cA", "cB1", "d").get(random.nextInt(5));
    sameQuery(where + "byCityAge startsWith '" + cityPrefix + "'", members.citiesStartingWith(cityPrefix),
        matching(expected, m -> m.city() != null && m.city().startsWith(cityPrefix), byCity));
    sameQuery(where + "byCityAge isNull", members.withoutCity(), matching(expected, m -> m.city() == null, byAge));
    String emailPrefix = List.of("", "e", "e1", "f").get(random.nextInt(4));
    sameQuery(where + "byEmail startsWith '" + emailPrefix + "'", members.emailsStartingWith(emailPrefix),
        matching(expected, m -> m.email() != null && m.email().startsWith(emailPrefix),
            Comparator.comparing(Member::email)));
    String tag = TAGS.get(random.nextInt(TAGS.size()));
    sameQuery(where + "byTags " + tag, members.tagged(tag), matching(expected, m -> m.tags().contains(tag), byId));
    if (ageReadable) {
      MemberWrites.Bound bound = bound(random);
      sameQuery(where + "byAge " + bound + " " + low + ", " + high, members.ages(bound, low, high).orElseThrow(),
          matching(expected, m -> bound.holds(m.age(), low, high), byAge));
      sameQuery(where + "byAge in " + java.util.Arrays.toString(ages), members.agesIn(ages).orElseThrow(),
          matching(expected, m -> inAges.test(m.age()), byAge));
    }
  }

  /**
   * The queries of {@link #checkMemberQueries} inside a transaction that first inserted, changed or
   * deleted a member: they must see its write (the transaction's overlay over the store), and
   * nothing is committed (the transaction is rolled back).
   */
  private static void checkMemberQueriesInTransaction(KvStore store, MemberWrites members, List<Member> expected,
      boolean ageReadable, SplittableRandom random) {
    List<Member> after = new ArrayList<>(expected);
    int kind = expected.isEmpty() ? 0 : random.nextInt(3);
    Member old = expected.isEmpty() ? null : expected.get(random.nextInt(expected.size()));
    Member changed = kind == 0
        ? new Member("mC" + random.nextInt(2), null, random.nextBoolean() ? null : city(random), random.nextInt(3),
            randomTags(random))
        : new Member(old.id(), old.email(), random.nextBoolean() ? null : city(random), random.nextInt(3),
            randomTags(random));
    after.removeIf(m -> m.id().equals(changed.id()));
    if (kind != 2) {
      after.add(changed);
    }
    String what = kind == 2 ? "deleting " + old : "saving " + changed;
    rolledBack(store, tx -> {
      MemberWrites inTx = members.in(tx);
      if (kind == 2) {
        inTx.delete(changed.id());
      } else {
        inTx.save(changed);
      }
      checkMemberQueries(inTx, after, ageReadable, random, "in a transaction after " + what + ", ");
    });
  }

  /** {@code query} in every terminal and direction equals {@code expected} (in index order). */
  private static void sameQuery(String what, Query<Member> query, List<Member> expected) {
    sameRows(what, query, expected);
    List<Member> reversed = new ArrayList<>(expected);
    java.util.Collections.reverse(reversed);
    sameRows(what + " reversed", query.reverse(), reversed);
  }

  /** {@code query} in every terminal equals {@code expected}, paged, limited, first. */
  private static <T> void sameRows(String what, Query<T> query, List<T> expected) {
    require(query.list().equals(expected), what + ": list gave " + query.list() + ", model " + expected);
    require(query.count() == expected.size(), what + ": count " + query.count() + ", model " + expected.size());
    require(query.exists() == !expected.isEmpty(), what + ": exists");
    require(query.stream().toList().equals(expected), what + ": stream gave " + query.stream().toList());
    require(query.first().equals(expected.stream().findFirst()), what + ": first gave " + query.first());
    List<T> two = expected.subList(0, Math.min(2, expected.size()));
    require(query.limit(2).list().equals(two), what + ": limit 2 gave " + query.limit(2).list());
    require(query.limit(2).count() == two.size(), what + ": limit 2 counted " + query.limit(2).count());
    require(!query.limit(0).exists(), what + ": exists under limit 0");
    List<T> paged = pages(query.page(2), cursor -> query.after(cursor).page(2));
    require(paged.equals(expected), what + ": pages of 2 gave " + paged);
  }

  /** The items of {@code first} and of every page after it, each read by {@code next} from the cursor. */
  private static <T> List<T> pages(Page<T> first, java.util.function.Function<PageCursor, Page<T>> next) {
    List<T> items = new ArrayList<>(first.items());
    Page<T> page = first;
    while (page.next().isPresent()) {
      page = next.apply(page.next().get());
      items.addAll(page.items());
    }
    return items;
  }

  /** The places: resolved against the model; box queries, outside and inside a transaction, equal it. */
  private void checkPlaces(SplittableRandom random) {
    Map<String, Place> stored = new TreeMap<>();
    checkedPlaces.findAll().forEach(p -> stored.put(p.id(), p));
    Set<String> ids = new TreeSet<>(stored.keySet());
    placeModel.ids().forEach(ids::add);
    for (String id : ids) {
      placeModel.resolve(id, stored.get(id));
    }
    require(checkedPlaces.count() == stored.size(), "place count " + checkedPlaces.count());
    for (int b = 0; b < 3; b++) {
      int[] box = randomBox(random);
      sameRows("byXY within " + java.util.Arrays.toString(box), within(checkedPlaces, box),
          inside(stored.values(), box));
    }
    // a transaction that moves, inserts (s5 is new) or deletes a place, then queries a box
    Map<String, Place> after = new TreeMap<>(stored);
    String id = "s" + random.nextInt(PLACES + 1);
    boolean delete = random.nextInt(3) == 0;
    Place moved = new Place(id, GRID_LOW + random.nextInt(GRID_SIZE), GRID_LOW + random.nextInt(GRID_SIZE));
    if (delete) {
      after.remove(id);
    } else {
      after.put(id, moved);
    }
    int[] box = random.nextBoolean() ? randomBox(random) : new int[] {moved.x() - random.nextInt(3),
        moved.y() - random.nextInt(3), moved.x() + random.nextInt(3), moved.y() + random.nextInt(3)};
    String what = "in a transaction after " + (delete ? "deleting " + id : "saving " + moved)
        + ", byXY within " + java.util.Arrays.toString(box);
    rolledBack(checked, tx -> {
      PlaceRepository inTx = checkedPlaces.in(tx);
      if (delete) {
        inTx.delete(id);
      } else {
        inTx.save(moved);
      }
      sameRows(what, within(inTx, box), inside(after.values(), box));
    });
  }

  /** Runs {@code work} in a transaction on {@code store}, then rolls it back: nothing is committed. */
  private static void rolledBack(KvStore store, java.util.function.Consumer<dev.tessera.repository.Transaction> work) {
    try {
      Transactions.run(store, tx -> {
        work.accept(tx);
        throw new RolledBack();
      });
    } catch (RolledBack expected) {
      // the transaction's writes were seen by its queries, and are gone
    }
  }

  /** Thrown to roll a checking transaction back. */
  private static final class RolledBack extends RuntimeException {
    RolledBack() {
      super("rolled back", null, false, false);
    }
  }

  private static MemberWrites.Bound bound(SplittableRandom random) {
    MemberWrites.Bound[] bounds = MemberWrites.Bound.values();
    return bounds[random.nextInt(bounds.length)];
  }

  private static String city(SplittableRandom random) {
    return "c" + WRITERS[random.nextInt(WRITERS.length)] + random.nextInt(2);
  }

  /** The members of {@code all} that {@code filter} keeps, sorted by {@code order}. */
  private static List<Member> matching(List<Member> all, java.util.function.Predicate<Member> filter,
      Comparator<Member> order) {
    return all.stream().filter(filter).sorted(order).toList();
  }

  private static void require(boolean holds, String what) {
    if (!holds) {
      throw new AssertionError(what);
    }
  }
}
