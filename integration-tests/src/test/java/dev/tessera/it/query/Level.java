package dev.tessera.it.query;

/** Declared out of alphabetical order: indexes order enum constants by name, not by ordinal. */
public enum Level {
  WARN,
  INFO,
  ERROR,
  DEBUG
}
