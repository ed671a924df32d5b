package dev.tessera;

/**
 * The calling thread was interrupted while an operation waited between two attempts (a commit that
 * lost a race, an etcd request that got no answer). The operation stops at once instead of running
 * its remaining attempts, and the thread's interrupt status is kept set, so the code that
 * interrupted it sees its request honoured. The attempt that lost wrote nothing; work committed
 * before it (earlier batches of an index build, say) stays committed. Immutable and thread-safe.
 */
public final class OperationInterruptedException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The operation that was interrupted, as the message names it. */
  private final String operation;

  /**
   * Creates the exception.
   *
   * @param operation what was interrupted, e.g. {@code "An etcd commit"}
   */
  public OperationInterruptedException(String operation) {
    super(operation + " was interrupted while it waited and stopped; the thread's interrupt status"
        + " is kept");
    this.operation = operation;
  }

  /** {@return what was interrupted} */
  public String operation() {
    return operation;
  }
}
