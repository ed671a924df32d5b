package dev.tessera.examples.library;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/** A book of the library: found by author (then year) through its Jakarta Data repository. */
@Entity
@Index(fields = {"author", "year"})
public record Book(@PrimaryKey String isbn, @Index String title, String author, int year) {}
