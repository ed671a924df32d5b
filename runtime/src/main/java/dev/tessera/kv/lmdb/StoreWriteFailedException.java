package dev.tessera.kv.lmdb;

import dev.tessera.TesseraException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.lmdbjava.LmdbNativeException;

/**
 * Thrown when LMDB could not write or flush the store's files: the disk (or the user's quota, or
 * the process's file size limit) is full, or the disk or file system failed. {@link
 * #nothingWritten()} says which of two cases it is:
 *
 * <ul>
 *   <li>a commit failed: nothing of it was written, the store is exactly as before and keeps
 *       working (reads, and writes once space is freed);
 *   <li>commits were written, but flushing them to disk failed: they are visible, but may not
 *       survive a crash of the machine.
 * </ul>
 *
 * <p>On a full disk LMDB reports a write cut short as {@code EIO}, like a disk failure; the message
 * then gives the space left on the file system. Immutable and thread-safe.
 */
public final class StoreWriteFailedException extends TesseraException {
  private static final long serialVersionUID = 1L;
  // errno names meaning that space ran out: the disk, the user's quota, the file size limit.
  private static final Set<String> NO_SPACE = Set.of("ENOSPC", "EDQUOT", "EFBIG");
  // lmdbjava's message: "Platform constant error code: ENOSPC No space left on device (28)".
  // Below this many usable bytes, a write cut short is put down to a full disk.
  private static final long NEARLY_FULL = 16L << 20;
  private static final String LMDBJAVA_PREFIX = "Platform constant error code: ";

  /** The store's directory. */
  private final String directory;
  /** The operating system's error. */
  private final String error;
  /** The bytes left on the store's file system when the write failed. */
  private final long usableBytes;
  /** True if the failed commit wrote nothing. */
  private final boolean nothingWritten;

  private StoreWriteFailedException(String message, Path directory, String error,
      long usableBytes, boolean nothingWritten, Throwable cause) {
    super(message, cause);
    this.directory = directory.toString();
    this.error = error;
    this.usableBytes = usableBytes;
    this.nothingWritten = nothingWritten;
  }

  /** A commit to the store in {@code directory} failed with the system error {@code cause}. */
  static StoreWriteFailedException commitFailed(Path directory, LmdbNativeException cause) {
    String error = errorOf(cause);
    long usable = usableBytes(directory);
    return new StoreWriteFailedException("A commit to the store in " + directory
        + " failed: LMDB could not write data.mdb: " + error + "; " + diagnosis(error, usable)
        + ". Nothing of the commit was written: the store is unchanged and keeps working; free"
        + " space and retry", directory, error, usable, true, cause);
  }

  /** Flushing commits of the store in {@code directory} to disk failed with {@code cause}. */
  static StoreWriteFailedException flushFailed(Path directory, LmdbNativeException cause) {
    String error = errorOf(cause);
    long usable = usableBytes(directory);
    return new StoreWriteFailedException("Flushing commits of the store in " + directory
        + " to disk failed: " + error + "; " + diagnosis(error, usable) + ". The commits were"
        + " written and are visible, but may not survive a crash of the machine", directory, error,
        usable, false, cause);
  }

  private static String errorOf(LmdbNativeException cause) {
    String message = String.valueOf(cause.getMessage());
    return message.startsWith(LMDBJAVA_PREFIX)
        ? message.substring(LMDBJAVA_PREFIX.length()) : message;
  }

  private static String diagnosis(String error, long usable) {
    String name = error.split(" ", 2)[0];
    String space = usable < 0 ? "" : " (" + usable + " bytes usable on its file system)";
    if (NO_SPACE.contains(name)) {
      return "the disk, the quota or the file size limit is full" + space;
    }
    if (name.equals("EIO")) {
      // LMDB reports a write cut short as EIO; a full disk is the usual reason.
      return usable >= 0 && usable < NEARLY_FULL
          ? "the disk is full" + space + " (LMDB reports a write cut short as EIO)"
          : "a file size limit or quota cut the write short, or the disk failed" + space;
    }
    return "the write failed" + space;
  }

  private static long usableBytes(Path directory) {
    try {
      return Files.getFileStore(directory).getUsableSpace();
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** {@return the store's directory} */
  public Path directory() {
    return Path.of(directory);
  }

  /** {@return the system error, e.g. {@code ENOSPC No space left on device (28)}} */
  public String error() {
    return error;
  }

  /**
   * {@return the bytes usable on the store's file system when the write failed, or -1 if unknown}
   */
  public long usableBytes() {
    return usableBytes;
  }

  /**
   * {@return true if a commit failed and wrote nothing; false if commits were written but flushing
   * them to disk failed (they may not survive a crash of the machine)}
   */
  public boolean nothingWritten() {
    return nothingWritten;
  }
}
