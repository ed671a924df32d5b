package dev.tessera.it.jakarta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.query.Query;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each query stage of the generated {@code PassRepository} (equality, prefixes, ranges, {@code
 * in}, counts, existence, order, pages) and its Jakarta Data form on {@link Passes} give the same
 * answers, in the same order, on random passes in a real LMDB store.
 */
class JakartaDataDifferentialTest {
  private static final String[] EVENTS = {"e01", "e02", "e03", "e04"};
  private static final String[] TAGS = {"jazz", "rock", "folk", "vip", "late"};
  private static final String[] EMAILS = {"Ada@x.org", "ada@X.org", "bob@y.org", "Cy@z.org"};
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  @TempDir Path directory;

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void everyStageAnswersAsItsJakartaDataForm(long seed) {
    Random random = new Random(seed);
    try (KvStore store = LmdbKvStore.open(directory.resolve("s" + seed))) {
      PassRepository passes = new PassRepository(store);
      Passes jakarta = new Passes_(store);
      for (Pass pass : randomPasses(random)) {
        passes.insert(pass);
      }
      for (int round = 0; round < 20; round++) {
        compare(passes, jakarta, random);
      }
    }
  }

  private static List<Pass> randomPasses(Random random) {
    List<Pass> all = new ArrayList<>();
    Set<String> seats = new LinkedHashSet<>();
    for (long id = 1; all.size() < 150; id += 1 + random.nextInt(3)) {
      String event = EVENTS[random.nextInt(EVENTS.length)];
      int seat = random.nextInt(60) - 10;
      if (!seats.add(event + "/" + seat)) {
        continue;
      }
      List<String> tags = new ArrayList<>();
      for (int i = random.nextInt(4); i > 0; i--) {
        tags.add(TAGS[random.nextInt(TAGS.length)]); // repeats allowed: one entry each
      }
      Instant startsAt = random.nextInt(6) == 0 ? null : T0.plusSeconds(3600L * random.nextInt(12));
      all.add(new Pass(id, event, seat, random.nextInt(4), startsAt, tags,
          PassStatus.values()[random.nextInt(3)], EMAILS[random.nextInt(EMAILS.length)]));
    }
    return all;
  }

  private static void compare(PassRepository passes, Passes jakarta, Random random) {
    String event = EVENTS[random.nextInt(EVENTS.length)];
    String other = EVENTS[random.nextInt(EVENTS.length)];
    int seat = random.nextInt(60) - 10;
    int seatTo = seat + random.nextInt(20);
    long venue = random.nextInt(5);
    Instant at = T0.plusSeconds(3600L * random.nextInt(12));
    String tag = TAGS[random.nextInt(TAGS.length)];
    Set<String> tags = new LinkedHashSet<>(List.of(tag, TAGS[random.nextInt(TAGS.length)]));
    PassStatus status = PassStatus.values()[random.nextInt(3)];
    long from = random.nextInt(200);
    Set<Long> ids =
        LongStream.range(0, 6).map(i -> random.nextInt(250)).boxed().collect(Collectors.toSet());

    // unique (eventId, seat): equality, prefix, ranges, in, count, exists, cursor pages
    assertThat(jakarta.findByEventIdAndSeat(event, seat))
        .isEqualTo(passes.byEventIdAndSeat().equalTo(event).equalTo(seat).first());
    assertThat(jakarta.countByEventId(event))
        .isEqualTo(passes.byEventIdAndSeat().equalTo(event).count());
    assertThat(jakarta.ofEvent(event)).isEqualTo(passes.byEventIdAndSeat().equalTo(event).list());
    assertThat(jakarta.existsByEventId(event))
        .isEqualTo(passes.byEventIdAndSeat().equalTo(event).exists());
    assertThat(jakarta.findByEventIdAndSeatBetween(event, seat, seatTo))
        .isEqualTo(passes.byEventIdAndSeat().equalTo(event).between(seat, seatTo).list());
    assertThat(jakarta.findByEventIdAndSeatGreaterThan(event, seat))
        .isEqualTo(passes.byEventIdAndSeat().equalTo(event).greaterThan(seat).list());
    assertThat(jakarta.findByEventIdInAndSeatLessThanEqual(List.of(event, other), seat))
        .isEqualTo(passes.byEventIdAndSeat().in(event, other).atMost(seat).list());
    assertThat(jakarta.seatsOf(event, PageRequest.ofSize(4)).content())
        .isEqualTo(passes.byEventIdAndSeat().equalTo(event).limit(4).list());

    // non-unique (venue, startsAt), nulls included
    assertThat(jakarta.findByVenue(venue))
        .isEqualTo(passes.byVenueAndStartsAt().equalTo(venue).list());
    assertThat(jakarta.countByVenue(venue))
        .isEqualTo(passes.byVenueAndStartsAt().equalTo(venue).count());
    assertThat(jakarta.findByVenueAndStartsAtLessThan(venue, at))
        .isEqualTo(passes.byVenueAndStartsAt().equalTo(venue).lessThan(at).list());
    assertThat(jakarta.findByVenueAndStartsAtGreaterThanEqual(venue, at))
        .isEqualTo(passes.byVenueAndStartsAt().equalTo(venue).atLeast(at).list());
    assertThat(jakarta.findByVenueAndStartsAtNull(venue))
        .isEqualTo(passes.byVenueAndStartsAt().equalTo(venue).isNull().list());
    assertThat(jakarta.findByVenueIn(new LinkedHashSet<>(List.of(venue, (venue + 1) % 5))))
        .isEqualTo(passes.byVenueAndStartsAt().in(venue, (venue + 1) % 5).list());
    assertThat(jakarta.latestAt(venue))
        .isEqualTo(passes.byVenueAndStartsAt().equalTo(venue).reverse().list());
    assertThat(jakarta.findByVenue(venue, Order.by(Sort.desc("startsAt"), Sort.desc("id"))))
        .isEqualTo(passes.byVenueAndStartsAt().equalTo(venue).reverse().list());
    Page<Pass> page = jakarta.byVenue(venue, PageRequest.ofPage(2, 3, true));
    List<Pass> all = passes.byVenueAndStartsAt().equalTo(venue).list();
    assertThat(page.content()).isEqualTo(all.subList(Math.min(3, all.size()), Math.min(6, all.size())));
    assertThat(page.totalElements()).isEqualTo(all.size());
    assertThat(walk(jakarta, venue)).isEqualTo(all);

    // multi-value tags: each record once
    assertThat(jakarta.findByTags(tag)).isEqualTo(passes.byTags().equalTo(tag).list());
    assertThat(jakarta.findByTagsContains(tag)).isEqualTo(passes.byTags().equalTo(tag).list());
    assertThat(jakarta.tagged(tag)).isEqualTo(passes.byTags().equalTo(tag).list());
    assertThat(jakarta.findByTagsIn(tags)).isEqualTo(passes.byTags().in(tags).list());
    assertThat(jakarta.countByTagsIn(tags)).isEqualTo(passes.byTags().in(tags).count());
    assertThat(jakarta.countByTags(tag)).isEqualTo(passes.byTags().equalTo(tag).count());
    assertThat(jakarta.existsByTagsContains(tag)).isEqualTo(passes.byTags().equalTo(tag).exists());

    // enum, in declaration order
    assertThat(jakarta.findByStatus(status)).isEqualTo(passes.byStatus().equalTo(status).list());
    assertThat(jakarta.findByStatusGreaterThanEqual(status))
        .isEqualTo(passes.byStatus().atLeast(status).list());
    assertThat(jakarta.countByStatus(status)).isEqualTo(passes.byStatus().equalTo(status).count());
    assertThat(jakarta.findByStatusIn(new PassStatus[] {status, PassStatus.SOLD}))
        .isEqualTo(passes.byStatus().in(status, PassStatus.SOLD).list());

    // case-insensitive email
    String email = EMAILS[random.nextInt(EMAILS.length)].toUpperCase(java.util.Locale.ROOT);
    assertThat(jakarta.findByEmailIgnoreCase(email))
        .isEqualTo(passes.byEmail().equalTo(email).list());
    assertThat(jakarta.findByEmailStartsWith("ADA")).isEqualTo(passes.byEmail().startsWith("ADA").list());

    // primary key: In, ranges with a limit, cursor pages
    Query<Pass> byIds = passes.byId().in(ids);
    assertThat(jakarta.countByIdIn(ids)).isEqualTo(byIds.count());
    assertThat(jakarta.findByIdIn(new ArrayList<>(ids))).isEqualTo(byIds.list());
    assertThat(jakarta.findByIdIn(ids.stream().mapToLong(Long::longValue).toArray()))
        .containsExactlyElementsOf(byIds.list());
    assertThat(jakarta.existsByIdIn(ids)).isEqualTo(byIds.exists());
    assertThat(jakarta.findByIdBetween(from, from + 40, Limit.range(2, 5)))
        .isEqualTo(passes.byId().between(from, from + 40).list().stream().skip(1).limit(4).toList());
    assertThat(jakarta.findById(from)).isEqualTo(passes.findById(from));
  }

  /** Every pass of {@code venue}, page after page of a CursoredPage. */
  private static List<Pass> walk(Passes jakarta, long venue) {
    List<Pass> walked = new ArrayList<>();
    Order<Pass> order = Order.by(Sort.asc("startsAt"));
    CursoredPage<Pass> page = jakarta.pagesAt(venue, PageRequest.ofSize(4), order);
    walked.addAll(page.content());
    while (page.hasNext()) {
      page = jakarta.pagesAt(venue, page.nextPageRequest(), order);
      walked.addAll(page.content());
    }
    return walked;
  }
}
