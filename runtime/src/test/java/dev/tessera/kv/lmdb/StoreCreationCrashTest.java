package dev.tessera.kv.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.tuple.Tuple;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;

/**
 * Kills a child JVM with {@code kill -9} while it creates new stores, at random points of a
 * creation, and then opens every directory it left: a crash during creation must never leave a
 * directory that does not open.
 */
class StoreCreationCrashTest {
  private static final int KILLS = 6;

  @TempDir Path dir;

  @Test
  void everyDirectoryLeftByAKillDuringCreationOpensAsAStore() throws Exception {
    Random random = new Random(20261123L);
    for (int round = 0; round < KILLS; round++) {
      // A child that starts fast: it only creates stores until it is killed.
      Process child = MultiProcessTest.startChild(
          List.of("-Xmx64m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"),
          ChildCreatorMain.class.getName(), dir.toString(), "round" + round);
      BufferedReader out = new BufferedReader(
          new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      // Kill at a random point of the creation of store 1 or 2: within a few milliseconds after
      // the child announced it.
      String awaited = "creating " + (1 + random.nextInt(2));
      String line;
      do {
        line = out.readLine();
        assertThat(line).as("the child announces each creation").isNotNull();
      } while (!line.equals(awaited));
      long killAt = System.nanoTime() + random.nextInt(4_000_000);
      while (System.nanoTime() < killAt) {
        Thread.onSpinWait(); // chooses the kill point; no state is awaited
      }
      child.destroyForcibly(); // SIGKILL
      assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }

    TreeMap<String, String> leftBehind = new TreeMap<>();
    try (Stream<Path> stores = Files.list(dir)) {
      for (Path store : stores.sorted().toList()) {
        leftBehind.put(store.getFileName().toString(), stateOf(store));
      }
    }
    System.out.println("Directories left by " + KILLS + " kills during creation: " + leftBehind);
    for (String name : leftBehind.keySet()) {
      Path store = dir.resolve(name);
      try (LmdbKvStore opened = LmdbKvStore.open(store)) {
        assertThat(opened.atomic().set(Tuple.of("k"), new byte[] {1}).commit().ok()).isTrue();
      }
      try (LmdbKvStore reopened = LmdbKvStore.open(store)) {
        assertThat(reopened.get(Tuple.of("k")).value()).as(name).containsExactly(1);
      }
    }
  }

  /** What a creation left, as raw LMDB sees it (read-only), for the test's report. */
  private static String stateOf(Path store) {
    Path data = store.resolve(StoreDirectory.DATA_FILE);
    try {
      if (!Files.exists(data)) {
        return "no data.mdb";
      }
      if (Files.size(data) == 0) {
        return "empty data.mdb";
      }
      try (Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB).setMaxDbs(4)
          .open(store.toFile(), EnvFlags.MDB_RDONLY_ENV, EnvFlags.MDB_NOTLS)) {
        List<byte[]> names = env.getDbiNames();
        return names.isEmpty() ? "LMDB without metadata" : "complete";
      }
    } catch (Exception e) {
      return "unreadable: " + e;
    }
  }
}
