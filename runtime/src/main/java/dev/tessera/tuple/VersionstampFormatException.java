package dev.tessera.tuple;

import dev.tessera.TesseraException;

/**
 * Thrown by {@link Versionstamp#parse(String)} and {@link Versionstamp#fromBytes(byte[])} for input
 * that is not exactly 20 hexadecimal digits or 10 bytes.
 *
 * <p>Immutable, so safe to share between threads.
 */
public final class VersionstampFormatException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The text or bytes that do not form a versionstamp, as the message shows them. */
  private final String input;

  /**
   * Creates the exception.
   *
   * @param input the rejected input, as text
   * @param problem what is wrong with it
   */
  public VersionstampFormatException(String input, String problem) {
    super("Invalid versionstamp " + input + ": " + problem);
    this.input = input;
  }

  /** {@return the rejected input, as text (hex digits are shown as given, bytes as hex)} */
  public String input() {
    return input;
  }
}
