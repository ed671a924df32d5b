package dev.tessera.cli.ticketing;

import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Repository;
import java.util.List;

/** Venues, as a Jakarta Data repository. */
@Repository
public interface Venues extends CrudRepository<Venue, String> {
  /** The venues of {@code city}. */
  List<Venue> findByCity(String city);
}
