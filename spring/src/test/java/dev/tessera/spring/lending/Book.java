package dev.tessera.spring.lending;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/** A test entity: a book, found by author. */
@Entity
public record Book(@PrimaryKey String isbn, String title, @Index String author) {}
