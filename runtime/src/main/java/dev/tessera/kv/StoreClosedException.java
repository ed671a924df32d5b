package dev.tessera.kv;

import dev.tessera.TesseraException;

/**
 * Thrown when a store, or a snapshot or iterator of it, is used after the store was closed, or when
 * an operation was cut short because the store closed under it. Immutable and thread-safe.
 */
public final class StoreClosedException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The closed store, as messages name it. */
  private final String store;

  /**
   * Creates the exception.
   *
   * @param store a description of the closed store (its directory)
   * @param operation what was attempted, e.g. {@code "get"}
   */
  public StoreClosedException(String store, String operation) {
    super("Cannot " + operation + ": the key store " + store + " is closed");
    this.store = store;
  }

  /** {@return the closed store's description (its directory for an LMDB store)} */
  public String store() {
    return store;
  }
}
