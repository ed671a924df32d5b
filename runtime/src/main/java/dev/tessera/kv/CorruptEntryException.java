package dev.tessera.kv;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;
import java.util.HexFormat;

/**
 * The store holds an entry it cannot have written: a key whose bytes are not a packed tuple, or a
 * value too short to hold the versionstamp every entry starts with. Such damage comes from outside
 * (a changed or damaged file, a disk fault); the store reports it instead of returning garbage.
 * Immutable and thread-safe.
 */
public final class CorruptEntryException extends TesseraException implements KeyedFailure {
  private static final long serialVersionUID = 1L;

  /** The packed key of the entry that does not decode. */
  private final byte[] packedKey;
  private final transient Tuple key;
  /** The bytes stored under the key, or {@code null} when they could not be read. */
  private final byte[] stored;
  /** What is wrong with the entry. */
  private final String problem;

  /**
   * Creates the exception.
   *
   * @param packedKey the stored key's bytes
   * @param key the key, or {@code null} when its bytes do not decode
   * @param problem what is wrong with the entry
   * @param cause the decoding failure, or {@code null}
   */
  public CorruptEntryException(byte[] packedKey, Tuple key, String problem, Throwable cause) {
    this(packedKey, key, null, problem, cause);
  }

  /**
   * Creates the exception for an entry whose stored bytes could still be read.
   *
   * @param packedKey the stored key's bytes
   * @param key the key, or {@code null} when its bytes do not decode
   * @param stored the bytes stored under the key as the store holds them (with what it keeps
   *     before the value, such as the versionstamp), or {@code null} when they could not be read
   * @param problem what is wrong with the entry
   * @param cause the decoding failure, or {@code null}
   */
  public CorruptEntryException(
      byte[] packedKey, Tuple key, byte[] stored, String problem, Throwable cause) {
    this(packedKey, key, stored == null ? null : stored.clone(), problem, KeyDescriber.tuples(), cause);
  }

  private CorruptEntryException(byte[] packedKey, Tuple key, byte[] stored, String problem,
      KeyDescriber names, Throwable cause) {
    super(names.lead(key) + "Corrupt entry under key "
        + (key != null ? names.parts(key) : "0x" + HexFormat.of().formatHex(packedKey))
        + ": " + problem, cause);
    this.packedKey = packedKey.clone();
    this.key = key;
    this.stored = stored;
    this.problem = problem;
  }

  /** {@return the stored key's bytes, as they are in the store (a copy)} */
  public byte[] packedKey() {
    return packedKey.clone();
  }

  /** {@return the key, or {@code null} when its bytes are not a packed tuple} */
  public Tuple key() {
    return key;
  }

  /**
   * The bytes stored under the key as the store holds them (a copy), or {@code null} when they
   * could not be read; kept so that a repair can move the entry aside without losing them.
   *
   * @return a copy of the stored bytes, or {@code null}
   */
  public byte[] storedBytes() {
    return stored == null ? null : stored.clone();
  }

  @Override
  public CorruptEntryException withNames(KeyDescriber names) {
    CorruptEntryException named =
        new CorruptEntryException(packedKey, key, stored, problem, names, getCause());
    named.setStackTrace(getStackTrace());
    return named;
  }
}
