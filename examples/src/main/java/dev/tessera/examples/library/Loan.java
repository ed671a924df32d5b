package dev.tessera.examples.library;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/** A loan of one book to one member: at most one loan per book (a unique index). */
@Entity
public record Loan(@PrimaryKey String id, @UniqueIndex String isbn, @Index String memberId) {}
