package dev.tessera.testkit.bank;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * A loan of the simulation: a borrower may hold at most {@link BankSimulation#MAX_LOANS} at once,
 * a rule only serializable transactions keep (they count the borrower's loans through the index,
 * and the count's range is validated at commit).
 *
 * @param id the primary key
 * @param borrower a plain index
 */
@Entity(name = "sim_loan")
public record Loan(@PrimaryKey String id, @Index String borrower) {}
