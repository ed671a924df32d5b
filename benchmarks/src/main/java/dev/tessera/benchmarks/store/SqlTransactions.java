package dev.tessera.benchmarks.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serialisable transactions on one embedded SQL database through JDBC, each thread with its own
 * connection and prepared statements ({@code S}), as the SQL contenders of the transaction
 * benchmarks run them:
 *
 * <ul>
 *   <li>a single-writer database (SQLite) runs a writing transaction as {@code BEGIN IMMEDIATE}
 *       (the write lock from the start, so it is serialisable and never fails at its first write)
 *       ... {@code COMMIT}, its writers queued on a fair lock instead of SQLite's unfair
 *       sleep-and-poll; a reading one as {@code BEGIN} ... {@code COMMIT}, a snapshot of the WAL;
 *   <li>the others (H2) run every transaction at {@code SERIALIZABLE} isolation with auto-commit
 *       off; one that loses a conflict ({@link SqlDialect#isConflict}) is rolled back and run
 *       again.
 * </ul>
 *
 * <p>Thread-safe: connections are confined to their threads.
 *
 * @param <S> one connection's prepared statements
 */
final class SqlTransactions<S> implements AutoCloseable {
  private static final int CONFLICT_RETRIES = 1_000;

  private final SqlDialect dialect;
  private final String url;
  private final Durability durability;
  private final Preparer<S> preparer;
  // Fair queue for writers of a single-writer database; null when the database takes concurrent
  // writers itself.
  private final ReentrantLock writeLock;
  private final Set<Session<S>> sessions = ConcurrentHashMap.newKeySet();
  private final ThreadLocal<Session<S>> session = ThreadLocal.withInitial(this::newSession);

  /** Prepares one connection's statements. */
  @FunctionalInterface
  interface Preparer<S> {
    S prepare(Connection connection) throws SQLException;
  }

  /** The work of one transaction, on this thread's statements. */
  @FunctionalInterface
  interface Work<S, R> {
    R run(S statements) throws SQLException;
  }

  /**
   * Opens or creates the database {@code database} in {@code directory} and runs {@code schema}.
   */
  SqlTransactions(SqlDialect dialect, Path directory, String database, Durability durability,
      List<String> schema, Preparer<S> preparer) {
    this.dialect = dialect;
    this.url = dialect.url(directory, database, durability);
    this.durability = durability;
    this.preparer = preparer;
    this.writeLock = dialect.singleWriter() ? new ReentrantLock(true) : null;
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      for (String sql : dialect.sessionSettings(durability)) {
        statement.execute(sql);
      }
      for (String sql : schema) {
        statement.execute(sql);
      }
    } catch (SQLException e) {
      throw new SqlStoreException(dialect.name(), "create the schema", e);
    }
  }

  /** The database's dialect. */
  SqlDialect dialect() {
    return dialect;
  }

  /** Runs {@code work} in a serialisable transaction that may write, and commits it. */
  <R> R write(String action, Work<S, R> work) {
    Session<S> s = session.get();
    if (writeLock == null) {
      return withRetries(s, action, work);
    }
    writeLock.lock();
    try {
      return explicit(s, s.beginImmediate, action, work);
    } finally {
      writeLock.unlock();
    }
  }

  /** Runs {@code work}, which only reads, in a serialisable transaction. */
  <R> R read(String action, Work<S, R> work) {
    Session<S> s = session.get();
    return writeLock == null ? withRetries(s, action, work) : explicit(s, s.begin, action, work);
  }

  private <R> R explicit(Session<S> s, PreparedStatement begin, String action, Work<S, R> work) {
    try {
      begin.execute();
      boolean committed = false;
      try {
        R result = work.run(s.statements);
        s.commit.execute();
        committed = true;
        return result;
      } finally {
        if (!committed) {
          s.rollback.execute();
        }
      }
    } catch (SQLException e) {
      throw new SqlStoreException(dialect.name(), action, e);
    }
  }

  private <R> R withRetries(Session<S> s, String action, Work<S, R> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        try {
          R result = work.run(s.statements);
          s.connection.commit();
          return result;
        } catch (SQLException | RuntimeException e) {
          s.connection.rollback();
          throw e;
        }
      } catch (SQLException e) {
        if (!dialect.isConflict(e) || attempt == CONFLICT_RETRIES) {
          throw new SqlStoreException(dialect.name(), action, e);
        }
      }
    }
  }

  private Session<S> newSession() {
    try {
      Connection connection = DriverManager.getConnection(url);
      try (Statement statement = connection.createStatement()) {
        for (String sql : dialect.sessionSettings(durability)) {
          statement.execute(sql);
        }
      }
      if (writeLock == null) {
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
      }
      Session<S> s = new Session<>(connection, preparer.prepare(connection), writeLock != null);
      sessions.add(s);
      return s;
    } catch (SQLException e) {
      throw new SqlStoreException(dialect.name(), "open a connection", e);
    }
  }

  @Override
  public void close() {
    for (Session<S> s : sessions) {
      s.close();
    }
    sessions.clear();
  }

  /**
   * One thread's connection and statements; with explicit transactions (single writer) also the
   * prepared {@code BEGIN}, {@code BEGIN IMMEDIATE}, {@code COMMIT} and {@code ROLLBACK}.
   */
  private static final class Session<S> {
    final Connection connection;
    final S statements;
    final PreparedStatement begin;
    final PreparedStatement beginImmediate;
    final PreparedStatement commit;
    final PreparedStatement rollback;

    Session(Connection connection, S statements, boolean explicitTransactions) throws SQLException {
      this.connection = connection;
      this.statements = statements;
      this.begin = explicitTransactions ? connection.prepareStatement("BEGIN") : null;
      this.beginImmediate = explicitTransactions ? connection.prepareStatement("BEGIN IMMEDIATE") : null;
      this.commit = explicitTransactions ? connection.prepareStatement("COMMIT") : null;
      this.rollback = explicitTransactions ? connection.prepareStatement("ROLLBACK") : null;
    }

    void close() {
      try {
        connection.close();
      } catch (SQLException e) {
        // Closing after the benchmark: nothing is left to protect.
      }
    }
  }
}
