package dev.tessera.examples.library;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.PrimaryKey;

/**
 * A loan of a book to a member, stored through the generated {@code LoanRepository}.
 *
 * @param id the primary key, generated on insert
 * @param isbn the book lent
 * @param memberId the member who borrowed it
 */
@Entity
public record Loan(
    @PrimaryKey(generate = KeyGeneration.ULID) String id, @Index String isbn, @Index String memberId) {}
