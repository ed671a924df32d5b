package dev.tessera.cli;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * An entity with an index over an enum field: its keys hold the constant's declaration order,
 * which only the application's classes know, so the catalog cannot derive them.
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
