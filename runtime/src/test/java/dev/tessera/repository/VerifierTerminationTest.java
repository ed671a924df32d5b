package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.EMAIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A verifier ends on any input: damage written into data.mdb itself, deterministic (a key stored out
 * of order) and random (bit flips, each store verified in a child JVM with a deadline, because such
 * damage can crash LMDB natively). More random rounds: {@code -Dtessera.damage.rounds=200}.
 */
class VerifierTerminationTest {
  static final int ROUNDS = Integer.getInteger("tessera.damage.rounds", 3);

  @TempDir Path dir;

  static void insertUsers(Path store, int count) {
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      IndexedUserRepository users =
          new IndexedUserRepository(kv, List.of(EMAIL, COLOR), RepositoryOptions.defaults());
      List<User> batch = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        batch.add(new User("u" + i, "N" + i, "user" + i + "@example.com", "c" + (i % 5)));
      }
      users.insertAll(batch);
    }
  }

  /** Overwrites every copy of {@code from} in the file with {@code to} (same length). */
  static int replace(Path file, byte[] from, byte[] to) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int replaced = 0;
    for (int i = 0; i + from.length <= bytes.length; i++) {
      if (Arrays.equals(bytes, i, i + from.length, from, 0, from.length)) {
        System.arraycopy(to, 0, bytes, i, to.length);
        replaced++;
      }
    }
    Files.write(file, bytes);
    return replaced;
  }

  /**
   * The record key of u25 rewritten in place to ("user", "t25"): it still sits after u24 in its page
   * but sorts before every record. A batch of 19 records ends on it; the next batch, asked to start
   * just after it, starts at u0 again and ends on it again: an endless loop unless the scan refuses
   * to step back.
   */
  @Test
  void verifyEndsAndReportsAKeyStoredOutOfOrderInTheFile() throws IOException {
    insertUsers(dir, 40);
    Tuple u25;
    Tuple t25;
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      u25 = StoredKeys.key(store, "user", "u25");
      t25 = StoredKeys.key(store, "user", "t25");
    }
    assertThat(replace(dir.resolve("data.mdb"), u25.pack(), t25.pack())).isPositive();

    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      IndexedUserRepository users = new IndexedUserRepository(store, List.of(EMAIL, COLOR),
          RepositoryOptions.defaults().withBatchSize(19).withBuildPolicy(IndexBuildPolicy.ON_DEMAND));

      IndexVerification found =
          assertTimeoutPreemptively(Duration.ofSeconds(60), () -> users.indexAdmin().verifyIndexes());

      assertThat(found.records().undecodable()).isEqualTo(1);
      assertThat(found.records().samples().get(0).detail())
          .contains(t25 + " out of key order");
      // u25's entries point to a key the scan never reads as a record. Lookups in the page that
      // holds the misplaced key can miss its neighbours too (LMDB searches a page by bisection),
      // so how many more entries look dangling depends on the page layout.
      assertThat(found.index("email").dangling()).isPositive();
    }
  }

  @Test
  void verifyEndsOnRandomlyDamagedFilesAndNeverThrowsARawDecodingError() throws Exception {
    Path base = dir.resolve("base");
    insertUsers(base, 3000);
    for (int round = 1; round <= ROUNDS; round++) {
      Path store = dir.resolve("round" + round);
      Files.createDirectories(store);
      try (Stream<Path> files = Files.list(base)) {
        for (Path file : files.toList()) {
          Files.copy(file, store.resolve(file.getFileName()));
        }
      }
      flipBits(store.resolve("data.mdb"), new Random(round), 8);

      Process child = new ProcessBuilder(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
          "-cp", System.getProperty("java.class.path"), VerifyDamagedStoreMain.class.getName(),
          store.toString())
          .redirectErrorStream(true)
          .start();
      byte[] output = child.getInputStream().readAllBytes(); // ends when the child does
      boolean ended = child.waitFor(60, TimeUnit.SECONDS);
      if (!ended) {
        child.destroyForcibly();
      }
      String out = new String(output, StandardCharsets.UTF_8);
      assertThat(ended).as("round %d: verify ended within 60 s", round).isTrue();
      // A native crash (SIGSEGV, SIGBUS) of LMDB on a damaged page is beyond Java; what Tessera
      // throws or reports must name the damage, never leak a raw decoding error.
      assertThat(out).as("round %d output", round)
          .doesNotContain("Exception in thread \"main\" dev.tessera.tuple.TupleDecodingException")
          .doesNotContain("NegativeArraySizeException");
      if (child.exitValue() == 0) {
        assertThat(out).as("round %d output", round).contains("verified IndexVerification[");
      }
    }
  }

  static void flipBits(Path file, Random random, int flips) throws IOException {
    try (RandomAccessFile data = new RandomAccessFile(file.toFile(), "rw")) {
      long length = data.length();
      for (int i = 0; i < flips; i++) {
        long at = (long) (random.nextDouble() * length);
        data.seek(at);
        int b = data.read();
        data.seek(at);
        data.write(b ^ (1 << random.nextInt(8)));
      }
    }
  }
}
