package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM running {@link CrashWorkload} with SIGKILL at random moments, then reopens the
 * store and checks that every acknowledged operation is there, the one in flight is all there or not
 * at all, every index agrees with the records, the count is right and versionstamps keep growing.
 * {@code -Dsoak} raises the number of kills from 30 to 2000.
 */
class CrashSafetyTest {
  private static final int KILLS = System.getProperty("soak") != null ? 2000 : 30;

  @TempDir Path directory;

  @Test
  void acknowledgedCommitsSurviveKillNineAndNothingIsHalfWritten() throws Exception {
    Path store = directory.resolve("store");
    Path journal = directory.resolve("journal.txt");
    Files.createFile(journal);
    Random random = new Random(20261123L);
    Versionstamp highest = null;
    for (int kill = 0; kill < KILLS; kill++) {
      runAndKill(store, journal, random.nextLong(), random.nextInt(400));
      highest = verify(store, journal, highest, kill);
    }
  }

  private static void runAndKill(Path store, Path journal, long seed, int millisAfterStart)
      throws IOException, InterruptedException {
    long journalSize = Files.size(journal);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                java, "-cp", System.getProperty("java.class.path"), CrashWorkload.class.getName(),
                store.toString(), journal.toString(), Long.toString(seed))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (Files.size(journal) == journalSize && child.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(child.isAlive()).as("the workload runs until it is killed").isTrue();
    Thread.sleep(millisAfterStart);
    child.destroyForcibly(); // SIGKILL on Linux
    assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
  }

  /** Reopens the store after a kill and checks every promise; returns the highest versionstamp. */
  private static Versionstamp verify(Path storeDirectory, Path journal, Versionstamp previousHighest, int kill)
      throws IOException {
    Replay replay = Replay.of(Files.readAllLines(journal, StandardCharsets.UTF_8));
    try (KvStore store = LmdbKvStore.open(storeDirectory)) {
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
      expectedEmails.put(Tuple.of("user_by_email", user.email().toLowerCase(java.util.Locale.ROOT)), Tuple.of(user.id()));
      expectedColours.add(Tuple.of("user_by_favoriteColor", user.favoriteColor(), user.id()));
    }
    Map<Tuple, Tuple> actualEmails = new TreeMap<>();
    for (KvEntry entry : scan(store, Tuple.of("user_by_email"))) {
      actualEmails.put(entry.key(), Tuple.unpack(entry.value()));
    }
    TreeSet<Tuple> actualColours = new TreeSet<>();
    for (KvEntry entry : scan(store, Tuple.of("user_by_favoriteColor"))) {
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

    boolean apply(String op) {
      String[] parts = op.split(" ");
      String id = parts[1];
      return switch (parts[0]) {
        case "insert" -> !users.containsKey(id) && emailFree(parts[2], id) && put(id, parts);
        case "update" -> users.containsKey(id) && emailFree(parts[2], id) && put(id, parts);
        case "delete" -> {
          users.remove(id);
          yield true; // delete of an absent record returns false; it never throws
        }
        default -> throw new IllegalArgumentException(op);
      };
    }

    private boolean emailFree(String email, String id) {
      return users.values().stream().noneMatch(u -> u.email().equalsIgnoreCase(email) && !u.id().equals(id));
    }

    private boolean put(String id, String[] parts) {
      users.put(id, new User(id, "name of " + id, parts[2], parts[3]));
      return true;
    }
  }
}
