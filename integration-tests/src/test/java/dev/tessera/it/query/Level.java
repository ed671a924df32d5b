package dev.tessera.it.query;

/** Declared out of alphabetical order: indexes order enum constants as declared, not by name. */
public enum Level {
  WARN,
  INFO,
  ERROR,
  DEBUG
}
