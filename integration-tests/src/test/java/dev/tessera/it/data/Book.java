package dev.tessera.it.data;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/** A book of the Jakarta Data suites: a title index, an author-then-year index, a unique slug. */
@Entity
@Index(fields = {"author", "year"})
public record Book(
    @PrimaryKey String isbn,
    @Index String title,
    String author,
    int year,
    @UniqueIndex String slug) {}
