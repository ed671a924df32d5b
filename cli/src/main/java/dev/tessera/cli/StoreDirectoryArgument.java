package dev.tessera.cli;

import dev.tessera.kv.lmdb.LmdbKvStore;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/**
 * The {@code DIR} argument every command takes, and opening it: only an existing store is opened
 * (the runtime would create a new one in an empty or missing directory); commands that only read
 * open it read-only. Not thread-safe.
 */
final class StoreDirectoryArgument {
  @Parameters(index = "0", paramLabel = "DIR", description = "The store's directory (holds data.mdb).")
  Path directory;

  /**
   * Opens the store in {@link #directory} for reading only: its data file is not opened for
   * writing, so a store the user may only read can be read.
   *
   * @throws CommandFailure with {@link ExitCodes#CANNOT_OPEN} if there is no store there or it
   *     cannot be opened
   */
  LmdbKvStore openReadOnly() {
    Path dir = existingStore("");
    try {
      return LmdbKvStore.openReadOnly(dir);
    } catch (UncheckedIOException e) {
      throw new CommandFailure(ExitCodes.CANNOT_OPEN, e.getMessage(), e);
    }
  }

  /**
   * Opens the store in {@link #directory} for reading and writing.
   *
   * @param remedy what to do when the directory holds no store yet, appended to the message
   *     (empty, or starting with "; ")
   * @throws CommandFailure with {@link ExitCodes#CANNOT_OPEN} if there is no store there or it
   *     cannot be opened
   */
  LmdbKvStore openForWriting(String remedy) {
    Path dir = existingStore(remedy);
    try {
      return LmdbKvStore.open(dir);
    } catch (UncheckedIOException e) {
      throw new CommandFailure(ExitCodes.CANNOT_OPEN, e.getMessage(), e);
    }
  }

  private Path existingStore(String remedy) {
    Path dir = directory.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new CommandFailure(ExitCodes.CANNOT_OPEN, dir + " is not a Tessera store: "
          + (Files.exists(dir) ? "it is a file, not a directory" : "it does not exist" + remedy));
    }
    if (!Files.exists(dir.resolve("data.mdb"))) {
      throw new CommandFailure(ExitCodes.CANNOT_OPEN,
          dir + " is not a Tessera store: it holds no data.mdb" + remedy);
    }
    return dir;
  }
}
