package dev.tessera.cli;

/** The states of a ticket; an index orders them in this declaration order. */
public enum TicketStatus {
  /** Held for a buyer. */
  RESERVED,
  /** Paid. */
  SOLD,
  /** Given back. */
  CANCELLED
}
