package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.Loan;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The loans on an embedded SQL database (SQLite or H2) through JDBC: table {@code loans (id PRIMARY
 * KEY, member, book)} with an index on {@code member}; the count is a prepared {@code SELECT
 * COUNT(*) ... WHERE member = ?} (answered from the index), count-then-lend that count, a prepared
 * delete and a prepared insert in one transaction ({@link SqlTransactions}: {@code BEGIN IMMEDIATE}
 * on SQLite, {@code SERIALIZABLE} with retries on H2). Settings and durability as in {@link
 * SqliteDialect} and {@link H2Dialect}.
 *
 * <p>H2's {@code SERIALIZABLE} does not stop two transactions that count the same member from both
 * inserting (each counts its snapshot; neither writes a row the other read:
 * {@code ContenderBehaviourTest} saw a member end above the limit). So on H2, count-then-lend first
 * writes the member's row in a table {@code loan_members} ({@code MERGE}), as an application
 * would lock the parent row: a second transaction for the same member waits for that row, then
 * fails on the concurrent update and runs again from a fresh snapshot. SQLite needs no such row: its
 * {@code BEGIN IMMEDIATE} runs one writer at a time.
 *
 * <p>Thread-safe: each thread has its own connection and statements.
 */
public final class JdbcLoanStore implements LoanStore {
  private final SqlTransactions<Statements> transactions;
  // True where writers run concurrently (H2): count-then-lend first writes the member's row.
  private final boolean locksMember;

  private JdbcLoanStore(SqlDialect dialect, Path directory, Durability durability) {
    this.locksMember = !dialect.singleWriter();
    List<String> schema = new ArrayList<>(List.of(
        "CREATE TABLE IF NOT EXISTS loans (id BIGINT NOT NULL PRIMARY KEY,"
            + " member VARCHAR(32) NOT NULL, book BIGINT NOT NULL)" + dialect.keyedTableOptions(),
        "CREATE INDEX IF NOT EXISTS loans_by_member ON loans (member)"));
    if (locksMember) {
      schema.add("CREATE TABLE IF NOT EXISTS loan_members (member VARCHAR(32) NOT NULL PRIMARY KEY)");
    }
    this.transactions = new SqlTransactions<>(dialect, directory, "loans", durability, schema,
        connection -> new Statements(connection, locksMember));
  }

  /** Opens or creates a SQLite database in {@code directory} (see {@link SqliteDialect}). */
  public static JdbcLoanStore sqlite(Path directory, Durability durability) {
    return new JdbcLoanStore(new SqliteDialect(), directory, durability);
  }

  /** Opens or creates an H2 database in {@code directory} (see {@link H2Dialect}). */
  public static JdbcLoanStore h2(Path directory, Durability durability) {
    return new JdbcLoanStore(new H2Dialect(), directory, durability);
  }

  @Override
  public void lend(List<Loan> loans) {
    transactions.write("lend", s -> {
      for (Loan loan : loans) {
        bind(s.insert, loan);
        s.insert.addBatch();
      }
      s.insert.executeBatch();
      return null;
    });
  }

  @Override
  public long countLoans(String member) {
    return transactions.read("count loans", s -> count(s, member));
  }

  @Override
  public long countThenLend(String member, Loan lent, long returned, int limit) {
    return transactions.write("count then lend", s -> {
      if (locksMember) {
        s.lockMember.setString(1, member);
        s.lockMember.executeUpdate();
      }
      long count = count(s, member);
      if (count >= limit) {
        s.delete.setLong(1, returned);
        s.delete.executeUpdate();
      }
      bind(s.insert, lent);
      s.insert.executeUpdate();
      return count;
    });
  }

  @Override
  public List<Loan> loansOf(String member) {
    return transactions.read("list loans", s -> {
      List<Loan> loans = new ArrayList<>();
      s.byMember.setString(1, member);
      try (ResultSet rows = s.byMember.executeQuery()) {
        while (rows.next()) {
          loans.add(new Loan(rows.getLong(1), rows.getString(2), rows.getLong(3)));
        }
      }
      return loans;
    });
  }

  private static long count(Statements s, String member) throws SQLException {
    s.count.setString(1, member);
    try (ResultSet rows = s.count.executeQuery()) {
      rows.next();
      return rows.getLong(1);
    }
  }

  private static void bind(PreparedStatement insert, Loan loan) throws SQLException {
    insert.setLong(1, loan.id());
    insert.setString(2, loan.member());
    insert.setLong(3, loan.book());
  }

  @Override
  public void close() {
    transactions.close();
  }

  /** One connection's prepared statements. */
  private static final class Statements {
    final PreparedStatement count;
    final PreparedStatement byMember;
    final PreparedStatement insert;
    final PreparedStatement delete;
    final PreparedStatement lockMember;

    Statements(Connection connection, boolean locksMember) throws SQLException {
      count = connection.prepareStatement("SELECT COUNT(*) FROM loans WHERE member = ?");
      byMember = connection.prepareStatement(
          "SELECT id, member, book FROM loans WHERE member = ? ORDER BY id");
      insert = connection.prepareStatement("INSERT INTO loans (id, member, book) VALUES (?, ?, ?)");
      delete = connection.prepareStatement("DELETE FROM loans WHERE id = ?");
      // H2's syntax: the one dialect with concurrent writers.
      lockMember = locksMember
          ? connection.prepareStatement("MERGE INTO loan_members KEY (member) VALUES (?)") : null;
    }
  }
}
