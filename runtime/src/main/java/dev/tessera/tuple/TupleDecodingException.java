package dev.tessera.tuple;

import dev.tessera.TesseraException;

/**
 * Thrown when bytes are not a valid FoundationDB tuple-layer packing that Tessera accepts: truncated
 * parts, unknown type codes, malformed UTF-8, non-canonical integers, versionstamps with a non-zero
 * user version, nesting deeper than {@link Tuple#MAX_NESTING_DEPTH}, or trailing garbage.
 *
 * <p>Immutable, so safe to share between threads.
 */
public final class TupleDecodingException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The offset of the first byte that does not decode. */
  private final int offset;

  /**
   * Creates the exception.
   *
   * @param offset the index in the input array at which decoding failed
   * @param problem what is wrong at that offset
   */
  public TupleDecodingException(int offset, String problem) {
    super("Invalid packed tuple at offset " + offset + ": " + problem);
    this.offset = offset;
  }

  /** {@return the index in the input array at which decoding failed} */
  public int offset() {
    return offset;
  }
}
