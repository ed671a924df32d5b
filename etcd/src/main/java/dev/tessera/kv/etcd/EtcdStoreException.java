package dev.tessera.kv.etcd;

import dev.tessera.TesseraException;

/**
 * Thrown when etcd rejects an operation for a reason no more specific exception describes (for
 * example the space quota alarm: {@code database space exceeded}). Nothing was written when a commit
 * throws it. Immutable and thread-safe.
 */
public final class EtcdStoreException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what failed and, where known, what to do
   * @param cause the client's failure
   */
  public EtcdStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
