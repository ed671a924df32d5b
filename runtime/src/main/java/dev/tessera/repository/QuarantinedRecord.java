package dev.tessera.repository;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.Objects;

/**
 * A record {@link IndexAdmin#repairIndexes()} moved out of the entity because its stored bytes do
 * not decode, kept as it was for inspection. Immutable (do not modify the arrays).
 *
 * @param recordKey the key the record was stored under: {@code (entityId, primary key parts...)};
 *     {@code null} when the key's bytes are not a packed tuple (see {@code packedKey})
 * @param bytes the record's stored value, unchanged (empty when the stored value was too short to
 *     hold its versionstamp); for a key that is not a packed tuple, everything the store held under
 *     it, versionstamp included
 * @param quarantinedAt the versionstamp of the repair commit that moved it
 * @param packedKey the key's bytes as they were stored
 */
public record QuarantinedRecord(
    Tuple recordKey, byte[] bytes, Versionstamp quarantinedAt, byte[] packedKey) {

  /**
   * Checks that the key's bytes are given.
   *
   * @param recordKey the key the record was stored under, or {@code null} when the key's bytes are
   *     not a packed tuple
   * @param bytes the record's stored value, unchanged
   * @param quarantinedAt the versionstamp of the repair commit that moved it
   * @param packedKey the key's bytes as they were stored
   */
  public QuarantinedRecord {
    Objects.requireNonNull(packedKey, "packedKey");
  }

  /**
   * A quarantined record whose key decodes: {@code packedKey} is {@code recordKey} packed.
   *
   * @param recordKey the key the record was stored under
   * @param bytes the record's stored value, unchanged
   * @param quarantinedAt the versionstamp of the repair commit that moved it
   */
  public QuarantinedRecord(Tuple recordKey, byte[] bytes, Versionstamp quarantinedAt) {
    this(recordKey, bytes, quarantinedAt, recordKey.pack());
  }

  /** {@return true if the key's bytes are a packed tuple, {@link #recordKey()}} */
  public boolean keyDecodes() {
    return recordKey != null;
  }
}
