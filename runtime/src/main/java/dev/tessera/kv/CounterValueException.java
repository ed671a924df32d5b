package dev.tessera.kv;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;

/**
 * Thrown by {@link AtomicOperation#commit()} when a {@code sum}, {@code min} or {@code max} meets a
 * value that is not an 8-byte unsigned counter. The commit writes nothing. Immutable and
 * thread-safe.
 */
public final class CounterValueException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final transient Tuple key;
  /** The length of the value found, in bytes. */
  private final int actualLength;

  /**
   * Creates the exception.
   *
   * @param key the key holding the value
   * @param actualLength the length of the value found, in bytes
   */
  public CounterValueException(Tuple key, int actualLength) {
    super("Key " + KeyPreview.of(key) + " holds a " + actualLength
        + "-byte value, not an 8-byte unsigned counter; the commit wrote nothing");
    this.key = key;
    this.actualLength = actualLength;
  }

  /** {@return the key holding the value that is not a counter} */
  public Tuple key() {
    return key;
  }

  /** {@return the length of the value found, in bytes (a counter has 8)} */
  public int actualLength() {
    return actualLength;
  }
}
