package dev.tessera.examples.library;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/** A library member, with a unique e-mail compared case-insensitively. */
@Entity
public record Member(
    @PrimaryKey String id,
    String name,
    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email) {}
