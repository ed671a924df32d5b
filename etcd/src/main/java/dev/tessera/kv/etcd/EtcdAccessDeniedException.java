package dev.tessera.kv.etcd;

import dev.tessera.TesseraException;

/**
 * Thrown when etcd refuses the store's credentials or the operation: a wrong user name or password,
 * a missing client certificate, or a role without read/write permission on the store's key prefix.
 * The message never contains the password. Immutable and thread-safe.
 */
public final class EtcdAccessDeniedException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** What was attempted, e.g. {@code "commit"}. */
  private final String operation;

  /**
   * Creates the exception.
   *
   * @param operation what was attempted, e.g. {@code "commit"}
   * @param reason what etcd refused and what to check
   * @param cause the client's failure
   */
  public EtcdAccessDeniedException(String operation, String reason, Throwable cause) {
    super("etcd refused to " + operation + ": " + reason, cause);
    this.operation = operation;
  }

  /** {@return what was attempted, e.g. {@code "commit"}} */
  public String operation() {
    return operation;
  }
}
