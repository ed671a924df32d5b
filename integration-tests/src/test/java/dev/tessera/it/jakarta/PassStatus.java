package dev.tessera.it.jakarta;

/** The state of a {@link Pass}, indexed in declaration order. */
public enum PassStatus {
  /** Held for a buyer. */
  RESERVED,
  /** Paid for. */
  SOLD,
  /** Given back. */
  CANCELLED
}
