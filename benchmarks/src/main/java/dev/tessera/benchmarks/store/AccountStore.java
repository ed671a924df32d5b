package dev.tessera.benchmarks.store;

/**
 * A contender's accounts for the transfer benchmark: one transaction reads two accounts and updates
 * both, serialisably and with the contender's durability.
 *
 * <p>Implementations are thread-safe.
 */
public interface AccountStore extends AutoCloseable {
  /** Creates accounts {@code from} (inclusive) to {@code to} (exclusive) with {@code balance} each, in one commit. */
  void createAccounts(long from, long to, long balance);

  /**
   * In one transaction: reads both accounts and, if {@code from} holds at least {@code amount},
   * moves it to {@code to}. Retried on a conflict with another transfer.
   *
   * @return false if {@code from} held less than {@code amount} (nothing written)
   */
  boolean transfer(String from, String to, long amount);

  /** The balance of account {@code id}, or -1 if there is none. */
  long balance(String id);

  /** Closes the store. */
  @Override
  void close();
}
