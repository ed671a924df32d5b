package dev.tessera.cli.ticketing;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.Normalize;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A seat of an event sold to a buyer: at most one ticket per seat of an event.
 *
 * @param id the primary key, a ULID generated on insert
 * @param eventId the event; with {@code seat}, unique
 * @param seat the seat number, from 1
 * @param email the buyer's e-mail, indexed case-insensitively
 * @param status indexed
 */
@Entity(name = "seat_ticket")
@UniqueIndex(fields = {"eventId", "seat"})
public record Ticket(
    @PrimaryKey(generate = KeyGeneration.ULID) String id,
    String eventId,
    int seat,
    @Index(normalize = Normalize.CASE_INSENSITIVE) String email,
    @Index TicketStatus status) {}
