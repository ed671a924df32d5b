package dev.tessera.repository;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;

/**
 * A record {@link IndexAdmin#repairIndexes()} moved out of the entity because its stored bytes do
 * not decode, kept as it was for inspection. Immutable (do not modify the array).
 *
 * @param recordKey the key the record was stored under: {@code (entityId, primary key parts...)}
 * @param bytes the record's stored bytes, unchanged (empty when the stored value was too short to
 *     hold its versionstamp)
 * @param quarantinedAt the versionstamp of the repair commit that moved it
 */
public record QuarantinedRecord(Tuple recordKey, byte[] bytes, Versionstamp quarantinedAt) {}
