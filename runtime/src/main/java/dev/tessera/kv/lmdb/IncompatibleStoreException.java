package dev.tessera.kv.lmdb;

import dev.tessera.TesseraException;
import java.nio.file.Path;

/**
 * Thrown by {@link LmdbKvStore#open} when the store was written in a format this version of
 * Tessera does not know (a newer one). The store is left untouched. Immutable and thread-safe.
 */
public final class IncompatibleStoreException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The store's directory. */
  private final String directory;
  /** The format version the store has. */
  private final int foundVersion;
  /** The format version this build reads. */
  private final int supportedVersion;

  /**
   * Creates the exception.
   *
   * @param directory the store's directory
   * @param foundVersion the format version the store has
   * @param supportedVersion the format version this build reads
   */
  public IncompatibleStoreException(Path directory, int foundVersion, int supportedVersion) {
    super("The Tessera store in " + directory + " has format version " + foundVersion
        + ", but this version of Tessera reads format versions up to " + supportedVersion
        + "; open it with a newer Tessera");
    this.directory = directory.toString();
    this.foundVersion = foundVersion;
    this.supportedVersion = supportedVersion;
  }

  /** {@return the store's directory} */
  public Path directory() {
    return Path.of(directory);
  }

  /** {@return the format version found in the store} */
  public int foundVersion() {
    return foundVersion;
  }

  /** {@return the newest format version this code reads} */
  public int supportedVersion() {
    return supportedVersion;
  }
}
