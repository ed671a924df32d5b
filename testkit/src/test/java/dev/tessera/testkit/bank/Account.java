package dev.tessera.testkit.bank;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A bank account of the simulation: transfers move money between accounts and never create or
 * destroy it.
 *
 * @param id the primary key
 * @param balance never negative
 * @param owner a plain index; may be null
 * @param iban a unique index; may be null
 */
@Entity(name = "sim_account")
public record Account(@PrimaryKey String id, long balance, @Index String owner, @UniqueIndex String iban) {
  /** This account with {@code balance}. */
  public Account withBalance(long balance) {
    return new Account(id, balance, owner, iban);
  }
}
