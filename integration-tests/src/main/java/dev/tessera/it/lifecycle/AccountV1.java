package dev.tessera.it.lifecycle;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * Version 1 of the account entity: indexed by city only. It lives in {@code src/main/java}, compiled
 * apart from version 2 ({@code AccountV2} in the tests) as two releases of an application would be:
 * the processor rejects two entities with one name in one compilation.
 *
 * @param id the primary key
 * @param email not indexed in this version
 * @param city a non-unique index
 */
@Entity(name = "account")
public record AccountV1(@PrimaryKey String id, String email, @Index String city) {}
