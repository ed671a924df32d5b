package dev.tessera.repository;

import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import java.util.Objects;

/**
 * A record as the store holds it, for tools that work without the application's classes: its
 * unpacked stored value (the schema identifier, then one part per component) and the shape it was
 * written with. Immutable and thread-safe (the value is an immutable tuple).
 *
 * @param schema the shape {@code value} was written with
 * @param value the unpacked stored value
 */
public record StoredRecord(RecordSchema schema, Tuple value) {
  /**
   * Checks that both are given.
   *
   * @param schema the shape {@code value} was written with
   * @param value the unpacked stored value
   */
  public StoredRecord {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(value, "value");
  }
}
