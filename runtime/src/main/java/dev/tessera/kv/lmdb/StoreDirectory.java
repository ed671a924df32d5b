package dev.tessera.kv.lmdb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

/**
 * Checks a path on the file system before LMDB touches it, so that opening something that is not a
 * Tessera store fails without creating or changing files. Stateless.
 */
final class StoreDirectory {
  static final String DATA_FILE = "data.mdb";
  static final String LOCK_FILE = "lock.mdb";
  // LMDB's meta page: a 16-byte page header, then mm_magic (native byte order) = 0xBEEFC0DE.
  private static final int MAGIC_OFFSET = 16;
  private static final int LMDB_MAGIC = 0xBEEFC0DE;

  private StoreDirectory() {}

  /**
   * Prepares {@code dir}: creates it if missing; fails if it is a file, holds files but no LMDB
   * database, or holds a {@code data.mdb} that is not an LMDB database. An empty {@code data.mdb}
   * is what a process killed while LMDB created the file leaves (LMDB creates it, then writes its
   * first pages): LMDB initialises it as a new file.
   *
   * @param access the permissions of the directory if it is created here
   * @return true if the directory holds no database yet (a new store will be created)
   */
  static boolean prepare(Path dir, FileAccess access) {
    try {
      if (Files.exists(dir) && !Files.isDirectory(dir)) {
        throw new NotATesseraStoreException(dir, "it is a file, not a directory");
      }
      createDirectory(dir, access);
      Path data = dir.resolve(DATA_FILE);
      if (Files.exists(data) && Files.size(data) > 0) {
        checkLmdbMagic(dir, data);
        return false;
      }
      try (Stream<Path> entries = Files.list(dir)) {
        if (entries.anyMatch(p -> !isLmdbFile(p))) {
          throw new NotATesseraStoreException(
              dir, "the directory holds other files but no " + DATA_FILE);
        }
      }
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot prepare the store directory " + dir, e);
    }
  }

  /**
   * Checks that {@code dir} holds a store to open read-only: a directory with a non-empty LMDB
   * {@code data.mdb}. Creates and changes nothing.
   *
   * @return false: a read-only open never creates a store
   * @throws NotATesseraStoreException if it does not
   */
  static boolean requireStore(Path dir) {
    try {
      if (!Files.exists(dir)) {
        throw new NotATesseraStoreException(dir, "it does not exist");
      }
      if (!Files.isDirectory(dir)) {
        throw new NotATesseraStoreException(dir, "it is a file, not a directory");
      }
      Path data = dir.resolve(DATA_FILE);
      if (!Files.exists(data) || Files.size(data) == 0) {
        throw new NotATesseraStoreException(dir, "it holds no " + DATA_FILE);
      }
      checkLmdbMagic(dir, data);
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the store directory " + dir, e);
    }
  }

  /**
   * Deletes the {@code lock.mdb} a failed open created, unless a process has the store open: every
   * LMDB environment holds a shared lock on the file's first byte while it is open, so an exclusive
   * lock on it means nobody uses the file. Best effort: if the lock cannot be taken or the file
   * cannot be deleted, it stays (it holds no data; the next open reuses it).
   */
  static void removeUnusedLockFile(Path dir) {
    Path lock = dir.resolve(LOCK_FILE);
    try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.WRITE)) {
      FileLock exclusive = channel.tryLock(0, 1, false);
      if (exclusive != null) {
        try {
          Files.deleteIfExists(lock);
        } finally {
          exclusive.release();
        }
      }
    } catch (IOException | OverlappingFileLockException e) {
      // Left in place: harmless, and another process may be about to use it.
    }
  }

  // Parents get the usual permissions; the store directory itself those of the access asked for.
  static void createDirectory(Path dir, FileAccess access) throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    if (dir.getParent() != null) {
      Files.createDirectories(dir.getParent());
    }
    boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
    try {
      if (posix) {
        Files.createDirectory(dir,
            PosixFilePermissions.asFileAttribute(access.directoryPermissions()));
      } else {
        Files.createDirectory(dir);
      }
    } catch (FileAlreadyExistsException e) {
      if (!Files.isDirectory(dir)) { // another process created it meanwhile: fine if a directory
        throw e;
      }
    }
  }

  private static boolean isLmdbFile(Path path) {
    String name = path.getFileName().toString();
    return name.equals(LOCK_FILE) || name.equals(DATA_FILE);
  }

  private static void checkLmdbMagic(Path dir, Path data) throws IOException {
    byte[] header = new byte[MAGIC_OFFSET + 4];
    int read;
    try (InputStream in = Files.newInputStream(data)) {
      read = in.readNBytes(header, 0, header.length);
    }
    int magic = ByteBuffer.wrap(header).order(ByteOrder.nativeOrder()).getInt(MAGIC_OFFSET);
    if (read < header.length || magic != LMDB_MAGIC) {
      throw new NotATesseraStoreException(dir, DATA_FILE + " is not an LMDB database");
    }
  }
}
