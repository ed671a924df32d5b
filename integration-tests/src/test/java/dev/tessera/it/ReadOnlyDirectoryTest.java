package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a store whose directory and files are read-only, or creating one under a read-only
 * directory, fails with a clear exception and changes nothing. The store is opened in a child JVM;
 * when the tests run as root (who ignores file permissions), the child runs without the
 * capabilities that let root do so ({@code setpriv}).
 */
class ReadOnlyDirectoryTest {
  @TempDir Path directory;

  @Test
  void readOnlyStoreDirectoryFailsToOpenClearlyAndIsLeftUnchanged() throws Exception {
    Path store = directory.resolve("store");
    try (LmdbKvStore writable = LmdbKvStore.open(store)) {
      writable.atomic().set(Tuple.of("k"), new byte[] {1}).commit();
    }
    byte[] data = Files.readAllBytes(store.resolve("data.mdb"));
    makeReadOnly(store);
    try {
      String outcome = openInChild(store);
      assertThat(outcome).startsWith("FAILED java.io.UncheckedIOException: Cannot open the store in "
          + store).contains("Permission denied");
    } finally {
      makeWritable(store);
    }
    assertThat(Files.readAllBytes(store.resolve("data.mdb"))).isEqualTo(data);
  }

  @Test
  void newStoreUnderAReadOnlyDirectoryFailsClearlyAndCreatesNothing() throws Exception {
    Path parent = directory.resolve("locked");
    Files.createDirectory(parent);
    Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      String outcome = openInChild(parent.resolve("store"));
      assertThat(outcome).isEqualTo("FAILED java.io.UncheckedIOException: Cannot prepare the store "
          + "directory " + parent.resolve("store"));
    } finally {
      Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    try (var entries = Files.list(parent)) {
      assertThat(entries).isEmpty();
    }
  }

  private static void makeReadOnly(Path store) throws IOException {
    for (String file : List.of("data.mdb", "lock.mdb")) {
      Files.setPosixFilePermissions(store.resolve(file), PosixFilePermissions.fromString("r--r--r--"));
    }
    Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("r-xr-xr-x"));
  }

  private static void makeWritable(Path store) throws IOException {
    Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rwxr-xr-x"));
    for (String file : List.of("data.mdb", "lock.mdb")) {
      Files.setPosixFilePermissions(store.resolve(file), PosixFilePermissions.fromString("rw-r--r--"));
    }
  }

  /** Runs {@link OpenStoreMain} in a child JVM bound by file permissions; returns its line. */
  private static String openInChild(Path store) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    if ("root".equals(System.getProperty("user.name"))) {
      // Root's CAP_DAC_OVERRIDE ignores permissions; without it in the bounding set, the child
      // runs as root but is bound by them like any user.
      command.addAll(List.of("setpriv", "--bounding-set", "-dac_override,-dac_read_search"));
    }
    command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), OpenStoreMain.class.getName(), store.toString()));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return output.lines().filter(line -> line.startsWith("OPENED") || line.startsWith("FAILED"))
        .findFirst().orElse(output);
  }
}
