package dev.tessera.kv.lmdb;

import dev.tessera.TesseraException;
import java.nio.file.Path;

/**
 * Thrown by {@link LmdbKvStore#open} when this JVM already has the store open. LMDB forbids opening
 * one environment twice in a process (closing the second would drop the first's file locks); share
 * the open {@link LmdbKvStore} instead. Other processes may open it. Immutable and thread-safe.
 */
public final class StoreAlreadyOpenException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The store's directory. */
  private final String directory;

  /**
   * Creates the exception.
   *
   * @param directory the store's directory
   */
  public StoreAlreadyOpenException(Path directory) {
    super("The Tessera store in " + directory
        + " is already open in this JVM; share that LmdbKvStore instance instead");
    this.directory = directory.toString();
  }

  /** {@return the store's directory} */
  public Path directory() {
    return Path.of(directory);
  }
}
