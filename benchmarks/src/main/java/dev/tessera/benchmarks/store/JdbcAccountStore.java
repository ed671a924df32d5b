package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.Account;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The transfer on an embedded SQL database (SQLite or H2) through JDBC: table {@code accounts (id
 * PRIMARY KEY, owner, balance)} with an index on {@code owner}; a transfer is two prepared selects
 * (locking the rows, {@code FOR UPDATE}, on H2)
 * and two prepared updates of the balance in one serialisable transaction ({@link
 * SqlTransactions}: {@code BEGIN IMMEDIATE} on SQLite, {@code SERIALIZABLE} with retries on H2).
 * Settings and durability as in {@link SqliteDialect} and {@link H2Dialect}.
 *
 * <p>Thread-safe: each thread has its own connection and statements.
 */
public final class JdbcAccountStore implements AccountStore {
  private final SqlTransactions<Statements> transactions;

  private JdbcAccountStore(SqlDialect dialect, Path directory, Durability durability) {
    this.transactions = new SqlTransactions<>(dialect, directory, "accounts", durability, List.of(
        "CREATE TABLE IF NOT EXISTS accounts (id VARCHAR(32) NOT NULL PRIMARY KEY,"
            + " owner VARCHAR(32) NOT NULL, balance BIGINT NOT NULL)" + dialect.keyedTableOptions(),
        "CREATE INDEX IF NOT EXISTS accounts_by_owner ON accounts (owner)"),
        connection -> new Statements(connection, dialect));
  }

  /** Opens or creates a SQLite database in {@code directory} (see {@link SqliteDialect}). */
  public static JdbcAccountStore sqlite(Path directory, Durability durability) {
    return new JdbcAccountStore(new SqliteDialect(), directory, durability);
  }

  /** Opens or creates an H2 database in {@code directory} (see {@link H2Dialect}). */
  public static JdbcAccountStore h2(Path directory, Durability durability) {
    return new JdbcAccountStore(new H2Dialect(), directory, durability);
  }

  @Override
  public void createAccounts(long from, long to, long balance) {
    transactions.write("create accounts", s -> {
      for (long n = from; n < to; n++) {
        s.insert.setString(1, Account.idOf(n));
        s.insert.setString(2, Account.ownerOf(n));
        s.insert.setLong(3, balance);
        s.insert.addBatch();
      }
      s.insert.executeBatch();
      return null;
    });
  }

  @Override
  public boolean transfer(String from, String to, long amount) {
    return transactions.write("transfer", s -> {
      long source = balance(s, from);
      long target = balance(s, to);
      if (source < amount) {
        return false;
      }
      update(s, from, source - amount);
      update(s, to, target + amount);
      return true;
    });
  }

  @Override
  public long balance(String id) {
    return transactions.read("read a balance", s -> balance(s, id));
  }

  private static long balance(Statements s, String id) throws SQLException {
    s.select.setString(1, id);
    try (ResultSet rows = s.select.executeQuery()) {
      return rows.next() ? rows.getLong(1) : -1;
    }
  }

  private static void update(Statements s, String id, long balance) throws SQLException {
    s.update.setLong(1, balance);
    s.update.setString(2, id);
    s.update.executeUpdate();
  }

  @Override
  public void close() {
    transactions.close();
  }

  /** One connection's prepared statements. */
  private static final class Statements {
    final PreparedStatement select;
    final PreparedStatement update;
    final PreparedStatement insert;

    Statements(Connection connection, SqlDialect dialect) throws SQLException {
      select = connection.prepareStatement(
          "SELECT balance FROM accounts WHERE id = ?" + dialect.lockForUpdate());
      update = connection.prepareStatement("UPDATE accounts SET balance = ? WHERE id = ?");
      insert = connection.prepareStatement("INSERT INTO accounts (id, owner, balance) VALUES (?, ?, ?)");
    }
  }
}
