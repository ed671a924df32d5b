package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stores shared between processes, and bounded-memory scans, using child JVMs. */
class MultiProcessTest {
  @TempDir Path dir;

  /** Small initial map so both processes grow it while sharing the store. */
  static LmdbOptions options() {
    return LmdbOptions.builder().initialMapSize(256L << 10).durability(Durability.NO_SYNC)
        .build();
  }

  static Process startChild(String mainClass, String heap, String... args)
      throws IOException {
    return startChild(List.of(heap), mainClass, args);
  }

  /** Starts {@code mainClass} in a child JVM with {@code jvmOptions}, on this class path. */
  static Process startChild(List<String> jvmOptions, String mainClass, String... args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  private static List<String> finish(Process child) throws Exception {
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as("child exit code, output: %s", out).isZero();
    return out.lines().toList();
  }

  @Test
  void twoProcessesCommitConcurrentlyWithUniqueVersionstampsAndNoLostCommit() throws Exception {
    int each = 1000;
    Path store = dir.resolve("shared");
    List<Versionstamp> mine = new ArrayList<>();
    try (LmdbKvStore parent = LmdbKvStore.open(store, options())) {
      Process child = startChild(ChildCommitterMain.class.getName(), "-Xmx64m",
          store.toString(), "child", Integer.toString(each));
      BufferedReader childOut = new BufferedReader(
          new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      assertThat(childOut.readLine()).isEqualTo("ready");
      child.getOutputStream().write("go\n".getBytes(StandardCharsets.UTF_8));
      child.getOutputStream().flush();
      // Commit at least `each` times, and on until a child commit landed after our first one
      // (then once more), so the two processes' commits provably interleave.
      long childBeforeFirst = -1;
      boolean childSeenSince = false;
      // Generous: the loop ends as soon as the commits interleave, and a loaded machine is slow.
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      while (true) {
        mine.add(parent.atomic().sum(Tuple.of("counter"), 1)
            .set(Tuple.of("item", "parent", mine.size()), new byte[2048]).commit().versionstamp());
        long childCommits = KeySpace.u64(parent.get(Tuple.of("counter")).value()) - mine.size();
        if (childBeforeFirst < 0) {
          childBeforeFirst = childCommits;
        } else if (childSeenSince && mine.size() >= each) {
          break;
        }
        childSeenSince |= childCommits > childBeforeFirst;
        assertThat(System.nanoTime() - deadline).as("commits interleave within 3 minutes").isNegative();
      }
      List<Versionstamp> theirs = childOut.lines().map(Versionstamp::parse).toList();
      assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(child.exitValue()).isZero();

      assertThat(theirs).hasSize(each).isSorted();
      assertThat(mine).isSorted();
      Set<String> all = new HashSet<>();
      mine.forEach(v -> all.add(v.toString()));
      theirs.forEach(v -> all.add(v.toString()));
      assertThat(all).as("versionstamps unique across processes").hasSize(mine.size() + each);
      assertThat(theirs).anyMatch(v -> v.compareTo(mine.get(0)) > 0
          && v.compareTo(mine.get(mine.size() - 1)) < 0);
      long total = mine.size() + each;
      assertThat(KeySpace.u64(parent.get(Tuple.of("counter")).value())).isEqualTo(total);
      for (int i = 0; i < each; i++) {
        assertThat(parent.get(Tuple.of("item", "child", i)).exists()).isTrue();
      }
      for (int i = 0; i < mine.size(); i++) {
        assertThat(parent.get(Tuple.of("item", "parent", i)).exists()).isTrue();
      }
      Versionstamp after = parent.atomic().set(Tuple.of("after"), new byte[1 << 20]).commit()
          .versionstamp();
      assertThat(after.commitVersion()).isEqualTo(total + 1);
    }
  }

  @Test
  void aMapGrownByAnotherProcessIsAdopted() throws Exception {
    Path store = dir.resolve("grown");
    try (LmdbKvStore parent = LmdbKvStore.open(store, options())) {
      long before = parent.mapSize();
      Process child = startChild(ChildCommitterMain.class.getName(), "-Xmx64m",
          store.toString(), "child", "2000");
      child.getOutputStream().write("go\n".getBytes(StandardCharsets.UTF_8));
      child.getOutputStream().flush();
      assertThat(finish(child)).hasSize(2001);
      // 2000 x 2 KB outgrew this process's 256 KB mapping: the next read adopts the new size.
      assertThat(parent.get(Tuple.of("item", "child", 1999)).exists()).isTrue();
      assertThat(parent.adoptedGrowths()).isEqualTo(1);
      assertThat(parent.mapSize()).isGreaterThan(before);
      assertThat(parent.atomic().sum(Tuple.of("counter"), 1).commit().ok()).isTrue();
      assertThat(KeySpace.u64(parent.get(Tuple.of("counter")).value())).isEqualTo(2001);
    }
  }

  @Test
  void noSyncCommitsSurviveKillOfTheProcess() throws Exception {
    Path store = dir.resolve("killed");
    int count = 300;
    Process child = startChild(ChildCommitterMain.class.getName(), "-Xmx64m",
        store.toString(), "child", Integer.toString(count), "hang");
    child.getOutputStream().write("go\n".getBytes(StandardCharsets.UTF_8));
    child.getOutputStream().flush();
    BufferedReader out = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    assertThat(out.readLine()).isEqualTo("ready");
    String last = null;
    for (int i = 0; i < count; i++) {
      last = out.readLine();
    }
    child.destroyForcibly(); // SIGKILL: no close, no sync
    assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    try (LmdbKvStore reopened = LmdbKvStore.open(store)) {
      assertThat(KeySpace.u64(reopened.get(Tuple.of("counter")).value())).isEqualTo(count);
      assertThat(reopened.get(Tuple.of("item", "child", count - 1)).versionstamp())
          .isEqualTo(Versionstamp.parse(last));
    }
  }

  /**
   * A reader process killed with {@code kill -9} leaves its slot in LMDB's reader table; until the
   * slot is cleared, its snapshot keeps every page freed since from being reused, and the file grows
   * with each update. The surviving process clears it itself while it keeps writing.
   */
  @Test
  void aKilledReaderProcessDoesNotMakeTheFileGrowWithoutBound() throws Exception {
    Path store = dir.resolve("dead-reader");
    LmdbOptions options = LmdbOptions.builder().durability(Durability.NO_SYNC).build();
    byte[] record = new byte[4096];
    try (LmdbKvStore survivor = LmdbKvStore.open(store, options)) {
      for (int i = 0; i < 100; i++) {
        survivor.atomic().set(Tuple.of("r", i), record).commit();
      }
      Process reader = startChild(ChildReaderMain.class.getName(), "-Xmx64m",
          store.toString(), "r");
      BufferedReader out = new BufferedReader(
          new InputStreamReader(reader.getInputStream(), StandardCharsets.UTF_8));
      assertThat(out.readLine()).isEqualTo("reading");
      reader.destroyForcibly(); // SIGKILL: its reader slot stays in lock.mdb
      assertThat(reader.waitFor(30, TimeUnit.SECONDS)).isTrue();

      for (int i = 0; i < 4000; i++) {
        record[0] = (byte) i;
        survivor.atomic().set(Tuple.of("r", 0), record).commit();
      }
      long size = Files.size(store.resolve("data.mdb"));
      System.out.printf("data.mdb after 4,000 updates of a 4 KB record behind a killed reader: "
          + "%d bytes%n", size);
      // 100 records of 4 KB take about 1 MB; a pinned snapshot adds about 20 KB per update (80 MB).
      assertThat(size).as("data.mdb size in bytes").isLessThan(3L << 20);
      assertThat(survivor.get(Tuple.of("r", 0)).value()[0]).isEqualTo((byte) 3999);
    }
  }

  @Test
  void scanOfAMillionKeysRunsInASmallHeap() throws Exception {
    int total = 1_000_000;
    Path store = dir.resolve("big");
    long start = System.nanoTime();
    try (LmdbKvStore big = LmdbKvStore.open(store,
        LmdbOptions.builder().durability(Durability.NO_SYNC).build())) {
      for (int c = 0; c < total / 50_000; c++) {
        AtomicOperation op = big.atomic();
        for (int i = 0; i < 50_000; i++) {
          op.set(Tuple.of("n", c * 50_000 + i), new byte[8]);
        }
        op.commit();
      }
    }
    long written = System.nanoTime();
    // 1M entries materialised would need well over 100 MB; the child has 24 MB of heap.
    Process child = startChild(ChildScannerMain.class.getName(), "-Xmx24m", store.toString(), "n");
    assertThat(finish(child)).containsExactly(Integer.toString(total));
    System.out.printf("1M keys: written in %d ms, scanned in a child JVM (-Xmx24m) in %d ms%n",
        (written - start) / 1_000_000, (System.nanoTime() - written) / 1_000_000);
  }
}
