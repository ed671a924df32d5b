package dev.tessera.tuple;

import dev.tessera.TesseraException;

/**
 * Thrown by {@link Tuple#parse(String)} for text that is not a tuple in the notation {@link
 * Tuple#toString()} writes. The message quotes the text and names the position and what was
 * expected there.
 *
 * <p>Immutable, so safe to share between threads.
 */
public final class TupleSyntaxException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The text that does not parse. */
  private final String input;
  /** The position of the syntax error in it. */
  private final int position;

  /**
   * Creates the exception.
   *
   * @param input the rejected text
   * @param position the index of the character where parsing failed
   * @param problem what was expected there
   */
  public TupleSyntaxException(String input, int position, String problem) {
    super("Invalid tuple " + quote(input) + " at position " + position + ": " + problem);
    this.input = input;
    this.position = position;
  }

  /** {@return the rejected text} */
  public String input() {
    return input;
  }

  /** {@return the index of the character where parsing failed} */
  public int position() {
    return position;
  }

  private static String quote(String input) {
    return input.length() <= 200 ? "'" + input + "'" : "'" + input.substring(0, 200) + "...'";
  }
}
