package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/**
 * An account whose balances transfers move: the sum over all accounts never changes.
 *
 * @param id the primary key
 * @param balance the balance
 */
@Entity
public record Account(@PrimaryKey int id, long balance) {
  /** This account with {@code balance}. */
  public Account withBalance(long balance) {
    return new Account(id, balance);
  }
}
