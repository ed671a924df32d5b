package dev.tessera.benchmarks.model;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * A bank account for the transfer benchmark. Tessera generates {@code AccountRepository} from it
 * (with {@code byOwner()}); the other contenders store the same three fields and the owner index in
 * their own shapes. A transfer never changes the owner, so its index entry stays; what the index
 * costs a transfer is finding that out.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param id the primary key, {@link #idOf(long)}
 * @param owner who holds the account (indexed), {@link #ownerOf(long)}
 * @param balance never negative
 */
@Entity(name = "bench_account")
public record Account(@PrimaryKey String id, @Index String owner, long balance) {
  private static final int ID_DIGITS = 9;
  private static final String ZEROS = "0".repeat(ID_DIGITS);

  /** How many owners the accounts are spread over. */
  public static final int OWNERS = 1_000;

  /**
   * The id of account number {@code n}: {@code acct} and {@code n} in at least nine digits, as
   * {@code String.format("acct%09d", n)} writes it for {@code n >= 0}, at a tenth of its
   * allocation (the transfer benchmark builds two ids per transaction, inside the measurement).
   */
  public static String idOf(long n) {
    String digits = Long.toString(n);
    return digits.length() >= ID_DIGITS
        ? "acct" + digits : "acct" + ZEROS.substring(digits.length()) + digits;
  }

  /** The owner of account number {@code n}: one of {@link #OWNERS}. */
  public static String ownerOf(long n) {
    return "owner" + (n % OWNERS);
  }

  /** Account number {@code n} holding {@code balance}. */
  public static Account numbered(long n, long balance) {
    return new Account(idOf(n), ownerOf(n), balance);
  }

  /** This account with {@code balance}. */
  public Account withBalance(long balance) {
    return new Account(id, owner, balance);
  }
}
