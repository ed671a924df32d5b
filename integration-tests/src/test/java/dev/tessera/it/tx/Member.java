package dev.tessera.it.tx;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A library member of the lending example.
 *
 * @param id the primary key
 * @param email unique without regard to case
 * @param name the name
 */
@Entity
public record Member(
    @PrimaryKey String id,
    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email,
    String name) {}
