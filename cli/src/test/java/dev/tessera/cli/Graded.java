package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * An entity with an index over an enum field: its keys hold the constant's position in declaration
 * order, which the catalog records in the index's descriptor.
 *
 * @param id the primary key
 * @param grade indexed by declaration order
 */
@Entity
public record Graded(@PrimaryKey int id, @Index Grade grade) {
  /** Grades, indexed in this order. */
  public enum Grade {
    /** The first. */
    LOW,
    /** The second. */
    HIGH
  }
}
