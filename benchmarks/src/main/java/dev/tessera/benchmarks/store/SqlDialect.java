package dev.tessera.benchmarks.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/**
 * What differs between the SQL contenders: the JDBC URL, the schema (with the settings that fix
 * durability), and how the driver reports a unique-constraint violation.
 *
 * <p>Implementations are immutable, hence thread-safe.
 */
interface SqlDialect {
  /** The contender's name in results and errors. */
  String name();

  /** The JDBC URL of the database called {@code database} in {@code directory}. */
  String url(Path directory, String database, Durability durability);

  /** Statements run on every new connection (session settings). */
  List<String> sessionSettings(Durability durability);

  /** Statements creating the table and its indexes if absent. */
  List<String> schema();

  /**
   * True if the database admits one writer at a time and makes the others poll for its lock (SQLite):
   * the store then queues its writers on a fair lock instead, as a well-written application does.
   */
  boolean singleWriter();

  /** True if {@code e} reports a violated unique constraint. */
  boolean isUniqueViolation(SQLException e);

  /**
   * True if {@code e} says the transaction lost a conflict with another (deadlock, serialisation
   * failure, lock timeout) and may succeed if run again.
   */
  boolean isConflict(SQLException e);

  /** What follows {@code CREATE TABLE t (...)} for a table keyed by its primary key. */
  String keyedTableOptions();

  /**
   * What ends a select of a row the transaction then updates: {@code " FOR UPDATE"} where writers
   * run concurrently and the read must lock the row (else two transfers may both read a balance
   * and one update be lost), nothing where one writer runs at a time.
   */
  String lockForUpdate();
}
