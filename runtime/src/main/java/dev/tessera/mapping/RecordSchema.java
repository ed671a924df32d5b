package dev.tessera.mapping;

import dev.tessera.tuple.Tuple;
import java.nio.charset.StandardCharsets;

/**
 * Checks the header of a stored record before generated code decodes its components: the stored
 * value is {@code (schemaId, component...)}, and a value written under another schema must not be
 * read as if it were this one.
 *
 * <p>Stateless and thread-safe.
 */
public final class RecordSchema {
  private RecordSchema() {}

  /**
   * Verifies that {@code record} was written with schema {@code schemaId} and holds {@code
   * componentCount} components after the schema identifier.
   *
   * @param record the unpacked stored value
   * @param entityName the entity, for the message
   * @param schemaId the expected schema identifier
   * @param componentCount the number of record components
   * @throws IllegalArgumentException naming the entity and both schema identifiers on a mismatch
   */
  public static void verify(Tuple record, String entityName, long schemaId, int componentCount) {
    if (record.size() == 0 || !(record.get(0) instanceof Long)) {
      throw new IllegalArgumentException(
          "stored value of entity '" + entityName + "' does not start with a schema identifier");
    }
    long stored = record.getLong(0);
    if (stored != schemaId) {
      throw new IllegalArgumentException(
          String.format(
              "stored value of entity '%s' has schema %016x, expected %016x",
              entityName, stored, schemaId));
    }
    if (record.size() != componentCount + 1) {
      throw new IllegalArgumentException(
          String.format(
              "stored value of entity '%s' has %d components, expected %d",
              entityName, record.size() - 1, componentCount));
    }
  }

  /**
   * The 64-bit FNV-1a hash of {@code descriptor}'s UTF-8 bytes: the function the processor uses to
   * derive a schema identifier, so tools can recompute it from a stored descriptor.
   *
   * @param descriptor the canonical schema descriptor
   * @return its fingerprint
   */
  public static long fingerprint(String descriptor) {
    long hash = 0xcbf29ce484222325L;
    for (byte b : descriptor.getBytes(StandardCharsets.UTF_8)) {
      hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
    }
    return hash;
  }
}
