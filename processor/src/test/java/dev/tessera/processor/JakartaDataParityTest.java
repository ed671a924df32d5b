package dev.tessera.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tessera.processor.TesseraCompiler.generatedText;
import static dev.tessera.processor.TesseraCompiler.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every query the generated repository serves compiles on a Jakarta Data interface (a prefix of a
 * unique or non-unique composite index whatever its fields' types, elements of a multi-value
 * index, {@code In} on the primary key, a boxed key type over a primitive key), and the refusals
 * that remain name what is really missing.
 */
class JakartaDataParityTest {
  private static final JavaFileObject TICKET =
      source(
          "com.acme.Ticket",
          "package com.acme;",
          "import dev.tessera.annotations.*;",
          "import java.time.Instant;",
          "import java.util.List;",
          "@Entity",
          "@UniqueIndex(fields = {\"eventId\", \"seat\"})",
          "@UniqueIndex(name = \"byHolder\", fields = {\"holder\", \"row\"})",
          "@Index(fields = {\"venue\", \"startsAt\"})",
          "@Index(fields = {\"event\", \"label\"})",
          "public record Ticket(@PrimaryKey long id, String eventId, int seat, String holder,",
          "    String row, long venue, Instant startsAt, String event, String label,",
          "    @Index List<String> tags, Integer rank) {}");

  private static final String[] IMPORTS = {
    "package com.acme;",
    "import jakarta.data.*;",
    "import jakarta.data.page.*;",
    "import jakarta.data.repository.*;",
    "import java.time.Instant;",
    "import java.util.*;",
    "import java.util.stream.Stream;",
  };

  private final RecordingProcessor processor = new RecordingProcessor();

  private Compilation compile(String... body) {
    String[] lines = Stream.concat(Stream.of(IMPORTS), Stream.of(body)).toArray(String[]::new);
    return TesseraCompiler.jakartaDataCompiler()
        .withProcessors(processor)
        .compile(TICKET, source("com.acme.Tickets", lines));
  }

  @Test
  void everyGeneratedQueryStageHasAJakartaDataFormThatCompiles() {
    Compilation compilation =
        compile(
            "@Repository public interface Tickets extends BasicRepository<Ticket, Long> {",
            "  long countByEventId(String eventId);",
            "  @Find List<Ticket> ofEvent(@By(\"eventId\") String eventId);",
            "  boolean existsByEventId(String eventId);",
            "  List<Ticket> findByEventIdAndSeatGreaterThan(String eventId, int seat);",
            "  List<Ticket> findByVenue(long venue);",
            "  long countByVenue(Long venue);",
            "  List<Ticket> findByVenueAndStartsAtBetween(long venue, Instant from, Instant to);",
            "  List<Ticket> findByEvent(String event);",
            "  List<Ticket> findByTags(String tag);",
            "  List<Ticket> findByTagsContains(String tag);",
            "  @Find List<Ticket> tagged(@By(\"tags\") String tag);",
            "  List<Ticket> findByTagsIn(Set<String> tags);",
            "  long countByTagsIn(Collection<String> tags);",
            "  boolean existsByTagsContains(String tag);",
            "  long countByTags(String tag);",
            "  long countByIdIn(Set<Long> ids);",
            "  List<Ticket> findByIdIn(List<Long> ids);",
            "  boolean existsByIdIn(Collection<Long> ids);",
            "  List<Ticket> findByIdIn(long[] ids);",
            "  long deleteByIdIn(Long[] ids);",
            "  @Find Optional<Ticket> byKey(@By(By.ID) long id);",
            "  @Find CursoredPage<Ticket> pages(long venue, PageRequest request);",
            "  @Find CursoredPage<Ticket> byKeyPages(PageRequest request);",
            "}");
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generatedText(compilation, "com.acme.Tickets_");
    assertThat(generated)
        .contains("this.repository.byEventIdAndSeat().equalTo(eventId)")
        .contains("this.repository.byTags().equalTo(tag)")
        .contains("this.repository.byTags().in(tags)")
        .contains("this.repository.byId().in(ids)")
        .contains("this.repository.byId().in(JakartaDataAdapter.boxed(ids))")
        .contains("this.repository.byId().in(Arrays.asList(ids))")
        .contains(
            "new CursorKey(\"Tickets.pages\", List.of(\"startsAt\", \"id\"), List.of(Instant.class,"
                + " Long.class), false, values -> this.repository.byVenueAndStartsAt()"
                + ".equalTo(venue).equalTo((Instant) values.get(0))"
                + ".cursorAt(this.repository.byId().cursorAt((Long) values.get(1)))))");
  }

  @Test
  void primitiveAndBoxedParametersMeetTheirAttributes() {
    Compilation compilation =
        compile(
            "@Repository public interface Tickets extends CrudRepository<Ticket, Long> {",
            "  @Find List<Ticket> ranked(@By(\"rank\") int rank);",
            "  List<Ticket> findByEventIdAndSeat(String eventId, Integer seat);",
            "}");
    // rank has no index: the refusal is about the index, not the type
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("Tickets.ranked compares rank")
        .inFile(compilation.sourceFiles().get(1))
        .onLineContaining("ranked");
  }

  /** A refusal: {@code message} on the line containing {@code line}. */
  private record Case(String name, String message, String line, String... methods) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> refusals() {
    return Stream.of(
        new Case("prefixOfAUniqueIndexWhoseLaterFieldMayBeNull",
            ProcessorErrors.UNSERVED_QUERY + " Tickets.findByHolder compares holder, which neither"
                + " the primary key nor an index of Ticket serves (primary key id; indexes tags"
                + " (tags), eventIdAndSeat (eventId, seat), byHolder (holder, row), venueAndStartsAt"
                + " (venue, startsAt), eventAndLabel (event, label)): unique index byHolder (holder,"
                + " row) holds no record whose row is null, so it cannot return every record with"
                + " holder (declaring row primitive would let it). Tessera reads only through keys,"
                + " never by scanning records. Add @Index(fields = {\"holder\"}) to Ticket",
            "findByHolder",
            "  List<Ticket> findByHolder(String holder);"),
        new Case("rangeOnAMultiValueIndex",
            "multi-value index tags (tags) has one entry per element of tags: it serves an element"
                + " (Tags or TagsContains with one element, @By(\"tags\") with an element"
                + " parameter) or TagsIn with several, each record once; a greater than condition"
                + " would find a record once per matching element. Tessera reads only through"
                + " keys, never by scanning records",
            "findByTagsGreaterThan",
            "  List<Ticket> findByTagsGreaterThan(String tag);"),
        new Case("multiValueWithAnotherCondition",
            "tags holds several values: an index over it has one entry per element and cannot be"
                + " part of a composite index, so it serves a condition on tags alone",
            "findByTagsAndEvent",
            "  List<Ticket> findByTagsAndEvent(String tag, String event);"),
        new Case("collectionParameterForAnElementCondition",
            ProcessorErrors.CONDITION_TYPE + " parameter tags of Tickets.tagged is a"
                + " java.util.List<java.lang.String>, but attribute tags is a"
                + " java.util.List<java.lang.String>, whose index holds each element: declare the"
                + " parameter as java.lang.String (one element: the records holding it), or use"
                + " TagsIn with a Collection<java.lang.String> for any of several",
            "List<String> tags",
            "  @Find List<Ticket> tagged(@By(\"tags\") List<String> tags);"),
        new Case("containsOnText",
            ProcessorErrors.UNSUPPORTED_QUERY_KEYWORD + " Tickets.findByEventContains:"
                + " 'Contains' is refused: Contains on text: it needs a scan of every value",
            "findByEventContains",
            "  List<Ticket> findByEventContains(String part);"),
        new Case("nullOnAUniqueIndex",
            "index byHolder (holder, row) is unique, and a unique index holds no record"
                + " whose row is null: declare a non-unique @Index over it",
            "findByHolderAndRowNull",
            "  List<Ticket> findByHolderAndRowNull(String holder);"),
        new Case("keyInWithAWrongElementType",
            ProcessorErrors.CONDITION_TYPE + " parameter ids of Tickets.findByIdIn is a"
                + " java.util.Set<java.lang.Integer>, but attribute id is a long: declare the"
                + " parameter as long[], java.lang.Long[] or a Collection<java.lang.Long>",
            "Set<Integer> ids",
            "  List<Ticket> findByIdIn(Set<Integer> ids);"));
  }

  @ParameterizedTest
  @MethodSource("refusals")
  void refusalNamesWhatIsMissing(Case c) {
    String[] body = new String[c.methods().length + 2];
    body[0] = "@Repository public interface Tickets extends BasicRepository<Ticket, Long> {";
    System.arraycopy(c.methods(), 0, body, 1, c.methods().length);
    body[body.length - 1] = "}";
    Compilation compilation = compile(body);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(c.message())
        .inFile(compilation.sourceFiles().get(1))
        .onLineContaining(c.line());
    assertThat(processor.createdSources()).doesNotContain("com.acme.Tickets_");
    // never the advice to add an index that exists
    assertThat(compilation.errors())
        .allSatisfy(error -> assertThat(error.getMessage(null))
            .doesNotContain("Add @Index(fields = {\"tags\"})")
            .doesNotContain("Add @Index(fields = {\"holder\", \"row\"})"));
  }
}
