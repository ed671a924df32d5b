package dev.tessera.benchmarks.model;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/**
 * A bank account for the transfer benchmark. Tessera generates {@code AccountRepository} from it;
 * the other contenders store the same two fields in their own shapes.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param id the primary key, {@link #idOf(long)}
 * @param balance never negative
 */
@Entity(name = "bench_account")
public record Account(@PrimaryKey String id, long balance) {
  /** The id of account number {@code n}. */
  public static String idOf(long n) {
    return String.format("acct%09d", n);
  }

  /** This account with {@code balance}. */
  public Account withBalance(long balance) {
    return new Account(id, balance);
  }
}
