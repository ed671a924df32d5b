package dev.tessera.tuple;

import dev.tessera.TesseraException;

/**
 * Thrown when a tuple part has a supported type but a value the tuple encoding cannot represent
 * faithfully: a string with an unpaired UTF-16 surrogate (it has no UTF-8 form, and silently replacing
 * it would merge distinct keys), a {@code BigInteger} whose magnitude needs more than 255 bytes, or
 * nested tuples deeper than {@link Tuple#MAX_NESTING_DEPTH}. Raised when the tuple is built, so every
 * {@link Tuple} that exists can be packed.
 *
 * <p>Immutable, so safe to share between threads.
 */
public final class InvalidTuplePartException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The index of the part that cannot be encoded. */
  private final int partIndex;

  /**
   * Creates the exception.
   *
   * @param partIndex the index of the offending part in the tuple being built
   * @param problem what is wrong with it
   */
  public InvalidTuplePartException(int partIndex, String problem) {
    super("Tuple part " + partIndex + " cannot be encoded: " + problem);
    this.partIndex = partIndex;
  }

  /** {@return the index of the offending part in the tuple being built} */
  public int partIndex() {
    return partIndex;
  }
}
