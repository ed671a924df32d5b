package dev.tessera.spring.tickets;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;

/** A test entity: an event with the number of seats left to sell. */
@Entity
public record Event(@PrimaryKey String id, int seatsLeft) {
  /** This event with one seat fewer. */
  public Event withOneSeatSold() {
    return new Event(id, seatsLeft - 1);
  }
}
