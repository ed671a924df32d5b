package dev.tessera.benchmarks.store;

import dev.tessera.TesseraException;

/**
 * A write would break the uniqueness of the id or of the email; nothing was written. Every contender
 * translates its own error into this one so that tests can check they enforce the same rules.
 */
public final class DuplicateUserException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final String contender;
  private final String id;

  /**
   * Creates the exception.
   *
   * @param contender the contender that refused the write
   * @param id the id of the user being written
   * @param cause the contender's own error, or null
   */
  public DuplicateUserException(String contender, String id, Throwable cause) {
    super(contender + ": user " + id + " would duplicate an existing id or email", cause);
    this.contender = contender;
    this.id = id;
  }

  /** The contender that refused the write. */
  public String contender() {
    return contender;
  }

  /** The id of the user being written. */
  public String id() {
    return id;
  }
}
