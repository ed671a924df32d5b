package dev.tessera.kv.lmdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
import org.lmdbjava.LmdbException;

/**
 * Writes a hot copy of a store into an empty directory and proves it opens; see {@link
 * LmdbKvStore#backup(Path)}. The copy is protected as a new store is: a directory created here gets
 * the store's {@link FileAccess} directory permissions, and the copied {@code data.mdb} (which LMDB
 * creates with the process's umask) and the {@code lock.mdb} of the verifying open its file mode.
 * Stateless and thread-safe.
 */
final class StoreBackup {
  private StoreBackup() {}

  static StoreStatistics write(LmdbEnvironment environment, Path target, boolean compact) {
    Path directory = target.toAbsolutePath().normalize();
    FileAccess access = environment.fileAccess();
    boolean created = prepare(directory, access);
    try {
      environment.copyTo(directory, compact);
      restrict(directory.resolve(StoreDirectory.DATA_FILE), access);
    } catch (LmdbException e) {
      removePartialCopy(directory, created);
      throw new UncheckedIOException(
          "Cannot back up " + environment.name() + " into " + directory + ": " + e.getMessage(),
          new IOException(e));
    } catch (IOException e) {
      removePartialCopy(directory, created);
      throw new UncheckedIOException("Cannot restrict the permissions of the backup in "
          + directory + " (it was removed)", e);
    }
    try (LmdbKvStore copy =
        LmdbKvStore.open(directory, LmdbOptions.builder().fileAccess(access).build())) {
      return copy.statistics();
    }
  }

  // The file mode of FileAccess, e.g. 0600, as POSIX permissions; no-op without POSIX support.
  private static void restrict(Path file, FileAccess access) throws IOException {
    if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return;
    }
    Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] bits = PosixFilePermission.values(); // OWNER_READ (0400) ... OTHERS_EXECUTE
    for (int i = 0; i < bits.length; i++) {
      if ((access.fileMode() & (0400 >> i)) != 0) {
        permissions.add(bits[i]);
      }
    }
    Files.setPosixFilePermissions(file, permissions);
  }

  // Refuses anything but a missing path or an empty directory before LMDB writes a byte.
  private static boolean prepare(Path directory, FileAccess access) {
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
      StoreDirectory.createDirectory(directory, access);
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
