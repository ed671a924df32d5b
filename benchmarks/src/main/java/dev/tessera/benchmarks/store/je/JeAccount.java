package dev.tessera.benchmarks.store.je;

import com.sleepycat.persist.model.Entity;
import com.sleepycat.persist.model.PrimaryKey;
import com.sleepycat.persist.model.Relationship;
import com.sleepycat.persist.model.SecondaryKey;

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

  @SecondaryKey(relate = Relationship.MANY_TO_ONE)
  private String owner;

  private long balance;

  /** For the DPL. */
  JeAccount() {}

  JeAccount(String id, String owner, long balance) {
    this.id = id;
    this.owner = owner;
    this.balance = balance;
  }

  long balance() {
    return balance;
  }

  void setBalance(long balance) {
    this.balance = balance;
  }
}
