package dev.tessera.benchmarks.store;

import dev.tessera.TesseraException;
import java.sql.SQLException;

/** A SQL contender failed for a reason other than a duplicate; carries the driver's error. */
public final class SqlStoreException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final String contender;
  private final String action;

  /**
   * Creates the exception.
   *
   * @param contender the contender's name
   * @param action what it was doing
   * @param cause the driver's error
   */
  public SqlStoreException(String contender, String action, SQLException cause) {
    super(contender + " failed to " + action + ": " + cause.getMessage(), cause);
    this.contender = contender;
    this.action = action;
  }

  /** The contender's name. */
  public String contender() {
    return contender;
  }

  /** What it was doing. */
  public String action() {
    return action;
  }
}
