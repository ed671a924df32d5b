package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import java.time.LocalDate;

/**
 * A library loan, indexed by status then due date: ranges over the status follow the enum's
 * declaration order.
 *
 * @param id the primary key
 * @param status where the loan is
 * @param dueDate when the book is due
 */
@Entity(name = "status_loan")
@Index(fields = {"status", "dueDate"})
public record Loan(@PrimaryKey long id, LoanStatus status, LocalDate dueDate) {}
