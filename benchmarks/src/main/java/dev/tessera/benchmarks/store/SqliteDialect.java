package dev.tessera.benchmarks.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/**
 * SQLite through {@code org.xerial:sqlite-jdbc}: WAL journal, a {@code WITHOUT ROWID} table keyed by
 * the id (the record lives in the primary-key B-tree, as in LMDB), a unique index on the email
 * (a {@code COLLATE NOCASE} column) and plain indexes on colour and age.
 *
 * <p>Durability: {@link Durability#DURABLE} is {@code synchronous=FULL} (the WAL is synced at every
 * commit); {@link Durability#NO_SYNC} is {@code synchronous=NORMAL}, which in WAL mode syncs only at
 * checkpoints: a commit survives a process crash but may be lost on power loss, like
 * {@code MDB_NOSYNC}.
 *
 * <p>Immutable, hence thread-safe.
 */
final class SqliteDialect implements SqlDialect {
  @Override
  public String name() {
    return "sqlite";
  }

  @Override
  public String url(Path directory, String database, Durability durability) {
    return "jdbc:sqlite:" + directory.resolve(database + ".db");
  }

  @Override
  public List<String> sessionSettings(Durability durability) {
    return List.of(
        "PRAGMA journal_mode=WAL",
        "PRAGMA synchronous=" + (durability == Durability.DURABLE ? "FULL" : "NORMAL"),
        // Writers from several threads queue on SQLite's file lock instead of failing at once.
        "PRAGMA busy_timeout=60000",
        "PRAGMA cache_size=-65536");
  }

  @Override
  public List<String> schema() {
    return List.of(
        "CREATE TABLE IF NOT EXISTS users (id TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL,"
            + " email TEXT NOT NULL COLLATE NOCASE, favorite_color TEXT NOT NULL, age INTEGER NOT NULL)"
            + " WITHOUT ROWID",
        "CREATE UNIQUE INDEX IF NOT EXISTS users_by_email ON users (email)",
        "CREATE INDEX IF NOT EXISTS users_by_favorite_color ON users (favorite_color)",
        "CREATE INDEX IF NOT EXISTS users_by_age ON users (age)");
  }

  @Override
  public boolean singleWriter() {
    // SQLite has one writer; waiting writers sleep and poll (busy_timeout), unfairly.
    return true;
  }

  @Override
  public boolean isUniqueViolation(SQLException e) {
    return e.getErrorCode() == 19; // SQLITE_CONSTRAINT (primary key or unique)
  }

  @Override
  public boolean isConflict(SQLException e) {
    // One writer at a time, queued (busy_timeout and the stores' fair lock): no conflicts to retry.
    return false;
  }

  @Override
  public String keyedTableOptions() {
    return " WITHOUT ROWID"; // the row lives in the primary-key B-tree, as in LMDB
  }

  @Override
  public String lockForUpdate() {
    return ""; // BEGIN IMMEDIATE: the transaction is the only writer from its start
  }
}
