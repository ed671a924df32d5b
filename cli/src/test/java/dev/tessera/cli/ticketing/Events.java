package dev.tessera.cli.ticketing;

import jakarta.data.repository.By;
import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.Repository;
import java.time.Instant;
import java.util.List;

/** Events, as a Jakarta Data repository. */
@Repository
public interface Events extends CrudRepository<Event, String> {
  /** The events of a venue: the leading field of the composite index. */
  List<Event> findByVenueId(String venueId);

  /** The events of a venue that start in {@code [from, to]}. */
  List<Event> findByVenueIdAndStartsAtBetween(String venueId, Instant from, Instant to);

  /** The events tagged {@code tag}: an element of the multi-value index. */
  List<Event> findByTagsContains(String tag);

  /** How many events are tagged {@code tag}. */
  long countByTagsContains(String tag);

  /** The events tagged {@code tag}, declared with {@code @Find}. */
  @Find
  List<Event> tagged(@By("tags") String tag);
}
