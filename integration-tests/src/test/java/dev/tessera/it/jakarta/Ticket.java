package dev.tessera.it.jakarta;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.PrimaryKey;

/**
 * A ticket whose key Tessera generates (a ULID) when it is inserted without one.
 *
 * @param id the primary key, generated when null
 * @param holder who holds the ticket
 */
@Entity(name = "jd_ticket")
public record Ticket(@PrimaryKey(generate = KeyGeneration.ULID) String id, String holder) {}
