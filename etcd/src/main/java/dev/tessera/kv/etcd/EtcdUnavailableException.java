package dev.tessera.kv.etcd;

import dev.tessera.TesseraException;
import dev.tessera.kv.TransientFailure;

/**
 * Thrown when a read, or a commit that certainly wrote nothing, could not be served because no
 * majority of the etcd cluster answered in time (members down, network cut, election running).
 * Retrying later is safe. Immutable and thread-safe.
 */
public final class EtcdUnavailableException extends TesseraException implements TransientFailure {
  private static final long serialVersionUID = 1L;

  /** What was attempted, e.g. {@code "get"}. */
  private final String operation;

  /**
   * Creates the exception.
   *
   * @param operation what was attempted, e.g. {@code "get"}
   * @param detail why, e.g. the gRPC status without credentials
   * @param cause the client's failure
   */
  public EtcdUnavailableException(String operation, String detail, Throwable cause) {
    super("Cannot " + operation + ": the etcd cluster did not answer (" + detail
        + "); retry once a majority of its members is reachable", cause);
    this.operation = operation;
  }

  /** {@return what was attempted, e.g. {@code "get"}} */
  public String operation() {
    return operation;
  }
}
