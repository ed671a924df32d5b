package dev.tessera.it.jakarta;

import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.By;
import jakarta.data.repository.Find;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Repository;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The Jakarta Data form of each query stage the generated {@code PassRepository} serves, over a
 * primitive {@code long} key declared with its boxed type argument; Tessera generates {@code
 * Passes_}.
 */
@Repository
public interface Passes extends BasicRepository<Pass, Long> {

  // ---------------------------------------------------------------- unique (eventId, seat)

  Optional<Pass> findByEventIdAndSeat(String eventId, int seat);

  long countByEventId(String eventId);

  @Find
  List<Pass> ofEvent(@By("eventId") String eventId);

  boolean existsByEventId(String eventId);

  List<Pass> findByEventIdAndSeatBetween(String eventId, int from, int to);

  List<Pass> findByEventIdAndSeatGreaterThan(String eventId, Integer seat);

  List<Pass> findByEventIdInAndSeatLessThanEqual(Collection<String> eventIds, int seat);

  @Find
  CursoredPage<Pass> seatsOf(@By("eventId") String eventId, PageRequest request);

  // ---------------------------------------------------------------- non-unique (venue, startsAt)

  List<Pass> findByVenue(long venue);

  long countByVenue(Long venue);

  List<Pass> findByVenueAndStartsAtLessThan(long venue, Instant before);

  List<Pass> findByVenueAndStartsAtGreaterThanEqual(long venue, Instant from);

  List<Pass> findByVenueAndStartsAtNull(long venue);

  List<Pass> findByVenueIn(Set<Long> venues);

  @Find
  @OrderBy(value = "startsAt", descending = true)
  @OrderBy(value = "id", descending = true)
  List<Pass> latestAt(long venue);

  List<Pass> findByVenue(long venue, Order<Pass> order);

  @Find
  Page<Pass> byVenue(long venue, PageRequest request);

  @Find
  CursoredPage<Pass> pagesAt(long venue, PageRequest request, Order<Pass> order);

  // ---------------------------------------------------------------- multi-value tags

  List<Pass> findByTags(String tag);

  List<Pass> findByTagsContains(String tag);

  @Find
  List<Pass> tagged(@By("tags") String tag);

  List<Pass> findByTagsIn(Set<String> tags);

  long countByTagsIn(Set<String> tags);

  long countByTags(String tag);

  boolean existsByTagsContains(String tag);

  // ---------------------------------------------------------------- enum status

  List<Pass> findByStatus(PassStatus status);

  List<Pass> findByStatusGreaterThanEqual(PassStatus status);

  long countByStatus(PassStatus status);

  List<Pass> findByStatusIn(PassStatus[] statuses);

  // ---------------------------------------------------------------- case-insensitive email

  List<Pass> findByEmailIgnoreCase(String email);

  List<Pass> findByEmailStartsWith(String prefix);

  // ---------------------------------------------------------------- primary key

  long countByIdIn(Set<Long> ids);

  List<Pass> findByIdIn(List<Long> ids);

  Stream<Pass> findByIdIn(long[] ids);

  boolean existsByIdIn(Collection<Long> ids);

  List<Pass> findByIdBetween(long from, long to, Limit limit);

  long deleteByIdIn(Set<Long> ids);

  @Find
  CursoredPage<Pass> everyPass(PageRequest request, Order<Pass> order);
}
