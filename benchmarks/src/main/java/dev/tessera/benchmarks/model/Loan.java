package dev.tessera.benchmarks.model;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * A loan of a book to a member, for the benchmarks of queries inside transactions: Tessera
 * generates {@code LoanRepository} with {@code byMember()}.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param id the primary key
 * @param member the member who borrowed the book (indexed)
 * @param book the book lent
 */
@Entity(name = "bench_loan")
public record Loan(@PrimaryKey long id, @Index String member, long book) {}
