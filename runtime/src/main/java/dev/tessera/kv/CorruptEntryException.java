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
public final class CorruptEntryException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The packed key of the entry that does not decode. */
  private final byte[] packedKey;
  private final transient Tuple key;

  /**
   * Creates the exception.
   *
   * @param packedKey the stored key's bytes
   * @param key the key, or {@code null} when its bytes do not decode
   * @param problem what is wrong with the entry
   * @param cause the decoding failure, or {@code null}
   */
  public CorruptEntryException(byte[] packedKey, Tuple key, String problem, Throwable cause) {
    super("Corrupt entry under key "
        + (key != null ? KeyPreview.of(key) : "0x" + HexFormat.of().formatHex(packedKey))
        + ": " + problem, cause);
    this.packedKey = packedKey.clone();
    this.key = key;
  }

  /** {@return the stored key's bytes, as they are in the store (a copy)} */
  public byte[] packedKey() {
    return packedKey.clone();
  }

  /** {@return the key, or {@code null} when its bytes are not a packed tuple} */
  public Tuple key() {
    return key;
  }
}
