package dev.tessera.spring.tickets;

/** No seat is left for the event. */
public final class SoldOutException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SoldOutException(String eventId) {
    super("event " + eventId + " is sold out");
  }
}
