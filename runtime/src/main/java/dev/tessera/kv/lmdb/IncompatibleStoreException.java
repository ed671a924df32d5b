package dev.tessera.kv.lmdb;

import dev.tessera.TesseraException;
import java.nio.file.Path;

/**
 * Thrown by {@link LmdbKvStore#open} when the store was written in a format this version of
 * Tessera does not know (a newer one). The store is left untouched. Immutable and thread-safe.
 */
public final class IncompatibleStoreException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final String directory;
  private final int foundVersion;
  private final int supportedVersion;

  /** Creates the exception. */
  public IncompatibleStoreException(Path directory, int foundVersion, int supportedVersion) {
    super("The Tessera store in " + directory + " has format version " + foundVersion
        + ", but this version of Tessera reads format versions up to " + supportedVersion
        + "; open it with a newer Tessera");
    this.directory = directory.toString();
    this.foundVersion = foundVersion;
    this.supportedVersion = supportedVersion;
  }

  /** The store's directory. */
  public Path directory() {
    return Path.of(directory);
  }

  /** The format version found in the store. */
  public int foundVersion() {
    return foundVersion;
  }

  /** The newest format version this code reads. */
  public int supportedVersion() {
    return supportedVersion;
  }
}
