package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.Account;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * SQLite transactions through JDBC: {@code BEGIN IMMEDIATE} (the write lock from the start, so the
 * transaction is serialisable and never fails at its first write), two prepared selects, two
 * prepared updates, {@code COMMIT}. Same settings as {@link SqliteDialect} (WAL; {@code synchronous}
 * FULL for durable, NORMAL for no-sync).
 *
 * <p>Thread-safe: each thread gets its own connection and statements; writers queue on a fair lock
 * before {@code BEGIN IMMEDIATE}, as in {@link JdbcUserStore}, instead of SQLite's unfair
 * sleep-and-poll.
 */
public final class SqliteAccountStore implements AccountStore {
  private static final String NAME = "sqlite";

  private final String url;
  private final List<String> settings;
  private final ReentrantLock writeLock = new ReentrantLock(true);
  private final Set<Session> sessions = ConcurrentHashMap.newKeySet();
  private final ThreadLocal<Session> session = ThreadLocal.withInitial(this::newSession);

  private SqliteAccountStore(Path directory, Durability durability) {
    SqliteDialect dialect = new SqliteDialect();
    this.url = "jdbc:sqlite:" + directory.resolve("accounts.db");
    this.settings = dialect.sessionSettings(durability);
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      for (String sql : settings) {
        statement.execute(sql);
      }
      statement.execute("CREATE TABLE IF NOT EXISTS accounts (id TEXT NOT NULL PRIMARY KEY,"
          + " balance INTEGER NOT NULL) WITHOUT ROWID");
    } catch (SQLException e) {
      throw new SqlStoreException(NAME, "create the schema", e);
    }
  }

  /** Opens or creates a database in {@code directory}. */
  public static SqliteAccountStore open(Path directory, Durability durability) {
    return new SqliteAccountStore(directory, durability);
  }

  private Session newSession() {
    try {
      Session s = new Session(DriverManager.getConnection(url), settings);
      sessions.add(s);
      return s;
    } catch (SQLException e) {
      throw new SqlStoreException(NAME, "open a connection", e);
    }
  }

  @Override
  public void createAccounts(long from, long to, long balance) {
    Session s = session.get();
    inTransaction(s, "create accounts", () -> {
      for (long n = from; n < to; n++) {
        s.insert.setString(1, Account.idOf(n));
        s.insert.setLong(2, balance);
        s.insert.addBatch();
      }
      s.insert.executeBatch();
      return null;
    });
  }

  @Override
  public boolean transfer(String from, String to, long amount) {
    Session s = session.get();
    return inTransaction(s, "transfer", () -> {
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

  private static long balance(Session s, String id) throws SQLException {
    s.select.setString(1, id);
    try (ResultSet rows = s.select.executeQuery()) {
      return rows.next() ? rows.getLong(1) : -1;
    }
  }

  private static void update(Session s, String id, long balance) throws SQLException {
    s.update.setLong(1, balance);
    s.update.setString(2, id);
    s.update.executeUpdate();
  }

  private <R> R inTransaction(Session s, String action, SqlWork<R> work) {
    writeLock.lock();
    try {
      s.begin.execute();
      boolean committed = false;
      try {
        R result = work.run();
        s.commit.execute();
        committed = true;
        return result;
      } finally {
        if (!committed) {
          s.rollback.execute();
        }
      }
    } catch (SQLException e) {
      throw new SqlStoreException(NAME, action, e);
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public long balance(String id) {
    try {
      return balance(session.get(), id);
    } catch (SQLException e) {
      throw new SqlStoreException(NAME, "read a balance", e);
    }
  }

  @Override
  public void close() {
    for (Session s : sessions) {
      s.close();
    }
    sessions.clear();
  }

  /** The work inside one transaction. */
  @FunctionalInterface
  private interface SqlWork<R> {
    R run() throws SQLException;
  }

  /** One thread's connection (in auto-commit mode; transactions are begun explicitly) and statements. */
  private static final class Session {
    final Connection connection;
    final PreparedStatement begin;
    final PreparedStatement commit;
    final PreparedStatement rollback;
    final PreparedStatement select;
    final PreparedStatement update;
    final PreparedStatement insert;

    Session(Connection connection, List<String> settings) throws SQLException {
      this.connection = connection;
      try (Statement statement = connection.createStatement()) {
        for (String sql : settings) {
          statement.execute(sql);
        }
      }
      this.begin = connection.prepareStatement("BEGIN IMMEDIATE");
      this.commit = connection.prepareStatement("COMMIT");
      this.rollback = connection.prepareStatement("ROLLBACK");
      this.select = connection.prepareStatement("SELECT balance FROM accounts WHERE id = ?");
      this.update = connection.prepareStatement("UPDATE accounts SET balance = ? WHERE id = ?");
      this.insert = connection.prepareStatement("INSERT INTO accounts (id, balance) VALUES (?, ?)");
    }

    void close() {
      try {
        connection.close();
      } catch (SQLException e) {
        throw new SqlStoreException(NAME, "close a connection", e);
      }
    }
  }
}
