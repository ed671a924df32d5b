package dev.tessera.repository;

/**
 * How a transaction retries and how much it may read and write. Immutable and thread-safe.
 *
 * <pre>{@code
 * Transactions.run(store, TransactionOptions.defaults().withMaxAttempts(10), tx -> ...);
 * }</pre>
 *
 * @param maxAttempts how many times the function runs before {@link TransactionConflictException}
 * @param maxKeysRead the most keys one attempt may read from the store (each key of a range scan
 *     counts); validating them holds the store's single writer, so they are bounded
 * @param maxKeysWritten the most distinct keys one attempt may write (records, index entries,
 *     counters)
 * @param maxBytesWritten the most bytes (keys and values) one attempt may write
 */
public record TransactionOptions(
    int maxAttempts, int maxKeysRead, int maxKeysWritten, long maxBytesWritten) {

  /**
   * Validates the settings.
   *
   * @param maxAttempts how many times the function runs before {@link TransactionConflictException}
   * @param maxKeysRead the most keys one attempt may read from the store (each key of a range scan
   *     counts); validating them holds the store's single writer, so they are bounded
   * @param maxKeysWritten the most distinct keys one attempt may write (records, index entries,
   *     counters)
   * @param maxBytesWritten the most bytes (keys and values) one attempt may write
   */
  public TransactionOptions {
    positive("maxAttempts", maxAttempts);
    positive("maxKeysRead", maxKeysRead);
    positive("maxKeysWritten", maxKeysWritten);
    positive("maxBytesWritten", maxBytesWritten);
  }

  /**
   * 100 attempts, 10,000 keys read, 10,000 keys written, 16 MiB written.
   *
   * @return the defaults
   */
  public static TransactionOptions defaults() {
    return new TransactionOptions(100, 10_000, 10_000, 16L << 20);
  }

  /**
   * {@return a copy with {@code maxAttempts}}
   *
   * @param maxAttempts the most attempts
   */
  public TransactionOptions withMaxAttempts(int maxAttempts) {
    return new TransactionOptions(maxAttempts, maxKeysRead, maxKeysWritten, maxBytesWritten);
  }

  /**
   * {@return a copy with {@code maxKeysRead}}
   *
   * @param maxKeysRead the most keys read
   */
  public TransactionOptions withMaxKeysRead(int maxKeysRead) {
    return new TransactionOptions(maxAttempts, maxKeysRead, maxKeysWritten, maxBytesWritten);
  }

  /**
   * {@return a copy with {@code maxKeysWritten}}
   *
   * @param maxKeysWritten the most keys written
   */
  public TransactionOptions withMaxKeysWritten(int maxKeysWritten) {
    return new TransactionOptions(maxAttempts, maxKeysRead, maxKeysWritten, maxBytesWritten);
  }

  /**
   * {@return a copy with {@code maxBytesWritten}}
   *
   * @param maxBytesWritten the most bytes written
   */
  public TransactionOptions withMaxBytesWritten(long maxBytesWritten) {
    return new TransactionOptions(maxAttempts, maxKeysRead, maxKeysWritten, maxBytesWritten);
  }

  private static void positive(String name, long value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be >= 1, was " + value);
    }
  }
}
