package dev.tessera.repository;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;

/**
 * Stored bytes under {@link #key()} do not decode (a record, or an index pointer). The cause says
 * why. Immutable and thread-safe.
 */
public final class CorruptRecordException extends TesseraException {
  private static final long serialVersionUID = 1L;

  private final transient Tuple key;

  /** Creates the exception for the stored {@code key} whose value failed to decode. */
  public CorruptRecordException(Tuple key, Throwable cause) {
    super("stored value under key " + key + " does not decode: " + cause, cause);
    this.key = key;
  }

  /** The key whose stored value does not decode. */
  public Tuple key() {
    return key;
  }
}
