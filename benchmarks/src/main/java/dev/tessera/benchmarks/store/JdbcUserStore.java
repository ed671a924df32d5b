package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.User;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An embedded SQL database through JDBC with prepared statements: one auto-committed statement per
 * single operation, one explicit transaction per batch. The database enforces the unique id and
 * email itself.
 *
 * <p>Thread-safe: each thread gets its own connection and statements (JDBC connections are not
 * shared between threads); writers of a single-writer database (SQLite) queue on a fair lock, the
 * others are serialised by the database.
 */
public final class JdbcUserStore implements UserStore {
  private static final String COLUMNS = "id, name, email, favorite_color, age";

  private final SqlDialect dialect;
  private final String url;
  private final Durability durability;
  // Fair queue for writers of a single-writer database; null when the database takes concurrent
  // writers itself.
  private final ReentrantLock writeLock;
  private final Set<Session> sessions = ConcurrentHashMap.newKeySet();
  private final ThreadLocal<Session> session = ThreadLocal.withInitial(this::newSession);

  private JdbcUserStore(SqlDialect dialect, Path directory, Durability durability) {
    this.dialect = dialect;
    this.url = dialect.url(directory, "users", durability);
    this.durability = durability;
    this.writeLock = dialect.singleWriter() ? new ReentrantLock(true) : null;
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      for (String sql : dialect.sessionSettings(durability)) {
        statement.execute(sql);
      }
      for (String sql : dialect.schema()) {
        statement.execute(sql);
      }
    } catch (SQLException e) {
      throw new SqlStoreException(dialect.name(), "create the schema", e);
    }
  }

  /** Opens or creates a SQLite database in {@code directory} (see {@link SqliteDialect}). */
  public static JdbcUserStore sqlite(Path directory, Durability durability) {
    return new JdbcUserStore(new SqliteDialect(), directory, durability);
  }

  /** Opens or creates an H2 database in {@code directory} (see {@link H2Dialect}). */
  public static JdbcUserStore h2(Path directory, Durability durability) {
    return new JdbcUserStore(new H2Dialect(), directory, durability);
  }

  private Session newSession() {
    try {
      Session s = new Session(DriverManager.getConnection(url), dialect, durability);
      sessions.add(s);
      return s;
    } catch (SQLException e) {
      throw new SqlStoreException(dialect.name(), "open a connection", e);
    }
  }

  @Override
  public void insert(User user) {
    Session s = session.get();
    lockWriter();
    try {
      bind(s.insert, user);
      s.insert.executeUpdate();
    } catch (SQLException e) {
      throw translate(e, user.id(), "insert");
    } finally {
      unlockWriter();
    }
  }

  private void lockWriter() {
    if (writeLock != null) {
      writeLock.lock();
    }
  }

  private void unlockWriter() {
    if (writeLock != null) {
      writeLock.unlock();
    }
  }

  @Override
  public void insertAll(List<User> users) {
    Session s = session.get();
    lockWriter();
    try {
      s.connection.setAutoCommit(false);
      try {
        for (User user : users) {
          bind(s.insert, user);
          s.insert.addBatch();
        }
        s.insert.executeBatch();
        s.connection.commit();
      } catch (SQLException e) {
        s.insert.clearBatch();
        s.connection.rollback();
        throw e;
      } finally {
        s.connection.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw translate(e, users.isEmpty() ? "-" : users.get(0).id(), "insert a batch");
    } finally {
      unlockWriter();
    }
  }

  @Override
  public boolean update(User user) {
    Session s = session.get();
    lockWriter();
    try {
      s.update.setString(1, user.name());
      s.update.setString(2, user.email());
      s.update.setString(3, user.favoriteColor());
      s.update.setInt(4, user.age());
      s.update.setString(5, user.id());
      return s.update.executeUpdate() == 1;
    } catch (SQLException e) {
      throw translate(e, user.id(), "update");
    } finally {
      unlockWriter();
    }
  }

  @Override
  public boolean delete(String id) {
    Session s = session.get();
    lockWriter();
    try {
      s.delete.setString(1, id);
      return s.delete.executeUpdate() == 1;
    } catch (SQLException e) {
      throw translate(e, id, "delete");
    } finally {
      unlockWriter();
    }
  }

  @Override
  public Optional<User> findById(String id) {
    List<User> users = query(session.get().byId, id);
    return users.isEmpty() ? Optional.empty() : Optional.of(users.get(0));
  }

  @Override
  public Optional<User> findByEmail(String email) {
    List<User> users = query(session.get().byEmail, email);
    return users.isEmpty() ? Optional.empty() : Optional.of(users.get(0));
  }

  @Override
  public List<User> findByFavoriteColor(String colour) {
    return query(session.get().byColour, colour);
  }

  @Override
  public List<User> findByAgeBetween(int lo, int hi) {
    PreparedStatement statement = session.get().byAge;
    try {
      statement.setInt(1, lo);
      statement.setInt(2, hi);
      return read(statement);
    } catch (SQLException e) {
      throw new SqlStoreException(dialect.name(), "query by age", e);
    }
  }

  private List<User> query(PreparedStatement statement, String value) {
    try {
      statement.setString(1, value);
      return read(statement);
    } catch (SQLException e) {
      throw new SqlStoreException(dialect.name(), "query", e);
    }
  }

  private static List<User> read(PreparedStatement statement) throws SQLException {
    List<User> users = new ArrayList<>();
    try (ResultSet rows = statement.executeQuery()) {
      while (rows.next()) {
        users.add(new User(rows.getString(1), rows.getString(2), rows.getString(3),
            rows.getString(4), rows.getInt(5)));
      }
    }
    return users;
  }

  private static void bind(PreparedStatement insert, User user) throws SQLException {
    insert.setString(1, user.id());
    insert.setString(2, user.name());
    insert.setString(3, user.email());
    insert.setString(4, user.favoriteColor());
    insert.setInt(5, user.age());
  }

  private RuntimeException translate(SQLException e, String id, String action) {
    return dialect.isUniqueViolation(e)
        ? new DuplicateUserException(dialect.name(), id, e)
        : new SqlStoreException(dialect.name(), action + " user " + id, e);
  }

  @Override
  public void close() {
    for (Session s : sessions) {
      s.close();
    }
    sessions.clear();
  }

  /** One thread's connection and prepared statements. Confined to its thread. */
  private static final class Session {
    private final Connection connection;
    private final PreparedStatement insert;
    private final PreparedStatement update;
    private final PreparedStatement delete;
    private final PreparedStatement byId;
    private final PreparedStatement byEmail;
    private final PreparedStatement byColour;
    private final PreparedStatement byAge;

    Session(Connection connection, SqlDialect dialect, Durability durability)
        throws SQLException {
      this.connection = connection;
      try (Statement statement = connection.createStatement()) {
        for (String sql : dialect.sessionSettings(durability)) {
          statement.execute(sql);
        }
      }
      insert = connection.prepareStatement(
          "INSERT INTO users (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?)");
      update = connection.prepareStatement(
          "UPDATE users SET name = ?, email = ?, favorite_color = ?, age = ? WHERE id = ?");
      delete = connection.prepareStatement("DELETE FROM users WHERE id = ?");
      byId = connection.prepareStatement("SELECT " + COLUMNS + " FROM users WHERE id = ?");
      byEmail = connection.prepareStatement("SELECT " + COLUMNS + " FROM users WHERE email = ?");
      byColour = connection.prepareStatement(
          "SELECT " + COLUMNS + " FROM users WHERE favorite_color = ?");
      byAge = connection.prepareStatement(
          "SELECT " + COLUMNS + " FROM users WHERE age BETWEEN ? AND ?");
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
