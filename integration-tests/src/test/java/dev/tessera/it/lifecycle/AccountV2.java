package dev.tessera.it.lifecycle;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * Version 2 of the account entity, as the application would be recompiled: the same stored shape,
 * a new unique e-mail index, and the city index removed.
 *
 * @param id the primary key
 * @param email unique, compared without regard to case
 * @param city no longer indexed
 */
@Entity(name = "account")
public record AccountV2(
    @PrimaryKey String id, @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email, String city) {}
