package dev.tessera;

/**
 * The root of every exception Tessera throws. Unchecked: each subtype names one failure a caller
 * may want to handle and carries its data in accessors.
 */
public class TesseraException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception with a message.
   *
   * @param message the message, naming what failed
   */
  public TesseraException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and a cause.
   *
   * @param message the message, naming what failed
   * @param cause the failure that caused this one
   */
  public TesseraException(String message, Throwable cause) {
    super(message, cause);
  }
}
