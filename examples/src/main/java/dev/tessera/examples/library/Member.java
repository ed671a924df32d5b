package dev.tessera.examples.library;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A member of the library, stored through the generated {@code MemberRepository}.
 *
 * @param id the primary key
 * @param name the member's name
 * @param email a unique, case-insensitive e-mail address
 */
@Entity
public record Member(
    @PrimaryKey String id,
    String name,
    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email) {}
