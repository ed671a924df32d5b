package dev.tessera.kv.lmdb;

/**
 * What a successful {@code commit()} promises about surviving crashes. Immutable.
 */
public enum Durability {
  /**
   * The default: when {@code commit()} returns, LMDB has flushed the data and meta pages to disk
   * ({@code fdatasync}). The commit survives a process crash ({@code kill -9}), an operating
   * system crash and a power loss (as far as the disk honours flushes). A lone commit costs two
   * flushes; concurrent commits share them (group commit: under load, one flush per batch).
   */
  DURABLE,

  /**
   * LMDB's {@code MDB_NOSYNC}: a commit is written to the operating system's page cache but not
   * flushed. It survives a crash of the process ({@code kill -9}), because the kernel still holds
   * and eventually writes the pages. An operating system crash or power loss may lose the most
   * recent commits and, on file systems that reorder writes, may corrupt the database. {@link
   * LmdbKvStore#close()} flushes, so a cleanly closed store is fully on disk.
   */
  NO_SYNC
}
