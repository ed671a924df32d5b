package dev.tessera.it.lifecycle;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * Version 1 of the member entity: integer points, indexed. Compiled apart from version 2 ({@code
 * MemberV2} in the tests), which widens the points to {@code double} and adds an indexed tier.
 *
 * @param id the primary key
 * @param name not indexed
 * @param points indexed
 */
@Entity(name = "club_member")
public record MemberV1(@PrimaryKey String id, String name, @Index int points) {}
