package dev.tessera.testkit.sim;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * A bank account of the simulation: transfers move money between accounts and never create or
 * destroy it.
 *
 * @param id the primary key
 * @param owner a plain index
 * @param balance never negative
 */
@Entity(name = "sim_account")
public record SimAccount(@PrimaryKey String id, @Index String owner, long balance) {
  /** This account with {@code balance}. */
  public SimAccount withBalance(long balance) {
    return new SimAccount(id, owner, balance);
  }
}
