package dev.tessera.benchmarks.store.je;

import com.sleepycat.persist.model.Entity;
import com.sleepycat.persist.model.PrimaryKey;

/**
 * The transfer benchmark's account as a Berkeley DB JE DPL entity (a mutable class with a
 * no-argument constructor, as the DPL needs).
 *
 * <p>Mutable and not thread-safe; each instance is confined to one call.
 */
@Entity
class JeAccount {
  @PrimaryKey
  private String id;

  private long balance;

  /** For the DPL. */
  JeAccount() {}

  JeAccount(String id, long balance) {
    this.id = id;
    this.balance = balance;
  }

  long balance() {
    return balance;
  }

  void setBalance(long balance) {
    this.balance = balance;
  }
}
