package dev.tessera.it;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
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
 * written only after the previous one, so at most one operation is in flight at the kill.
 */
public final class CrashWorkload {
  static final int KEYS = 60;
  static final int EMAILS = 30;
  static final String[] COLOURS = {"red", "green", "blue", "cyan", "black"};

  private CrashWorkload() {}

  /**
   * Runs the workload.
   *
   * @param args the store directory, the journal file, the random seed
   */
  public static void main(String[] args) throws IOException {
    Path directory = Path.of(args[0]);
    Random random = new Random(Long.parseLong(args[2]));
    try (KvStore store = LmdbKvStore.open(directory);
        OutputStream journal = new FileOutputStream(args[1], true)) {
      UserRepository users = new UserRepository(store);
      while (true) {
        String op = nextOperation(random);
        write(journal, "B " + op);
        try {
          apply(users, op);
          write(journal, "A");
        } catch (EntityExistsException | EntityNotFoundException | UniqueConstraintViolationException refused) {
          write(journal, "F");
        }
      }
    }
  }

  private static String nextOperation(Random random) {
    String id = "u" + random.nextInt(KEYS);
    String email = "e" + random.nextInt(EMAILS) + "@example.com";
    String colour = COLOURS[random.nextInt(COLOURS.length)];
    return switch (random.nextInt(10)) {
      case 0, 1, 2, 3 -> "insert " + id + " " + email + " " + colour;
      case 4, 5, 6 -> "update " + id + " " + email + " " + colour;
      default -> "delete " + id;
    };
  }

  /** Applies one journaled operation; the test's model replays the same text. */
  static void apply(UserRepository users, String op) {
    String[] parts = op.split(" ");
    switch (parts[0]) {
      case "insert" -> users.insert(new User(parts[1], "name of " + parts[1], parts[2], parts[3]));
      case "update" -> users.update(new User(parts[1], "name of " + parts[1], parts[2], parts[3]));
      case "delete" -> users.delete(parts[1]);
      default -> throw new IllegalArgumentException("unknown operation " + op);
    }
  }

  private static void write(OutputStream journal, String line) throws IOException {
    journal.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    journal.flush();
  }
}
