package dev.tessera.cli.ticketing;

import jakarta.data.repository.By;
import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.Optional;

/** Tickets, as a Jakarta Data repository. */
@Repository
public interface Tickets extends CrudRepository<Ticket, String> {
  /** How many seats of an event are sold: a prefix of the unique composite index. */
  long countByEventId(String eventId);

  /** The tickets of an event. */
  @Find
  List<Ticket> ofEvent(@By("eventId") String eventId);

  /** The ticket for a seat, if it is sold. */
  Optional<Ticket> findByEventIdAndSeat(String eventId, int seat);

  /** The tickets of a buyer, whatever the case of the address. */
  List<Ticket> findByEmail(String email);

  /** How many tickets are in {@code status}. */
  long countByStatus(TicketStatus status);
}
