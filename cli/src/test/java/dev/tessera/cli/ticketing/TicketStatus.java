package dev.tessera.cli.ticketing;

/** Where a ticket is in its life. */
public enum TicketStatus {
  /** Held for a buyer who has not paid yet. */
  RESERVED,
  /** Paid for. */
  SOLD,
  /** Given back. */
  CANCELLED
}
