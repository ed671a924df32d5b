package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.it.CrashWorkload.Profile;
import dev.tessera.it.tx.AccountRepository;
import dev.tessera.it.tx.Transfer;
import dev.tessera.it.tx.TransferRepository;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM running {@link CrashWorkload} with SIGKILL at random moments, then reopens the
 * store and checks that every acknowledged operation is there, the one in flight is all there or not
 * at all, every index agrees with the records, the count is right and versionstamps keep growing.
 * Each round waits for the progress it needs (journaled by the child) before the kill, bounded by a
 * generous deadline, so no check depends on the machine's speed. {@code -Dsoak} raises the number
 * of kills from 30 to 2000 (and those during map growth from 15 to 500). A third kind of round
 * kills a child running {@link TransactionCrashWorkload}: transactions across two entities.
 */
class CrashSafetyTest {
  private static final boolean SOAK = System.getProperty("soak") != null;

  /**
   * How long a child may take to reach the condition its round waits for. Generous on purpose: a
   * loaded machine starts a JVM slowly, but a workload that gets nowhere in this long is stuck.
   */
  private static final Duration CONDITION_DEADLINE = Duration.ofMinutes(3);

  @TempDir Path directory;

  @Test
  void acknowledgedCommitsSurviveKillNineAndNothingIsHalfWritten() throws Exception {
    runKills(Profile.SMALL, SOAK ? 2000 : 30, 20261123L);
  }

  /**
   * The same checks on a store whose map starts at 64 KiB and grows 64 KiB at a time while the
   * workload inserts records of up to 16 KB: about one commit in eight grows the map (abort, resize,
   * run again), so kills land before, during and after growths. Each round is killed only after its
   * workload journaled that an acknowledged insert left the map bigger, so every round grows the map
   * whatever the machine's speed; the map size found after each kill proves that the growth survived.
   */
  @Test
  void killsDuringMapGrowthLoseNothingAndHalfWriteNothing() throws Exception {
    List<Round> rounds = runKills(Profile.GROWING, SOAK ? 500 : 15, 20261124L);
    long before = LmdbOptions.MIN_MAP_SIZE;
    for (int i = 0; i < rounds.size(); i++) {
      Round round = rounds.get(i);
      assertThat(round.grownTo()).as("round %d grew the map beyond the %d bytes it opened with, of %s", i, before, rounds)
          .isGreaterThan(before);
      assertThat(round.mapSize()).as("round %d: the grown map survived the kill, of %s", i, rounds)
          .isGreaterThanOrEqualTo(round.grownTo());
      before = round.mapSize();
    }
  }

  /**
   * Kills a child JVM running {@link TransactionCrashWorkload} (four threads of transfers, each a
   * transaction that updates two accounts and inserts a transfer record) at random moments,
   * alternating the durability mode between rounds. After each kill every acknowledged transfer is
   * there with its values, no transaction is half-written (each balance is exactly its opening
   * balance plus the transfers stored, so the total never changes), the unique reference finds each
   * transfer and both entities' indexes verify clean. Each round is killed only after its workload
   * acknowledged a transfer, so every kill meets running transactions. {@code -Dsoak} raises the
   * kills from 4 to 500.
   */
  @Test
  void acknowledgedTransactionsSurviveKillNineWholeAndNoneIsHalfWritten() throws Exception {
    Path store = directory.resolve("tx-store");
    Path journal = directory.resolve("tx-journal.txt");
    Files.createFile(journal);
    Random random = new Random(20261125L);
    int kills = SOAK ? 500 : 4;
    int transfersSeen = 0;
    for (int kill = 0; kill < kills; kill++) {
      Durability durability = Durability.values()[kill % Durability.values().length];
      runAndKill(TransactionCrashWorkload.class, lines -> !lines.isEmpty(), "an acknowledged transfer",
          random.nextInt(400), store.toString(), journal.toString(),
          Long.toString(random.nextLong()), Integer.toString(kill), durability.name());
      transfersSeen = verifyTransfers(store, journal, durability, kill);
    }
    // Not a timing count: every round waited for an acknowledged transfer, and acknowledged ones survive.
    assertThat(transfersSeen).as("the kills met transactions, not just process starts").isGreaterThanOrEqualTo(kills);
  }

  /** Reopens the store after a kill and checks the transfer workload's promises; returns the transfers stored. */
  private static int verifyTransfers(Path storeDirectory, Path journal, Durability durability, int kill)
      throws IOException {
    Map<String, Transfer> acknowledged = new HashMap<>();
    for (String line : Files.readAllLines(journal, StandardCharsets.UTF_8)) {
      String[] parts = line.split(" ");
      assertThat(parts).as("a whole acknowledgement line: %s", line).hasSize(6);
      acknowledged.put(parts[1], new Transfer(parts[1], parts[2], parts[3], parts[4], Long.parseLong(parts[5])));
    }
    try (LmdbKvStore store = LmdbKvStore.open(storeDirectory, TransactionCrashWorkload.options(durability))) {
      AccountRepository accounts = new AccountRepository(store);
      TransferRepository transfers = new TransferRepository(store);
      Map<String, Long> balances = new TreeMap<>();
      try (var all = accounts.findAll()) {
        all.forEach(account -> balances.put(account.id(), account.balance()));
      }
      Map<String, Transfer> stored = new HashMap<>();
      try (var all = transfers.findAll()) {
        all.forEach(transfer -> stored.put(transfer.id(), transfer));
      }
      String context = "after kill " + kill + " (" + durability + ")";
      if (balances.isEmpty()) {
        // Killed before the transaction that opens the accounts committed: nothing at all.
        assertThat(stored).as("%s: transfers without accounts", context).isEmpty();
        assertThat(acknowledged).as("%s: acknowledged transfers without accounts", context).isEmpty();
        return 0;
      }
      Map<String, Long> expected = new TreeMap<>();
      for (int i = 0; i < TransactionCrashWorkload.ACCOUNTS; i++) {
        expected.put(TransactionCrashWorkload.accountId(i), TransactionCrashWorkload.OPENING_BALANCE);
      }
      for (Transfer transfer : stored.values()) {
        expected.merge(transfer.fromAccount(), -transfer.amount(), Long::sum);
        expected.merge(transfer.toAccount(), transfer.amount(), Long::sum);
        assertThat(transfers.findByReference(transfer.reference())).as("%s: the unique reference", context)
            .contains(transfer);
      }
      for (Transfer transfer : acknowledged.values()) {
        assertThat(stored.get(transfer.id())).as("%s: acknowledged transfer %s", context, transfer.id())
            .isEqualTo(transfer);
      }
      assertThat(balances)
          .as("%s: every balance is its opening balance plus the stored transfers (none half-written)", context)
          .isEqualTo(expected);
      assertThat(balances.values()).as("%s: no balance below zero", context).allMatch(balance -> balance >= 0);
      assertThat(balances.values().stream().mapToLong(Long::longValue).sum()).as("%s: the total", context)
          .isEqualTo(TransactionCrashWorkload.ACCOUNTS * TransactionCrashWorkload.OPENING_BALANCE);
      String thisRound = "r" + kill + "t";
      assertThat(stored.keySet().stream().filter(id -> id.startsWith(thisRound) && !acknowledged.containsKey(id)))
          .as("%s: committed but not yet acknowledged at the kill: at most one per thread", context)
          .hasSizeLessThanOrEqualTo(TransactionCrashWorkload.THREADS);
      assertThat(transfers.count()).isEqualTo(stored.size());
      assertThat(accounts.indexAdmin().verifyIndexes().clean()).as("%s: account indexes", context).isTrue();
      assertThat(transfers.indexAdmin().verifyIndexes().clean()).as("%s: transfer indexes", context).isTrue();
      return stored.size();
    }
  }

  /**
   * One round of a {@link CrashWorkload}: the map size its workload journaled after growing the map
   * (0 if it did not grow), and the map size found when the store was reopened after the kill.
   */
  private record Round(long grownTo, long mapSize) {}

  /** Runs {@code kills} rounds of workload, kill and verification. */
  private List<Round> runKills(Profile profile, int kills, long seed) throws Exception {
    Path store = directory.resolve("store");
    Path journal = directory.resolve("journal.txt");
    Files.createFile(journal);
    Random random = new Random(seed);
    Versionstamp highest = null;
    List<Long> mapSizes = new ArrayList<>();
    List<Round> rounds = new ArrayList<>();
    for (int kill = 0; kill < kills; kill++) {
      long journalSize = Files.size(journal);
      // A SMALL round needs an operation that returned; a GROWING one an insert that grew the map.
      String growth = "G ";
      Predicate<List<String>> condition = profile == Profile.GROWING
          ? lines -> lines.stream().anyMatch(line -> line.startsWith(growth))
          : lines -> lines.stream().anyMatch(line -> line.equals("A") || line.equals("F"));
      runAndKill(CrashWorkload.class, condition,
          profile == Profile.GROWING ? "an insert that grew the map" : "an operation that returned",
          random.nextInt(profile.killDelaySpread),
          store.toString(), journal.toString(), Long.toString(random.nextLong()), profile.name());
      long grownTo = newLines(journal, journalSize).stream().filter(line -> line.startsWith(growth))
          .mapToLong(line -> Long.parseLong(line.substring(growth.length()))).max().orElse(0);
      highest = verify(store, journal, profile, highest, kill, mapSizes);
      rounds.add(new Round(grownTo, mapSizes.get(kill)));
    }
    return rounds;
  }

  /**
   * Starts {@code main} in a child JVM with {@code args} (the second is the journal), waits until
   * the lines it journals hold what {@code condition} wants ({@code what}, named if it never comes),
   * lets it run a random {@code jitterMillis} more so that the kill lands anywhere in an operation
   * (no assertion depends on that delay) and kills it with SIGKILL.
   */
  private static void runAndKill(Class<?> main, Predicate<List<String>> condition, String what,
      int jitterMillis, String... args) throws IOException, InterruptedException {
    Path journal = Path.of(args[1]);
    long journalSize = Files.size(journal);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    Process child =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      long deadline = System.nanoTime() + CONDITION_DEADLINE.toNanos();
      while (!condition.test(newLines(journal, journalSize))) {
        assertThat(child.isAlive()).as("%s exited before it journaled %s", main.getSimpleName(), what).isTrue();
        assertThat(System.nanoTime() - deadline)
            .as("%s journaled no %s within %s", main.getSimpleName(), what, CONDITION_DEADLINE).isNegative();
        Thread.sleep(5); // polling the journal file; the deadline above bounds the wait
      }
      Thread.sleep(jitterMillis);
    } finally {
      child.destroyForcibly(); // SIGKILL on Linux
      assertThat(child.waitFor(CONDITION_DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("the killed child exits").isTrue();
    }
  }

  /** The whole lines of {@code journal} after its first {@code offset} bytes (a line still being written is left out). */
  private static List<String> newLines(Path journal, long offset) throws IOException {
    try (SeekableByteChannel channel = Files.newByteChannel(journal)) {
      channel.position(offset);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      ByteBuffer buffer = ByteBuffer.allocate(8192);
      while (channel.read(buffer) > 0) {
        bytes.write(buffer.array(), 0, buffer.position());
        buffer.clear();
      }
      String text = bytes.toString(StandardCharsets.UTF_8);
      int end = text.lastIndexOf('\n');
      return end < 0 ? List.of() : List.of(text.substring(0, end).split("\n"));
    }
  }

  /** Reopens the store after a kill and checks every promise; returns the highest versionstamp. */
  private static Versionstamp verify(Path storeDirectory, Path journal, Profile profile,
      Versionstamp previousHighest, int kill, List<Long> mapSizes) throws IOException {
    Replay replay = Replay.of(Files.readAllLines(journal, StandardCharsets.UTF_8));
    // The workload's options: a reopen with the default 64 MiB map would record that size in the
    // file, and the next workload would have nothing left to grow.
    try (LmdbKvStore store = LmdbKvStore.open(storeDirectory, profile.options())) {
      mapSizes.add(store.mapSize());
      UserRepository users = new UserRepository(store);
      Map<String, User> actual = new TreeMap<>();
      try (var all = users.findAll()) {
        all.forEach(user -> actual.put(user.id(), user));
      }
      assertThat(actual)
          .as("after kill %d the store holds every acknowledged operation, and the one in flight "
              + "(%s) entirely or not at all", kill, replay.inFlight)
          .isIn(replay.withoutInFlight, replay.withInFlight);
      assertIndexesMatch(store, actual);
      assertThat(users.count()).isEqualTo(actual.size());
      if (replay.inFlight != null) {
        // Close the journal's open operation so that the next round replays it correctly: "A" if it
        // took effect, "X" (skipped by the replay) if it did not or could not change anything.
        boolean tookEffect = !replay.withInFlight.equals(replay.withoutInFlight) && actual.equals(replay.withInFlight);
        Files.writeString(journal, (tookEffect ? "A" : "X") + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
      }
      Versionstamp highest = highestVersionstamp(store);
      if (previousHighest != null && highest != null) {
        assertThat(highest).isGreaterThanOrEqualTo(previousHighest);
      }
      Versionstamp next = store.atomic().set(Tuple.of("crash-test", "probe"), new byte[0]).commit().versionstamp();
      if (highest != null) {
        assertThat(next).as("versionstamps keep increasing after a crash").isGreaterThan(highest);
      }
      return next;
    }
  }

  private static void assertIndexesMatch(KvStore store, Map<String, User> records) {
    Map<Tuple, Tuple> expectedEmails = new TreeMap<>();
    TreeSet<Tuple> expectedColours = new TreeSet<>();
    for (User user : records.values()) {
      expectedEmails.put(StoredKeys.key(store, "user_by_email", user.email().toLowerCase(Locale.ROOT)), Tuple.of(user.id()));
      expectedColours.add(StoredKeys.key(store, "user_by_favoriteColor", user.favoriteColor(), user.id()));
    }
    Map<Tuple, Tuple> actualEmails = new TreeMap<>();
    for (KvEntry entry : scan(store, StoredKeys.key(store, "user_by_email"))) {
      actualEmails.put(entry.key(), Tuple.unpack(entry.value()));
    }
    TreeSet<Tuple> actualColours = new TreeSet<>();
    for (KvEntry entry : scan(store, StoredKeys.key(store, "user_by_favoriteColor"))) {
      actualColours.add(entry.key());
    }
    assertThat(actualEmails).as("unique e-mail index").isEqualTo(expectedEmails);
    assertThat(actualColours).as("non-unique colour index").isEqualTo(expectedColours);
  }

  private static List<KvEntry> scan(KvStore store, Tuple prefix) {
    List<KvEntry> entries = new ArrayList<>();
    try (KvIterator iterator = store.list(ListSelector.of(TupleRange.prefix(prefix)))) {
      iterator.forEachRemaining(entries::add);
    }
    return entries;
  }

  private static Versionstamp highestVersionstamp(KvStore store) {
    Versionstamp highest = null;
    try (KvIterator iterator = store.list(ListSelector.of(TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF})))) {
      while (iterator.hasNext()) {
        Versionstamp stamp = iterator.next().versionstamp();
        if (highest == null || stamp.compareTo(highest) > 0) {
          highest = stamp;
        }
      }
    }
    return highest;
  }

  /** The journal replayed against a model of the repository's semantics. */
  private static final class Replay {
    Map<String, User> withoutInFlight = new HashMap<>();
    Map<String, User> withInFlight;
    String inFlight;

    static Replay of(List<String> lines) {
      Replay replay = new Replay();
      Model model = new Model();
      String pending = null;
      for (String line : lines) {
        if (line.startsWith("B ")) {
          pending = line.substring(2);
        } else if (line.equals("X")) {
          pending = null;
        } else if (line.equals("A") || line.equals("F")) {
          boolean applied = model.apply(pending);
          assertThat(applied)
              .as("the model agrees with the journal on whether '%s' succeeded", pending)
              .isEqualTo(line.equals("A"));
          pending = null;
        }
      }
      replay.withoutInFlight = new TreeMap<>(model.users);
      replay.inFlight = pending;
      if (pending != null) {
        model.apply(pending);
      }
      replay.withInFlight = new TreeMap<>(model.users);
      return replay;
    }
  }

  /** What the repository must do, written the simple way. */
  private static final class Model {
    final Map<String, User> users = new HashMap<>();
    /** Who holds each e-mail, lower-cased (kept alongside, so a long soak replays in linear time). */
    private final Map<String, String> emailHolders = new HashMap<>();

    boolean apply(String op) {
      String[] parts = op.split(" ");
      String id = parts[1];
      return switch (parts[0]) {
        case "insert" -> !users.containsKey(id) && emailFree(parts[2], id) && put(id, parts);
        case "update" -> users.containsKey(id) && emailFree(parts[2], id) && put(id, parts);
        case "delete" -> {
          remove(id);
          yield true; // delete of an absent record returns false; it never throws
        }
        default -> throw new IllegalArgumentException(op);
      };
    }

    private boolean emailFree(String email, String id) {
      String holder = emailHolders.get(email.toLowerCase(Locale.ROOT));
      return holder == null || holder.equals(id);
    }

    private boolean put(String id, String[] parts) {
      remove(id);
      User user = CrashWorkload.userOf(parts);
      users.put(id, user);
      emailHolders.put(user.email().toLowerCase(Locale.ROOT), id);
      return true;
    }

    private void remove(String id) {
      User old = users.remove(id);
      if (old != null) {
        emailHolders.remove(old.email().toLowerCase(Locale.ROOT));
      }
    }
  }
}
