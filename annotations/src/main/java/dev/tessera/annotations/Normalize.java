package dev.tessera.annotations;

/**
 * How a {@code String} index value is normalised before it is written to the index and before a
 * query value is looked up. The record itself always keeps the original value.
 */
public enum Normalize {
  /** The value is indexed exactly as it is. */
  NONE,
  /** Case is folded ({@code "Alice@Example.com"} and {@code "alice@example.com"} are equal). */
  CASE_INSENSITIVE,
  /**
   * Case is folded and accents are removed ({@code "Bànana"}, {@code "BANANA"} and {@code "banana"}
   * are equal).
   */
  CASE_AND_ACCENT_INSENSITIVE
}
