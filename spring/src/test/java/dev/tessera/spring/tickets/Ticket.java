package dev.tessera.spring.tickets;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/** A test entity: a ticket sold for an event, found by event. */
@Entity
public record Ticket(@PrimaryKey String id, @Index String eventId) {}
