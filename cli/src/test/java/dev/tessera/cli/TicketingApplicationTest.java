package dev.tessera.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.cli.ticketing.Event;
import dev.tessera.cli.ticketing.Events;
import dev.tessera.cli.ticketing.Events_;
import dev.tessera.cli.ticketing.Ticket;
import dev.tessera.cli.ticketing.TicketStatus;
import dev.tessera.cli.ticketing.Tickets;
import dev.tessera.cli.ticketing.Tickets_;
import dev.tessera.cli.ticketing.Venue;
import dev.tessera.cli.ticketing.Venues;
import dev.tessera.cli.ticketing.Venues_;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.etcd.EtcdKvStore;
import dev.tessera.kv.etcd.EtcdOptions;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.TransactionConflictException;
import dev.tessera.repository.Transactions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A first real application, end to end, as a new user writes it: an event-ticketing service whose
 * venues have a spatial index, events a composite {@code (venueId, startsAt)} index and a
 * multi-value {@code tags} index, and tickets a unique {@code (eventId, seat)} index, a
 * case-insensitive e-mail index and an enum status index; Jakarta Data repositories only, no casts;
 * eight threads buying seats in transactions that the repositories join without {@code in(tx)}.
 * It runs on LMDB and on a real etcd cluster and must give the same answers on both, each equal to
 * a scan of every record; then its LMDB store goes through the {@code tessera} command line (dump,
 * load into a new store, verify both) and the loaded store gives the same answers again.
 */
@ExtendWith(EtcdClusterExtension.class)
class TicketingApplicationTest {
  private static final String[] ENTITIES = {"venue", "event", "seat_ticket"};
  private static final List<String> TAGS = List.of("jazz", "rock", "family", "outdoor", "late");
  private static final int BUYERS = 8;
  /** How long the buyers may take to sell every seat on a loaded machine before the test gives up. */
  private static final Duration SALE_DEADLINE = Duration.ofMinutes(3);

  @TempDir Path directory;

  @Test
  void theSameAnswersOnLmdbOnEtcdAndAfterTheCommandLineDumpsLoadsAndVerifiesTheStore(EtcdCluster cluster)
      throws Exception {
    Path original = directory.resolve("lmdb");
    Map<String, String> lmdbAnswers;
    try (KvStore store = LmdbKvStore.open(original, noSync())) {
      lmdbAnswers = new Application(store).stockAndSell();
    }
    Map<String, String> etcdAnswers;
    try (KvStore store = EtcdKvStore.connect(EtcdOptions.builder(cluster.endpoints())
        .keyPrefix("ticketing-" + UUID.randomUUID() + "/")
        .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30)).build())) {
      etcdAnswers = new Application(store).stockAndSell();
    }
    assertThat(etcdAnswers).isEqualTo(lmdbAnswers);

    Path copy = directory.resolve("loaded");
    try (KvStore store = LmdbKvStore.open(copy, noSync())) {
      new Application(store); // the application opens its repositories: the catalog knows the entities
    }
    for (String entity : ENTITIES) {
      String dump = cli("dump", original.toString(), entity);
      Path file = directory.resolve(entity + ".jsonl");
      Files.writeString(file, dump, StandardCharsets.UTF_8);
      long lines = dump.lines().count();
      assertThat(cli("load", copy.toString(), entity, file.toString()))
          .isEqualTo("loaded " + lines + " records\n");
      assertThat(cli("dump", copy.toString(), entity)).as("%s dumped again", entity).isEqualTo(dump);
    }
    for (Path store : List.of(original, copy)) {
      String verify = cli("verify", store.toString(), "--progress", "none");
      assertThat(verify).as("verify %s", store).endsWith("result: no problems left\n")
          .doesNotContain("skipped");
    }
    try (KvStore store = LmdbKvStore.open(copy, noSync())) {
      Application loaded = new Application(store);
      assertThat(loaded.answers()).isEqualTo(lmdbAnswers);
    }
  }

  private static LmdbOptions noSync() {
    return LmdbOptions.builder().durability(Durability.NO_SYNC).build();
  }

  private static String cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Tessera.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
    assertThat(code).as("tessera %s: %s", String.join(" ", args), err).isZero();
    assertThat(err.toString()).as("tessera %s printed to stderr", String.join(" ", args)).isEmpty();
    return out.toString();
  }

  /** What one attempt to buy a seat did. */
  private enum Purchase { SOLD_OUT, TAKEN, BOUGHT }

  /** The application: its repositories on one store, its data, its sale and the answers it gives. */
  private static final class Application {
    private final KvStore store;
    private final Venues venues;
    private final Events events;
    private final Tickets tickets;

    Application(KvStore store) {
      this.store = store;
      this.venues = new Venues_(store);
      this.events = new Events_(store);
      this.tickets = new Tickets_(store);
    }

    /** Stores the venues and events (the same on every store), sells every seat, returns the answers. */
    Map<String, String> stockAndSell() throws Exception {
      Random random = new Random(20261128L);
      List<Venue> stocked = new ArrayList<>();
      for (int v = 0; v < 6; v++) {
        stocked.add(new Venue("v" + v, "Hall " + v, v % 2 == 0 ? "Lyon" : "Graz",
            random.nextInt(2001) - 1000, random.nextInt(2001) - 1000));
      }
      venues.insertAll(stocked);
      Instant start = Instant.parse("2027-01-01T19:00:00Z");
      List<Event> program = new ArrayList<>();
      for (int e = 0; e < 30; e++) {
        List<String> tags = new ArrayList<>();
        for (String tag : TAGS) {
          if (random.nextInt(3) == 0) {
            tags.add(tag);
          }
        }
        program.add(new Event(String.format(Locale.ROOT, "e%02d", e), "v" + random.nextInt(6),
            start.plus(Duration.ofHours(random.nextInt(24 * 60))), "Show " + e, tags,
            new BigDecimal(random.nextInt(10_000)).movePointLeft(2), e == 0 ? 50 : 1 + random.nextInt(4)));
      }
      events.insertAll(program);
      for (Event event : List.of(program.get(0), program.get(1), program.get(2))) {
        sellOut(event.id());
      }
      return answers();
    }

    /** Eight buyers buy seats of {@code eventId} in transactions until none is left. */
    private void sellOut(String eventId) throws Exception {
      ExecutorService buyers = Executors.newFixedThreadPool(BUYERS);
      CountDownLatch ready = new CountDownLatch(BUYERS);
      long deadline = System.nanoTime() + SALE_DEADLINE.toNanos();
      try {
        List<Future<Integer>> bought = new ArrayList<>();
        for (int b = 0; b < BUYERS; b++) {
          String buyer = "Buyer" + b + "@Example.com";
          Random random = new Random(b);
          bought.add(buyers.submit(() -> {
            ready.countDown();
            ready.await();
            int seats = 0;
            while (true) {
              if (System.nanoTime() > deadline) {
                throw new AssertionError("the event " + eventId + " was not sold out within " + SALE_DEADLINE);
              }
              Purchase purchase;
              try {
                purchase = Transactions.run(store, tx -> buyOne(eventId, buyer, random));
              } catch (TransactionConflictException lostEveryAttempt) {
                continue; // every attempt met another buyer: try again, as a user's client would
              }
              if (purchase == Purchase.SOLD_OUT) {
                return seats;
              }
              if (purchase == Purchase.BOUGHT) {
                seats++;
              }
            }
          }));
        }
        int total = 0;
        for (Future<Integer> future : bought) {
          total += future.get(SALE_DEADLINE.toSeconds() + 60, TimeUnit.SECONDS);
        }
        Event event = events.findById(eventId).orElseThrow();
        assertThat(total).as("seats the buyers were told they bought, of event %s", eventId)
            .isEqualTo(event.seats());
      } finally {
        buyers.shutdownNow();
        assertThat(buyers.awaitTermination(1, TimeUnit.MINUTES)).as("the buyers stopped").isTrue();
      }
    }

    /**
     * One purchase of a random seat, in the thread's transaction: SOLD_OUT, TAKEN (the seat was
     * sold: the buyer tries another) or BOUGHT. It reads a count, the event and one seat, so its
     * commit stays within etcd's default limit of 128 compares however many seats are sold.
     */
    private Purchase buyOne(String eventId, String buyer, Random random) {
      Event event = events.findById(eventId).orElseThrow();
      if (tickets.countByEventId(eventId) >= event.seats()) {
        return Purchase.SOLD_OUT;
      }
      int seat = 1 + random.nextInt(event.seats());
      if (tickets.findByEventIdAndSeat(eventId, seat).isPresent()) {
        return Purchase.TAKEN;
      }
      tickets.insert(new Ticket(null, eventId, seat, buyer, TicketStatus.SOLD));
      return Purchase.BOUGHT;
    }

    /**
     * What the application asks of its store, each answer checked against a scan of every record:
     * the same on every store whichever buyer got which seat.
     */
    Map<String, String> answers() {
      List<Venue> allVenues = venues.findAll().toList();
      List<Event> allEvents = events.findAll().sorted(Comparator.comparing(Event::id)).toList();
      List<Ticket> allTickets = tickets.findAll().toList();
      Map<String, String> answers = new TreeMap<>();
      for (String city : List.of("Lyon", "Graz", "Oslo")) {
        List<String> found = ids(venues.findByCity(city), Venue::id);
        assertThat(found).isEqualTo(ids(allVenues.stream().filter(v -> v.city().equals(city)).toList(), Venue::id));
        answers.put("venues in " + city, found.toString());
      }
      Comparator<Event> indexOrder = Comparator.comparing(Event::startsAt).thenComparing(Event::id);
      for (Venue venue : allVenues) {
        List<Event> expected = allEvents.stream().filter(e -> e.venueId().equals(venue.id()))
            .sorted(indexOrder).toList();
        assertThat(events.findByVenueId(venue.id())).as("events at %s", venue.id()).isEqualTo(expected);
        Instant from = Instant.parse("2027-01-15T00:00:00Z");
        Instant to = Instant.parse("2027-02-15T00:00:00Z");
        List<Event> inRange = expected.stream()
            .filter(e -> !e.startsAt().isBefore(from) && !e.startsAt().isAfter(to)).toList();
        assertThat(events.findByVenueIdAndStartsAtBetween(venue.id(), from, to))
            .as("events at %s from %s to %s", venue.id(), from, to).isEqualTo(inRange);
        answers.put("events at " + venue.id(), ids(expected, Event::id).toString());
      }
      for (String tag : TAGS) {
        List<String> expected = ids(allEvents.stream().filter(e -> e.tags().contains(tag)).toList(), Event::id);
        assertThat(ids(events.findByTagsContains(tag), Event::id)).as("events tagged %s", tag).isEqualTo(expected);
        assertThat(ids(events.tagged(tag), Event::id)).as("@Find events tagged %s", tag).isEqualTo(expected);
        assertThat(events.countByTagsContains(tag)).as("count of events tagged %s", tag).isEqualTo(expected.size());
        answers.put("tagged " + tag, expected.toString());
      }
      for (Event event : allEvents) {
        List<Integer> seats = allTickets.stream().filter(t -> t.eventId().equals(event.id()))
            .map(Ticket::seat).sorted().toList();
        assertThat(tickets.countByEventId(event.id())).as("tickets of %s", event.id()).isEqualTo(seats.size());
        assertThat(tickets.ofEvent(event.id()).stream().map(Ticket::seat).sorted().toList()).isEqualTo(seats);
        for (int seat : seats) {
          assertThat(tickets.findByEventIdAndSeat(event.id(), seat)).as("seat %s of %s", seat, event.id())
              .isPresent();
        }
        answers.put("seats sold of " + event.id(), seats.toString());
      }
      for (int b = 0; b < BUYERS; b++) {
        String buyer = "buyer" + b + "@example.com";
        List<String> expected = ids(allTickets.stream().filter(t -> t.email().equalsIgnoreCase(buyer)).toList(),
            Ticket::id);
        assertThat(ids(tickets.findByEmail(buyer.toUpperCase(Locale.ROOT)), Ticket::id))
            .as("tickets of %s", buyer).isEqualTo(expected);
      }
      for (TicketStatus status : TicketStatus.values()) {
        long expected = allTickets.stream().filter(t -> t.status() == status).count();
        assertThat(tickets.countByStatus(status)).as("tickets %s", status).isEqualTo(expected);
        answers.put("tickets " + status, Long.toString(expected));
      }
      answers.put("events", Integer.toString(allEvents.size()));
      return answers;
    }

    private static <T> List<String> ids(List<T> found, java.util.function.Function<T, String> id) {
      return found.stream().map(id).sorted().toList();
    }
  }
}
