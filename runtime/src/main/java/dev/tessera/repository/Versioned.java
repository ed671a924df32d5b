package dev.tessera.repository;

import dev.tessera.tuple.Versionstamp;
import java.util.Objects;

/**
 * A record together with the versionstamp of the commit that last wrote it; pass the versionstamp
 * to a versioned update or delete for optimistic concurrency.
 *
 * @param <T> the record type
 * @param value the record
 * @param versionstamp the versionstamp of the commit that last wrote it
 */
public record Versioned<T>(T value, Versionstamp versionstamp) {
  /**
   * Validates the parts.
   *
   * @param value the record
   * @param versionstamp the versionstamp of the commit that last wrote it
   */
  public Versioned {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(versionstamp, "versionstamp");
  }
}
