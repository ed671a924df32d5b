package dev.tessera.it;

import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.EntityExistsException;
import dev.tessera.repository.EntityNotFoundException;
import dev.tessera.repository.UniqueConstraintViolationException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;

/**
 * The child process of {@link CrashSafetyTest}: runs random inserts, updates and deletes on a
 * durable store until it is killed, and journals each operation: {@code B <op>} before it starts,
 * {@code A} once it returned, {@code F} when it failed with a repository exception. A line is
 * written only after the previous one, so at most one operation is in flight at the kill. After an
 * acknowledged insert (which always commits) that left the map bigger than the workload last saw
 * it, it journals {@code G <map size>}: the test waits for that line before it kills a
 * {@link Profile#GROWING} round, and the size must survive the kill. The replay skips such lines.
 */
public final class CrashWorkload {
  static final String[] COLOURS = {"red", "green", "blue", "cyan", "black"};

  /** The shape of a workload: how many keys and e-mails it draws from, how big records get. */
  enum Profile {
    /** A few keys and e-mails: many conflicts, updates and deletes; the map never grows. */
    SMALL(60, 30, 0, 6, 400),
    /**
     * Mostly inserts of new keys with records of up to 16 KB (LMDB overflow pages) on a store whose
     * map starts at 64 KiB and grows 64 KiB at a time, so that commits keep growing the map and
     * kills land during growth.
     */
    GROWING(1_000_000, 1_000_000, 16_000, 14, 400);

    final int keys;
    final int emails;
    final int maxPadding;
    /** Out of 16 operations, how many are inserts (the rest split between updates and deletes). */
    final int insertsOf16;
    /**
     * The kill comes a random delay below this many milliseconds after the round reached its
     * condition (see {@code CrashSafetyTest}), so that it lands anywhere in an operation.
     */
    final int killDelaySpread;

    Profile(int keys, int emails, int maxPadding, int insertsOf16, int killDelaySpread) {
      this.keys = keys;
      this.emails = emails;
      this.maxPadding = maxPadding;
      this.insertsOf16 = insertsOf16;
        this.killDelaySpread = killDelaySpread;
    }

    /** The options the workload and the checks open the store with. */
    LmdbOptions options() {
      return this == SMALL
          ? LmdbOptions.defaults()
          : LmdbOptions.builder()
              .initialMapSize(LmdbOptions.MIN_MAP_SIZE)
              .maxGrowthStep(LmdbOptions.MIN_MAP_SIZE)
              .build();
    }
  }

  private CrashWorkload() {}

  /**
   * Runs the workload.
   *
   * @param args the store directory, the journal file, the random seed, the {@link Profile} name
   */
  public static void main(String[] args) throws IOException {
    Path directory = Path.of(args[0]);
    Random random = new Random(Long.parseLong(args[2]));
    Profile profile = Profile.valueOf(args[3]);
    try (LmdbKvStore store = LmdbKvStore.open(directory, profile.options());
        OutputStream journal = new FileOutputStream(args[1], true)) {
      UserRepository users = new UserRepository(store);
      long mapSizeSeen = store.mapSize();
      while (true) {
        String op = nextOperation(random, profile);
        write(journal, "B " + op);
        try {
          apply(users, op);
          write(journal, "A");
          if (op.startsWith("insert ") && store.mapSize() > mapSizeSeen) {
            mapSizeSeen = store.mapSize();
            write(journal, "G " + mapSizeSeen);
          }
        } catch (EntityExistsException | EntityNotFoundException | UniqueConstraintViolationException refused) {
          write(journal, "F");
        }
      }
    }
  }

  private static String nextOperation(Random random, Profile profile) {
    String id = "u" + random.nextInt(profile.keys);
    String email = "e" + random.nextInt(profile.emails) + "@example.com";
    String colour = COLOURS[random.nextInt(COLOURS.length)];
    int padding = profile.maxPadding == 0 ? 0 : random.nextInt(profile.maxPadding);
    int kind = random.nextInt(16);
    if (kind < profile.insertsOf16) {
      return "insert " + id + " " + email + " " + colour + " " + padding;
    }
    return kind % 2 == 0 ? "update " + id + " " + email + " " + colour + " " + padding : "delete " + id;
  }

  /** The user an insert or update of the journaled {@code parts} writes; the model builds the same. */
  static User userOf(String[] parts) {
    String id = parts[1];
    return new User(id, "name of " + id + "x".repeat(Integer.parseInt(parts[4])), parts[2], parts[3]);
  }

  /** Applies one journaled operation; the test's model replays the same text. */
  static void apply(UserRepository users, String op) {
    String[] parts = op.split(" ");
    switch (parts[0]) {
      case "insert" -> users.insert(userOf(parts));
      case "update" -> users.update(userOf(parts));
      case "delete" -> users.delete(parts[1]);
      default -> throw new IllegalArgumentException("unknown operation " + op);
    }
  }

  private static void write(OutputStream journal, String line) throws IOException {
    journal.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    journal.flush();
  }
}
