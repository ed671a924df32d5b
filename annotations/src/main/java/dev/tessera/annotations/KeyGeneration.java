package dev.tessera.annotations;

/** How a primary key is generated when a record is inserted without one. */
public enum KeyGeneration {
  /** Never generated: inserting a record whose key is {@code null} is an error. */
  NONE,
  /**
   * A monotonic ULID (26 characters, Crockford base 32): time-ordered, and strictly increasing
   * within one process even for keys generated in the same millisecond. Only for {@code String}
   * keys.
   */
  ULID
}
