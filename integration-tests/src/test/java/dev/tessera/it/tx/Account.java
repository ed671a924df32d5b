package dev.tessera.it.tx;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/**
 * A bank account for the transfer invariant.
 *
 * @param id the primary key
 * @param balance never negative
 */
@Entity(name = "bank_account")
public record Account(@PrimaryKey String id, long balance) {
  /** This account with {@code balance}. */
  public Account withBalance(long balance) {
    return new Account(id, balance);
  }
}
