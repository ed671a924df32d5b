package dev.tessera.kv.lmdb;

import dev.tessera.tuple.Tuple;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Test support run in a child JVM whose file system (or file size limit) is small: opens the store
 * at {@code dir} and commits records of {@code size} bytes until a commit fails, printing {@code
 * FAILED <n> <exception class>: <message>} (n records were written); then waits for a line on
 * stdin (space is freed meanwhile), commits the record that failed again and prints {@code
 * RESUMED <versionstamp>}, or {@code FAILED AGAIN <exception class>: <message>}.
 */
public final class ChildFillerMain {
  private ChildFillerMain() {}

  /** Arguments: directory, record size in bytes. */
  public static void main(String[] args) throws IOException {
    int size = Integer.parseInt(args[1]);
    try (LmdbKvStore store = LmdbKvStore.open(Path.of(args[0]))) {
      int n = 0;
      while (true) {
        byte[] record = new byte[size];
        Arrays.fill(record, (byte) n);
        try {
          store.atomic().set(Tuple.of("r", n), record).commit();
          n++;
        } catch (RuntimeException e) {
          System.out.println("FAILED " + n + " " + e.getClass().getName() + ": " + e.getMessage());
          break;
        }
      }
      System.out.flush();
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      try {
        byte[] record = new byte[size];
        Arrays.fill(record, (byte) n);
        System.out.println("RESUMED " + store.atomic().set(Tuple.of("r", n), record).commit()
            .versionstamp());
      } catch (RuntimeException e) {
        System.out.println("FAILED AGAIN " + e.getClass().getName() + ": " + e.getMessage());
      }
    }
  }
}
