package dev.tessera.kv.lmdb;

import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Who may read the files of a new store: the permissions its directory and its files ({@code
 * data.mdb}, {@code lock.mdb}) are created with, on file systems with POSIX permissions. The
 * process's umask can only remove permissions from these. Existing directories and files keep
 * theirs. Immutable and thread-safe.
 */
public enum FileAccess {
  /** Only the owner may read and write: directory {@code 0700}, files {@code 0600}. The default. */
  OWNER_ONLY("rwx------", 0600),
  /**
   * The owner's group may also read: directory {@code 0750}, files {@code 0640}. This lets, say, a
   * backup user of the group copy the files; opening the store needs write access to them, so the
   * group still cannot open it.
   */
  GROUP_READABLE("rwxr-x---", 0640);

  private final String directoryPermissions;
  private final int fileMode;

  FileAccess(String directoryPermissions, int fileMode) {
    this.directoryPermissions = directoryPermissions;
    this.fileMode = fileMode;
  }

  /** {@return the permissions of a new store directory} */
  public Set<PosixFilePermission> directoryPermissions() {
    return PosixFilePermissions.fromString(directoryPermissions);
  }

  /**
   * {@return the mode of new store files, as the octal number {@code open(2)} takes (e.g. {@code
   * 0600})}
   */
  public int fileMode() {
    return fileMode;
  }
}
