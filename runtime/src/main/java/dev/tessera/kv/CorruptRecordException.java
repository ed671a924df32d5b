package dev.tessera.kv;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;

/**
 * Stored bytes under {@link #key()} do not decode (a record, a record stored under another record's
 * key, or an index pointer). The cause says why; the message names the entity or index the key
 * belongs to (once the repository layer {@linkplain #withNames named} it) and says how to remove
 * it. Reads that meet such a record ({@code findById}, {@code findAll}, queries) throw this
 * exception; {@link dev.tessera.repository.IndexAdmin#verifyIndexes()} reports it instead.
 * Immutable and thread-safe.
 */
public final class CorruptRecordException extends TesseraException implements KeyedFailure {
  private static final long serialVersionUID = 1L;

  private final transient Tuple key;
  private final transient Throwable problem;

  /**
   * Creates the exception for the stored {@code key} whose value failed to decode.
   *
   * @param key the key of the record
   * @param cause the decoding failure
   */
  public CorruptRecordException(Tuple key, Throwable cause) {
    this(key, cause, KeyDescriber.tuples(), cause);
  }

  private CorruptRecordException(Tuple key, Throwable problem, KeyDescriber names, Throwable cause) {
    super(names.lead(key) + "stored value under key " + names.parts(key) + " does not decode: "
        + problem + "; indexAdmin().repairIndexes() moves an undecodable record to the quarantine"
        + " and deletes an undecodable index entry, delete(id) deletes the record", cause);
    this.key = key;
    this.problem = problem;
  }

  /** {@return the key whose stored value does not decode} */
  public Tuple key() {
    return key;
  }

  @Override
  public CorruptRecordException withNames(KeyDescriber names) {
    CorruptRecordException named = new CorruptRecordException(key, problem, names, getCause());
    named.setStackTrace(getStackTrace());
    return named;
  }
}
