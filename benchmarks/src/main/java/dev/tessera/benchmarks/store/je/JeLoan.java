package dev.tessera.benchmarks.store.je;

import com.sleepycat.persist.model.Entity;
import com.sleepycat.persist.model.PrimaryKey;
import com.sleepycat.persist.model.Relationship;
import com.sleepycat.persist.model.SecondaryKey;
import dev.tessera.benchmarks.model.Loan;

/**
 * The loan benchmark's loan as a Berkeley DB JE DPL entity, with a many-to-one secondary key on the
 * member.
 *
 * <p>Mutable and not thread-safe; each instance is confined to one call.
 */
@Entity
class JeLoan {
  @PrimaryKey
  private long id;

  @SecondaryKey(relate = Relationship.MANY_TO_ONE)
  private String member;

  private long book;

  /** For the DPL. */
  JeLoan() {}

  JeLoan(Loan loan) {
    this.id = loan.id();
    this.member = loan.member();
    this.book = loan.book();
  }

  Loan toLoan() {
    return new Loan(id, member, book);
  }
}
