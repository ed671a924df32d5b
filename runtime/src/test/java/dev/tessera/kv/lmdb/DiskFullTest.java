package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.tessera.tuple.Tuple;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes that fail because space ran out: a commit fails with {@link StoreWriteFailedException},
 * writes nothing, and the store keeps working once space is available again. The file size limit
 * of a child JVM (RLIMIT_FSIZE, a soft limit set and lifted with {@code prlimit}) runs everywhere on Linux; a
 * really full file system runs when {@code -Dtessera.test.smallFileSystem=<directory>} names a
 * directory on a small one (e.g. a 24 MiB tmpfs).
 */
class DiskFullTest {
  private static final Path PRLIMIT = Path.of("/usr/bin/prlimit");
  private static final int RECORD = 4000;

  @TempDir Path dir;

  @Test
  void aFileSizeLimitFailsTheCommitClearlyAndWritesResumeWhenItIsLifted() throws Exception {
    assumeThat(Files.isExecutable(PRLIMIT)).as("prlimit (util-linux) is installed").isTrue();
    Path store = dir.resolve("limited");
    List<String> command = new ArrayList<>(List.of(PRLIMIT.toString(), "--fsize=1000000:unlimited",
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
        "-XX:TieredStopAtLevel=1",
        "-cp", System.getProperty("java.class.path"), ChildFillerMain.class.getName(),
        store.toString(), Integer.toString(RECORD)));
    Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    BufferedReader out = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    String failure = out.readLine();
    System.out.println("At a 1,000,000-byte file size limit: " + failure);
    int written = assertCommitFailedClearly(failure);

    Process lift = new ProcessBuilder(PRLIMIT.toString(), "--pid", Long.toString(child.pid()),
        "--fsize=unlimited:unlimited").inheritIO().start();
    assertThat(lift.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(lift.exitValue()).isZero();
    resume(child);
    assertThat(out.readLine()).startsWith("RESUMED ");
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).isZero();
    assertHolds(store, written + 1);
  }

  @Test
  void aFullFileSystemFailsTheCommitClearlyAndWritesResumeWhenSpaceIsFreed() throws Exception {
    String small = System.getProperty("tessera.test.smallFileSystem");
    assumeThat(small).as("-Dtessera.test.smallFileSystem names a directory on a small file system")
        .isNotNull();
    Path base = Files.createTempDirectory(Path.of(small), "full-disk");
    Path store = base.resolve("store");
    Path ballast = base.resolve("ballast");
    Files.write(ballast, new byte[1 << 20]);
    Process child = MultiProcessTest.startChild(ChildFillerMain.class.getName(), "-Xmx64m",
        store.toString(), Integer.toString(RECORD));
    BufferedReader out = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    String failure = out.readLine();
    System.out.println("On a full file system: " + failure);
    int written = assertCommitFailedClearly(failure);

    Files.delete(ballast);
    resume(child);
    assertThat(out.readLine()).startsWith("RESUMED ");
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertHolds(store, written + 1);
    try (var files = Files.walk(base)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Checks the child's {@code FAILED <n> <class>: <message>} line; returns n. */
  private static int assertCommitFailedClearly(String line) {
    assertThat(line).startsWith("FAILED ");
    String[] parts = line.split(" ", 4);
    assertThat(parts[2]).isEqualTo(StoreWriteFailedException.class.getName() + ":");
    assertThat(parts[3]).contains("failed: LMDB could not write data.mdb",
        "Nothing of the commit was written");
    return Integer.parseInt(parts[1]);
  }

  private static void resume(Process child) throws IOException {
    OutputStream in = child.getOutputStream();
    in.write("go\n".getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /** The store holds records 0 to n - 1, whole, and nothing else. */
  private static void assertHolds(Path store, int n) {
    try (LmdbKvStore reopened = LmdbKvStore.open(store)) {
      assertThat(KeySpace.dump(reopened)).hasSize(n);
      for (int i = 0; i < n; i++) {
        byte[] expected = new byte[RECORD];
        Arrays.fill(expected, (byte) i);
        assertThat(reopened.get(Tuple.of("r", i)).value()).as("record %d", i)
            .isEqualTo(expected);
      }
    }
  }
}
