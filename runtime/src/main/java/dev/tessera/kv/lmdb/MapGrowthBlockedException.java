package dev.tessera.kv.lmdb;

import dev.tessera.TesseraException;
import java.time.Duration;

/**
 * Thrown by {@code commit()} when the map must grow (or, for any operation, adopt a size another
 * process grew it to) but cannot, because read transactions of this
 * process stay open: LMDB may only resize when the process has no transaction open. Either the
 * committing thread itself holds open snapshots or iterators (it would wait for itself), or other
 * threads kept theirs open longer than {@link LmdbOptions#growthWait()}. The commit wrote
 * nothing; close the snapshots and iterators and retry. Immutable and thread-safe.
 */
public final class MapGrowthBlockedException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** How many snapshots and iterators were still open. */
  private final int openTransactions;
  /** How long the growth waited for them. */
  private final Duration waited;

  /**
   * Creates the exception.
   *
   * @param purpose what could not be done, e.g. "grow the full map"
   * @param why why not
   * @param openTransactions transactions of this process open when giving up
   * @param waited how long it waited
   */
  public MapGrowthBlockedException(
      String purpose, String why, int openTransactions, Duration waited) {
    super("Cannot " + purpose + " of the LMDB store: " + why + " (" + openTransactions
        + " transaction(s) open, waited " + waited.toMillis()
        + " ms); the operation wrote nothing, close snapshots and iterators and retry");
    this.openTransactions = openTransactions;
    this.waited = waited;
  }

  /** {@return how many transactions of this process were open when the growth gave up} */
  public int openTransactions() {
    return openTransactions;
  }

  /** {@return how long the growth waited} */
  public Duration waited() {
    return waited;
  }
}
