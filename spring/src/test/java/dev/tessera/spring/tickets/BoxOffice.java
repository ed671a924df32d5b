package dev.tessera.spring.tickets;

import java.util.List;
import org.springframework.transaction.annotation.Transactional;

/**
 * A {@code @Transactional} service over an injected Jakarta Data interface ({@link Events}) and a
 * generated repository bean ({@link TicketRepository}): no {@code in(tx)}, no casts.
 */
public class BoxOffice {
  private final Events events;
  private final TicketRepository tickets;

  public BoxOffice(Events events, TicketRepository tickets) {
    this.events = events;
    this.tickets = tickets;
  }

  /** Sells a seat: reads the event, takes a seat, writes the ticket; {@code afterRead} runs between. */
  @Transactional
  public Ticket buy(String eventId, String ticketId, Runnable afterRead) {
    Event event = events.findById(eventId).orElseThrow();
    afterRead.run();
    if (event.seatsLeft() == 0) {
      throw new SoldOutException(eventId);
    }
    events.update(event.withOneSeatSold());
    return tickets.insert(new Ticket(ticketId, eventId));
  }

  /** Sells a seat, then fails: nothing of it may be written. */
  @Transactional
  public void buyThenFail(String eventId, String ticketId) {
    buy(eventId, ticketId, () -> {});
    throw new IllegalStateException("payment refused");
  }

  /** The tickets of an event, read in a read-only transaction. */
  @Transactional(readOnly = true)
  public List<Ticket> ticketsOf(String eventId) {
    return tickets.findByEventId(eventId);
  }

  /** Tries to write in a read-only transaction. */
  @Transactional(readOnly = true)
  public void writeInReadOnly(String eventId, String ticketId) {
    tickets.insert(new Ticket(ticketId, eventId));
  }
}
