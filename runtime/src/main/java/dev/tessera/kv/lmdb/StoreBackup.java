package dev.tessera.kv.lmdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.lmdbjava.LmdbException;

/**
 * Writes a hot copy of a store into an empty directory and proves it opens; see {@link
 * LmdbKvStore#backup(Path)}. Stateless and thread-safe.
 */
final class StoreBackup {
  private StoreBackup() {}

  static StoreStatistics write(LmdbEnvironment environment, Path target, boolean compact) {
    Path directory = target.toAbsolutePath().normalize();
    boolean created = prepare(directory);
    try {
      environment.copyTo(directory, compact);
    } catch (LmdbException e) {
      removePartialCopy(directory, created);
      throw new UncheckedIOException(
          "Cannot back up " + environment.name() + " into " + directory + ": " + e.getMessage(),
          new IOException(e));
    }
    try (LmdbKvStore copy = LmdbKvStore.open(directory)) {
      return copy.statistics();
    }
  }

  // Refuses anything but a missing path or an empty directory before LMDB writes a byte.
  private static boolean prepare(Path directory) {
    try {
      if (Files.exists(directory)) {
        if (!Files.isDirectory(directory)) {
          throw new IllegalArgumentException(
              "The backup target " + directory + " is a file; give a new or empty directory");
        }
        try (Stream<Path> entries = Files.list(directory)) {
          if (entries.findAny().isPresent()) {
            throw new IllegalArgumentException("The backup target " + directory
                + " is not empty; give a new or empty directory (nothing was written)");
          }
        }
        return false;
      }
      Files.createDirectories(directory);
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot prepare the backup target " + directory, e);
    }
  }

  private static void removePartialCopy(Path directory, boolean created) {
    try {
      Files.deleteIfExists(directory.resolve(StoreDirectory.DATA_FILE));
      if (created) {
        Files.deleteIfExists(directory);
      }
    } catch (IOException ignored) {
      // Best effort: the copy already failed with the exception that matters.
    }
  }
}
