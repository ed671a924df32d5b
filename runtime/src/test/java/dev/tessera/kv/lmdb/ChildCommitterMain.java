package dev.tessera.kv.lmdb;

import dev.tessera.kv.CommitResult;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;

/**
 * Test support run in a child JVM: opens the store at {@code dir}, prints {@code ready}, waits for
 * a line on stdin, then commits {@code count} times (a counter sum plus a 2 KB entry), printing
 * each commit's versionstamp.
 */
public final class ChildCommitterMain {
  private ChildCommitterMain() {}

  /** Arguments: directory, tag, count, and optionally {@code hang} to stay alive (unclosed). */
  public static void main(String[] args) throws java.io.IOException {
    Path dir = Path.of(args[0]);
    String tag = args[1];
    int count = Integer.parseInt(args[2]);
    boolean hang = args.length > 3 && args[3].equals("hang");
    try (LmdbKvStore store = LmdbKvStore.open(dir, MultiProcessTest.options())) {
      System.out.println("ready");
      System.out.flush();
      new java.io.BufferedReader(new java.io.InputStreamReader(System.in,
          java.nio.charset.StandardCharsets.UTF_8)).readLine();
      for (int i = 0; i < count; i++) {
        CommitResult result = store.atomic().sum(Tuple.of("counter"), 1)
            .set(Tuple.of("item", tag, i), new byte[2048]).commit();
        System.out.println(result.versionstamp());
      }
      System.out.flush();
      while (hang) {
        // Wait, store open, to be killed: what was committed must survive kill -9.
        try {
          Thread.sleep(1000);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }
}
