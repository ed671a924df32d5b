package dev.tessera.kv.lmdb;

import dev.tessera.TesseraException;
import java.nio.file.Path;

/**
 * Thrown by {@link LmdbKvStore#open} when the path is not a Tessera store and cannot become one
 * without destroying something: a plain file, a directory holding other files, a file that is not
 * an LMDB database, or an LMDB database without Tessera's metadata. The path's data is left
 * untouched. Immutable and thread-safe.
 */
public final class NotATesseraStoreException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The path that is not a store. */
  private final String directory;
  /** Why it is not a store. */
  private final String reason;

  /**
   * Creates the exception for {@code directory}, saying why it is not a store.
   *
   * @param directory the path that is not a store
   * @param reason why it is not a store
   */
  public NotATesseraStoreException(Path directory, String reason) {
    this(directory, reason, null);
  }

  /**
   * Creates the exception with the LMDB failure that revealed it.
   *
   * @param directory the path that is not a store
   * @param reason why it is not a store
   * @param cause the LMDB failure
   */
  public NotATesseraStoreException(Path directory, String reason, Throwable cause) {
    super(directory + " is not a Tessera store: " + reason, cause);
    this.directory = directory.toString();
    this.reason = reason;
  }

  /** {@return the path that was opened} */
  public Path directory() {
    return Path.of(directory);
  }

  /**
   * Why the path is not a Tessera store.
   *
   * @return why the path is not a Tessera store
   */
  public String reason() {
    return reason;
  }
}
