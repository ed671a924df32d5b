package dev.tessera.kv.lmdb;

import dev.tessera.TesseraException;
import java.nio.file.Path;

/**
 * Thrown by {@link LmdbKvStore#open} when {@code data.mdb} is shorter than its last commit says it
 * is: the file was cut short (a copy that did not finish, a disk that filled up while it was being
 * copied, damage). LMDB maps the file into memory and would crash the JVM (SIGBUS) on the first
 * read of a missing page, so the store is refused before anything reads it; the files are left
 * untouched. Restore the store from a backup. Immutable and thread-safe.
 */
public final class TruncatedStoreException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The data file. */
  private final String file;
  /** The data file's size, in bytes. */
  private final long fileSize;
  /** The size its pages need, in bytes. */
  private final long expectedSize;

  /**
   * Creates the exception.
   *
   * @param file the data file
   * @param fileSize its size in bytes
   * @param expectedSize the bytes its last commit uses (last page number + 1, times the page size)
   */
  public TruncatedStoreException(Path file, long fileSize, long expectedSize) {
    super("The store's data file " + file + " is truncated: it has " + fileSize
        + " bytes, but its last commit uses " + expectedSize + " bytes; it was cut short (an"
        + " unfinished copy, a full disk while copying, or damage). Restore the store from a"
        + " backup; the files were left untouched");
    this.file = file.toString();
    this.fileSize = fileSize;
    this.expectedSize = expectedSize;
  }

  /** {@return the truncated data file} */
  public Path file() {
    return Path.of(file);
  }

  /** {@return its size in bytes} */
  public long fileSize() {
    return fileSize;
  }

  /** {@return the bytes its last commit uses: what the file should have at least} */
  public long expectedSize() {
    return expectedSize;
  }
}
