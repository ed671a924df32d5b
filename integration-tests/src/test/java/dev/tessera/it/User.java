package dev.tessera.it;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A user with a unique, case-insensitive e-mail and a non-unique favourite colour. The processor
 * generates {@code UserRepository} from it.
 *
 * @param id the primary key
 * @param name the display name (not indexed: changing it touches no index entry)
 * @param email unique, compared without regard to case
 * @param favoriteColor shared by many users
 */
@Entity
public record User(
    @PrimaryKey String id,
    String name,
    @UniqueIndex(normalize = Normalize.CASE_INSENSITIVE) String email,
    @Index String favoriteColor) {}
