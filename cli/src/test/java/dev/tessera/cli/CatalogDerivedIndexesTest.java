package dev.tessera.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.internal.catalog.SchemaCatalog;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * The command line on an entity with every kind of index a repository maintains (unique
 * composite, enum by declaration order, spatial, multi-value, case-insensitive, and one over a
 * field added later with a default) whose records were stored with two shapes: {@code dump}
 * writes the newest shape, {@code load} writes exactly the bytes the generated repository writes
 * for the same records, {@code verify} checks and repairs every index. The commands run in this
 * JVM, as the jar runs them.
 */
class CatalogDerivedIndexesTest {
  private Path dir;

  @BeforeTry
  void createDirectory() throws IOException {
    dir = Files.createTempDirectory("catalog-indexes");
  }

  @AfterTry
  void deleteDirectory() throws IOException {
    DumpLoadRoundTripTest.delete(dir);
  }

  @Property(tries = 12, seed = "3434")
  void anEvolvedStoreDumpsInTheNewestShapeAndLoadsIntoTheRepositorysBytes(
      @ForAll("tickets") List<Ticket> tickets, @ForAll("splits") int split) throws Exception {
    int first = Math.min(split, tickets.size());
    List<TicketV1> old = tickets.subList(0, first).stream().map(CatalogDerivedIndexesTest::v1).toList();
    List<Ticket> evolved = new ArrayList<>(old.stream().map(TicketV1::evolved).toList());
    evolved.addAll(tickets.subList(first, tickets.size()));
    Path original = dir.resolve("original");
    try (LmdbKvStore kv = LmdbKvStore.open(original, noSync())) {
      TicketV1.store(kv, old);
      TicketRepository repository = ready(new TicketRepository(kv));
      repository.insertAll(tickets.subList(first, tickets.size()));
    }
    Path reference = dir.resolve("reference");
    try (LmdbKvStore kv = LmdbKvStore.open(reference, noSync())) {
      TicketV1.store(kv, List.of()); // the same catalog history, so the same ids and shape numbers
      ready(new TicketRepository(kv)).insertAll(evolved);
    }
    Path loaded = dir.resolve("loaded");
    try (LmdbKvStore kv = LmdbKvStore.open(loaded, noSync())) {
      TicketV1.store(kv, List.of());
      ready(new TicketRepository(kv));
    }

    String dump = run("dump", original.toString(), "ticket");
    Path file = Files.writeString(dir.resolve("tickets.jsonl"), dump, StandardCharsets.UTF_8);
    assertThat(run("load", loaded.toString(), "ticket", file.toString()))
        .isEqualTo("loaded " + tickets.size() + " records\n");

    assertThat(dump).doesNotContain("\"mail\"");
    assertThat(dump.lines()).hasSize(tickets.size()).allMatch(line -> line.contains("\"currency\""));
    assertThat(run("dump", loaded.toString(), "ticket")).isEqualTo(dump);
    assertThat(run("dump", reference.toString(), "ticket")).isEqualTo(dump);
    assertThat(LoadCommandIT.userEntries(loaded)).isEqualTo(LoadCommandIT.userEntries(reference));
    for (Path store : List.of(original, loaded)) {
      String verified = run("verify", store.toString(), "--progress", "none");
      assertThat(verified).doesNotContain("skipped").endsWith("result: no problems left\n")
          .contains("ticket.eventIdAndSeat: clean", "ticket.email: clean", "ticket.status: clean",
              "ticket.tags: clean", "ticket.xY: clean", "ticket.currency: clean");
    }
    try (LmdbKvStore kv = LmdbKvStore.open(loaded, noSync())) {
      TicketRepository repository = new TicketRepository(kv);
      assertThat(repository.count()).isEqualTo(tickets.size());
      assertThat(repository.findAll().toList()).containsExactlyInAnyOrderElementsOf(evolved);
    }
  }

  @Property(tries = 1, seed = "77")
  void verifyFindsAndRepairsTheEntriesOfEnumSpatialAndEvolvedIndexes(
      @ForAll("tickets") List<Ticket> tickets) throws Exception {
    Path store = evolvedStore(tickets);
    List<String> before = LoadCommandIT.userEntries(store);
    try (LmdbKvStore kv = LmdbKvStore.open(store, noSync())) {
      for (String index : List.of("status", "xY", "currency", "email")) {
        Tuple prefix = Tuple.of(StoreCatalog.of(kv).subspaceId("ticket_by_" + index).orElseThrow());
        try (KvIterator entries = kv.list(ListSelector.of(TupleRange.prefix(prefix)).limit(1))) {
          kv.atomic().delete(entries.next().key()).commit();
        }
      }
    }

    String found = runExpecting(1, "verify", store.toString(), "--progress", "none");
    for (String index : List.of("status", "xY", "currency", "email")) {
      assertThat(found).contains("ticket." + index + ": 1 missing, 0 dangling, 0 unique violations");
    }
    assertThat(found).endsWith("result: 4 problems left\n");
    String repaired = run("verify", store.toString(), "--repair", "--progress", "none");
    assertThat(repaired).endsWith("result: no problems left\n");
    assertThat(LoadCommandIT.userEntries(store)).isEqualTo(before);
  }

  @Property(tries = 1, seed = "78")
  void withoutTheRecordedDefaultsTheToolsRefuseNamingEntityIndexAndField(
      @ForAll("tickets") List<Ticket> tickets) throws Exception {
    Path store = evolvedStore(tickets);
    try (LmdbKvStore kv = LmdbKvStore.open(store, noSync())) {
      // As a store last opened by a Tessera version that did not record defaults and former names.
      long schema = StoreCatalog.of(kv).records("ticket").latest().id();
      kv.atomic().delete(SchemaCatalog.evolutionKey("ticket", schema)).commit();
    }
    List<String> before = LoadCommandIT.userEntries(store);

    String verified = runExpecting(0, "verify", store.toString(), "--progress", "none");
    assertThat(verified)
        .contains("skipped ticket.currency: field 'currency': records of 'ticket' stored with shape")
        .contains("skipped ticket.email: field 'email': records of 'ticket' stored with shape")
        .contains("ticket.status: clean", "ticket.xY: clean");
    String dump = runExpecting(1, "dump", store.toString(), "ticket");
    assertThat(dump).isEmpty();
    Path file = Files.writeString(dir.resolve("one.jsonl"), "{}\n", StandardCharsets.UTF_8);
    runExpecting(1, "load", store.toString(), "ticket", file.toString());
    runExpecting(0, "verify", store.toString(), "--repair", "--progress", "none");
    assertThat(LoadCommandIT.userEntries(store)).isEqualTo(before);
  }

  @Property(tries = 1, seed = "79")
  void loadRefusesAnEnumNameTheCatalogDoesNotListNamingTheField(
      @ForAll("tickets") List<Ticket> tickets) throws Exception {
    Path store = dir.resolve("store");
    try (LmdbKvStore kv = LmdbKvStore.open(store, noSync())) {
      ready(new TicketRepository(kv));
    }
    List<String> before = LoadCommandIT.userEntries(store);
    Path file = Files.writeString(dir.resolve("bad.jsonl"), "{\"id\":1,\"eventId\":\"e\",\"seat\":1,"
        + "\"email\":\"a@x\",\"status\":\"REFUNDED\",\"tags\":[],\"x\":0.0,\"y\":0.0,"
        + "\"currency\":\"EUR\"}\n", StandardCharsets.UTF_8);

    StringWriter err = new StringWriter();
    int code = Tessera.commandLine(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true))
        .execute("load", store.toString(), "ticket", file.toString());

    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).isEqualTo("tessera load: line 1: field 'status' of ticket holds"
        + " 'REFUNDED', which is not one of the constants the catalog records for it, in"
        + " declaration order: [RESERVED, SOLD, CANCELLED]\n");
    assertThat(LoadCommandIT.userEntries(store)).isEqualTo(before);
  }

  /** A store of {@code tickets} stored by the first version, then opened by the evolved one. */
  private Path evolvedStore(List<Ticket> tickets) throws InterruptedException {
    Path store = dir.resolve("store");
    try (LmdbKvStore kv = LmdbKvStore.open(store, noSync())) {
      TicketV1.store(kv, tickets.stream().map(CatalogDerivedIndexesTest::v1).toList());
      ready(new TicketRepository(kv));
    }
    return store;
  }

  private static TicketRepository ready(TicketRepository repository) throws InterruptedException {
    assertThat(repository.indexAdmin().awaitIndexes(Duration.ofMinutes(2)))
        .as("indexes built").isTrue();
    return repository;
  }

  private static TicketV1 v1(Ticket t) {
    return new TicketV1(t.id(), t.eventId(), t.seat(), t.email(), t.status(), t.tags(), t.x(), t.y());
  }

  private static LmdbOptions noSync() {
    return LmdbOptions.builder().durability(Durability.NO_SYNC).build();
  }

  static String run(String... args) {
    return runExpecting(0, args);
  }

  static String runExpecting(int exitCode, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Tessera.commandLine(new PrintWriter(out, true), new PrintWriter(err, true))
        .execute(args);
    assertThat(code).as(String.join(" ", args) + ": " + err + out).isEqualTo(exitCode);
    if (exitCode == 0) {
      assertThat(err.toString()).isEmpty();
    }
    return out.toString();
  }

  @Provide
  Arbitrary<Integer> splits() {
    return Arbitraries.integers().between(0, 12);
  }

  @Provide
  Arbitrary<List<Ticket>> tickets() {
    Arbitrary<Double> coordinates = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, Arbitraries.doubles().between(-1e6, 1e6)),
        net.jqwik.api.Tuple.of(1, Arbitraries.of(-0.0, 0.0, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MAX_VALUE, -Double.MIN_VALUE)));
    Arbitrary<String> text = Arbitraries.strings().withChars("aAßİı\u0000é@x.").ofMaxLength(5);
    Arbitrary<Ticket> ticket = Combinators.combine(
            Arbitraries.longs().between(-1_000_000, 1_000_000),
            Arbitraries.of("e01", "e05", "E05", "e\u00005"),
            Arbitraries.oneOf(Arbitraries.integers().between(-3, 40),
                Arbitraries.of(Integer.MIN_VALUE, Integer.MAX_VALUE)),
            text.injectNull(0.1),
            Arbitraries.of(TicketStatus.class).injectNull(0.1),
            text.list().ofMaxSize(4).injectNull(0.05),
            coordinates.tuple2(),
            Arbitraries.of("EUR", "USD", "", "eur").injectNull(0.1))
        .as((id, event, seat, email, status, tags, point, currency) -> new Ticket(
            id, event, seat, email, status, tags, point.get1(), point.get2(), currency));
    return ticket.list().ofMinSize(1).ofMaxSize(25)
        .uniqueElements(Ticket::id)
        .uniqueElements(t -> List.of(t.eventId(), t.seat()));
  }
}
