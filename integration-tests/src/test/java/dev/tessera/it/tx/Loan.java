package dev.tessera.it.tx;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.PrimaryKey;
import java.time.LocalDate;

/**
 * A loan of the lending example: a member holds at most 3.
 *
 * @param id generated
 * @param isbn the book lent
 * @param memberId the borrower, indexed
 * @param due when it is due
 */
@Entity
public record Loan(
    @PrimaryKey(generate = KeyGeneration.ULID) String id,
    @Index String isbn,
    @Index String memberId,
    LocalDate due) {}
