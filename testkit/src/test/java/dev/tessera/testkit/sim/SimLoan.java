package dev.tessera.testkit.sim;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * A loan of a book to a member: at most a few per member. Version 1 of the entity; {@link
 * SimLoanV2Repository} adds a unique index on the book (a book is lent once at a time).
 *
 * @param id the primary key
 * @param memberId indexed: the loans of a member
 * @param book the book lent
 */
@Entity(name = "sim_loan")
public record SimLoan(@PrimaryKey String id, @Index String memberId, String book) {}
