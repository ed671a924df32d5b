package dev.tessera.benchmarks.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/**
 * H2 2.x embedded, on its default MVStore engine: the id as primary key, a unique index on a
 * {@code VARCHAR_IGNORECASE} email, plain indexes on colour and age.
 *
 * <p>Durability: H2 offers no per-commit sync. {@code WRITE_DELAY=0} makes every commit write its
 * changes to the file before returning (a commit survives a process crash, not a power loss, like
 * {@code MDB_NOSYNC}); the default delay of 500 ms would lose recent commits even on a process
 * crash. So H2 takes part only in the {@link Durability#NO_SYNC} runs.
 *
 * <p>Immutable, hence thread-safe.
 */
final class H2Dialect implements SqlDialect {
  @Override
  public String name() {
    return "h2";
  }

  @Override
  public String url(Path directory, String database, Durability durability) {
    if (durability != Durability.NO_SYNC) {
      throw new UnsupportedDurabilityException(name(), durability);
    }
    return "jdbc:h2:file:" + directory.resolve(database) + ";WRITE_DELAY=0;CACHE_SIZE=65536";
  }

  @Override
  public List<String> sessionSettings(Durability durability) {
    return List.of();
  }

  @Override
  public List<String> schema() {
    return List.of(
        "CREATE TABLE IF NOT EXISTS users (id VARCHAR NOT NULL PRIMARY KEY, name VARCHAR NOT NULL,"
            + " email VARCHAR_IGNORECASE NOT NULL, favorite_color VARCHAR NOT NULL,"
            + " age INT NOT NULL)",
        "CREATE UNIQUE INDEX IF NOT EXISTS users_by_email ON users (email)",
        "CREATE INDEX IF NOT EXISTS users_by_favorite_color ON users (favorite_color)",
        "CREATE INDEX IF NOT EXISTS users_by_age ON users (age)");
  }

  @Override
  public boolean singleWriter() {
    // MVStore lets writers of different rows proceed concurrently.
    return false;
  }

  @Override
  public boolean isUniqueViolation(SQLException e) {
    return "23505".equals(e.getSQLState());
  }

  @Override
  public boolean isConflict(SQLException e) {
    // 40001: deadlock or serialisation failure; HYT00: lock timeout; 90131: concurrent update.
    String state = e.getSQLState();
    return "40001".equals(state) || "HYT00".equals(state) || "90131".equals(state);
  }

  @Override
  public String keyedTableOptions() {
    return ""; // H2 has no such option
  }

  @Override
  public String lockForUpdate() {
    // SERIALIZABLE alone let two transfers read the same balance and both write it (a lost update
    // seen once in ContenderBehaviourTest under 8 threads): lock the rows as they are read.
    return " FOR UPDATE";
  }
}
