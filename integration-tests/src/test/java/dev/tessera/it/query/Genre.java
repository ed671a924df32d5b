package dev.tessera.it.query;

/** A manuscript's genre: indexes order it by declaration. */
public enum Genre {
  NOVEL,
  POETRY,
  ESSAY
}
