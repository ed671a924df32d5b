package dev.tessera.repository;

import dev.tessera.TesseraException;
import java.util.Map;

/**
 * A transaction read or wrote more than its {@link TransactionOptions} allow. Thrown inside the
 * transaction's function, at the read or write that crossed the limit; nothing was written. The
 * message names the biggest contributors: the entities and indexes (a key's first part stands for
 * one) with the most keys, e.g. {@code entity 'user': 10 keys written, unique index 'email' of
 * entity 'user': 10 keys written}. Immutable and thread-safe.
 */
public final class TransactionTooLargeException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** What exceeds the limit (keys read, keys written or bytes written). */
  private final String what;
  /** How much the transaction needs. */
  private final long amount;
  /** The limit. */
  private final long limit;
  private final transient Map<String, Long> contributors;

  /**
   * Creates the exception.
   *
   * @param what what crossed the limit: "keys read", "keys written" or "bytes written"
   * @param amount how much the transaction had reached
   * @param limit the limit
   * @param contributors the amount per key space (the entity or index a key's first part stands
   *     for), biggest first
   */
  public TransactionTooLargeException(String what, long amount, long limit, Map<String, Long> contributors) {
    super("Transaction exceeds its limit of " + limit + " " + what + " (reached " + amount
        + "); biggest contributors: " + describe(contributors, what)
        + ". Nothing was written; split the work into smaller transactions or raise the limit in"
        + " TransactionOptions");
    this.what = what;
    this.amount = amount;
    this.limit = limit;
    this.contributors = Map.copyOf(contributors);
  }

  /** {@return what crossed the limit: "keys read", "keys written" or "bytes written"} */
  public String what() {
    return what;
  }

  /** {@return how much the transaction had reached} */
  public long amount() {
    return amount;
  }

  /** {@return the limit} */
  public long limit() {
    return limit;
  }

  /**
   * The amount per key space: {@code entity 'user'}, {@code unique index 'email' of
   * entity 'user'}, or a catalog key's first parts.
   *
   * @return the amount by key space
   */
  public Map<String, Long> contributors() {
    return contributors;
  }

  private static String describe(Map<String, Long> contributors, String what) {
    StringBuilder out = new StringBuilder();
    contributors.forEach((space, n) ->
        out.append(out.length() == 0 ? "" : ", ").append(space.replace("\u0000", "\\0"))
            .append(": ").append(n).append(' ').append(what));
    return out.toString();
  }
}
