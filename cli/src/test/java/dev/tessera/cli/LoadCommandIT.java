package dev.tessera.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.TupleRange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@code tessera load} as a user does, against stores written by generated repositories. */
class LoadCommandIT {
  static final String DAN = "{\"id\":4,\"name\":\"Dan\",\"email\":\"dan@example.com\",\"age\":41,"
      + "\"tags\":[],\"joined\":\"2024-05-06T07:08:09Z\",\"address\":null,\"nickname\":null}";
  static final String EVE = "{\"id\":5,\"name\":\"Eve\",\"email\":\"eve@example.com\",\"age\":41,"
      + "\"tags\":[\"y\"],\"joined\":\"2024-05-06T07:08:10Z\",\"address\":{\"city\":\"Oslo\","
      + "\"zip\":\"0150\"},\"nickname\":\"E\"}";

  @TempDir static Path dir;
  static Path source;

  @BeforeAll
  static void writeSource() {
    source = dir.resolve("source");
    DemoStore.write(source);
  }

  /** A store the application opened once (its catalog exists), holding {@code people}. */
  static Path freshStore(String name, Person... people) {
    Path store = dir.resolve(name);
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      PersonRepository repository = new PersonRepository(kv);
      for (Person person : people) {
        repository.insert(person);
      }
    }
    return store;
  }

  /** Every entry of the store (records, index entries, counts, catalog) with its versionstamp. */
  static List<String> contents(Path store) {
    List<String> entries = new ArrayList<>();
    TupleRange everything = TupleRange.ofPacked(new byte[0], new byte[] {(byte) 0xff});
    try (LmdbKvStore kv = LmdbKvStore.open(store);
        KvIterator all = kv.list(ListSelector.of(everything))) {
      while (all.hasNext()) {
        KvEntry entry = all.next();
        entries.add(entry.key() + " @" + entry.versionstamp() + " -> "
            + HexFormat.of().formatHex(entry.value()));
      }
    }
    return entries;
  }

  static String file(String name, String... lines) throws IOException {
    return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n",
        StandardCharsets.UTF_8).toString();
  }

  static String dump(Path store) {
    CommandRun run = CommandRun.of("dump", store.toString(), "person");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    return run.out();
  }

  @Test
  void dumpThenLoadIntoAFreshStoreGivesTheSameRecordsAndIndexes() throws IOException {
    String original = dump(source);
    Path dumped = Files.writeString(dir.resolve("people.jsonl"), original);
    Path target = freshStore("roundtrip");

    CommandRun load = CommandRun.of("load", target.toString(), "person", dumped.toString());

    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.out()).isEqualTo("loaded 3 records\n");
    assertThat(load.err()).isEmpty();
    assertThat(dump(target)).isEqualTo(original);
    CommandRun verify = CommandRun.of("verify", target.toString(), "--progress", "none");
    assertThat(verify.exitCode()).as(verify.toString()).isZero();
    assertThat(verify.out()).contains("person.age: clean", "person.email: clean");
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      PersonRepository people = new PersonRepository(kv);
      assertThat(people.findByEmail("bob@example.com")).contains(DemoStore.people().get(1));
      assertThat(people.findByAge(36)).containsExactly(
          DemoStore.people().get(0), DemoStore.people().get(1));
      assertThat(people.count()).isEqualTo(3);
    }
  }

  @Test
  void refusedLinesAreReportedAndTheirBatchWritesNothing() throws IOException {
    Person ada = DemoStore.people().get(0);
    Path target = freshStore("refusals", ada);
    String input = file("bad.jsonl",
        DAN,
        // a unique e-mail Ada holds, a mistyped field
        EVE.replace("eve@example.com", "ada@example.com"),
        DAN.replace("\"age\":41", "\"age\":\"old\"").replace("\"id\":4", "\"id\":6"),
        "",
        TesseraCommandIT.CLEO,
        // the second batch: two good lines, loaded
        EVE,
        TesseraCommandIT.BOB.replace("bob@example.com", "dan@example.com"));

    CommandRun load = CommandRun.of("load", target.toString(), "person", input, "--batch", "4");

    assertThat(load.exitCode()).as(load.toString()).isEqualTo(1);
    assertThat(load.err()).isEqualTo(
        "tessera load: line 2: unique index email: (\"ada@example.com\") is taken by stored"
            + " record (1)\n"
            + "tessera load: line 3: field 'age' expected int, found \"old\"\n");
    assertThat(load.out()).isEqualTo("loaded 2 records; refused 2 lines, 1 batch not loaded\n");
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      PersonRepository people = new PersonRepository(kv);
      // Dan (line 1) and Cleo (line 5) shared the refused batch: neither was written.
      assertThat(people.findById(4L)).isEmpty();
      assertThat(people.findById(3L)).isEmpty();
      assertThat(people.findByEmail("eve@example.com")).map(Person::id).contains(5L);
      assertThat(people.findByEmail("dan@example.com")).map(Person::id).contains(2L);
      assertThat(people.count()).isEqualTo(3);
    }
    List<String> after = contents(target);

    CommandRun again = CommandRun.of("load", target.toString(), "person",
        file("again.jsonl", DAN, EVE, DAN.replace("\"id\":4", "\"id\":7"),
            DAN.replace("{", "{\"shoe\":44,")), "--batch", "4");

    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(again.err()).isEqualTo(
        "tessera load: line 1: unique index email: (\"dan@example.com\") is taken by stored"
            + " record (2)\n"
            + "tessera load: line 2: primary key (5) is taken by a stored record\n"
            + "tessera load: line 3: unique index email: (\"dan@example.com\") is taken by line 1\n"
            + "tessera load: line 4: field 'shoe' not a component of person (its components: id,"
            + " name, email, age, tags, joined, address, nickname)\n");
    assertThat(contents(target)).isEqualTo(after);
  }

  @Test
  void dryRunChecksEverythingAndWritesNothing() throws IOException {
    Path target = freshStore("dryrun");
    List<String> before = contents(target);

    CommandRun dry = CommandRun.of("load", target.toString(), "person",
        file("dry.jsonl", TesseraCommandIT.ADA, DAN), "--dry-run");

    assertThat(dry.exitCode()).as(dry.toString()).isZero();
    assertThat(dry.out()).isEqualTo("checked 2 records (dry run, nothing written)\n");
    assertThat(contents(target)).isEqualTo(before);
  }

  @Test
  void aMissingFileIsAUsageError() {
    CommandRun missingFile = CommandRun.of("load", source.toString(), "person",
        dir.resolve("none.jsonl").toString());
    assertThat(missingFile.exitCode()).isEqualTo(2);
    assertThat(missingFile.err()).isEqualTo("tessera load: no file "
        + dir.resolve("none.jsonl") + "\n");
  }

  @Test
  void signedZerosOffsetsAndAnyTextSurviveDumpAndLoadBitForBit() throws IOException {
    Path original = dir.resolve("measures");
    try (LmdbKvStore kv = LmdbKvStore.open(original)) {
      MeasureRepository measures = new MeasureRepository(kv);
      measures.insert(new Measure(1, -0.0, -0.0f, -0.0,
          OffsetDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_789, ZoneOffset.ofHoursMinutes(5, 45)),
          "Zo\u00eb \u2713 \u0000 \uD83D\uDE00 line\u2028break"));
      measures.insert(new Measure(2, 0.1, 0.1f, null,
          OffsetDateTime.of(1969, 12, 31, 23, 59, 59, 1, ZoneOffset.ofHours(-18)), ""));
      measures.insert(new Measure(3, Double.NaN, Float.NEGATIVE_INFINITY, Double.MIN_VALUE,
          OffsetDateTime.of(2000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC), "\""));
    }
    CommandRun dumped = CommandRun.of("dump", original.toString(), "measure");
    assertThat(dumped.exitCode()).as(dumped.toString()).isZero();
    Path file = Files.writeString(dir.resolve("measures.jsonl"), dumped.out());
    Path target = dir.resolve("measures-copy");
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      new MeasureRepository(kv);
    }

    CommandRun load = CommandRun.of("load", target.toString(), "measure", file.toString());

    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(CommandRun.of("dump", target.toString(), "measure").out()).isEqualTo(dumped.out());
    assertThat(userEntries(target)).isEqualTo(userEntries(original));
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      MeasureRepository measures = new MeasureRepository(kv);
      Measure first = measures.findById(1).orElseThrow();
      assertThat(Double.doubleToRawLongBits(first.value()))
          .isEqualTo(Double.doubleToRawLongBits(-0.0));
      assertThat(Float.floatToRawIntBits(first.ratio())).isEqualTo(Float.floatToRawIntBits(-0.0f));
      assertThat(Double.doubleToRawLongBits(first.reading()))
          .isEqualTo(Double.doubleToRawLongBits(-0.0));
      assertThat(first.at().getOffset()).isEqualTo(ZoneOffset.ofHoursMinutes(5, 45));
      assertThat(measures.byValue().equalTo(-0.0).list()).extracting(Measure::id).containsExactly(1);
    }
  }

  @Test
  void aMalformedLineIsOneLineNamingLineAndColumn() throws IOException {
    Path target = freshStore("malformed");
    List<String> before = contents(target);

    CommandRun load = CommandRun.of("load", target.toString(), "person",
        file("malformed.jsonl", DAN, "{\"id\":6,\"name\":}", "{id:7}", EVE + " x"));

    assertThat(load.exitCode()).as(load.toString()).isEqualTo(1);
    // The column is where the JSON parser stopped: the offending character ('}' at 16), or the one
    // after it when the parser had to read it to know (the 'i' of id at 2, the 'x' after EVE).
    assertThat(load.err()).isEqualTo(
        "tessera load: line 2: not JSON at column 16: expected value\n"
            + "tessera load: line 3: not JSON at column 3: malformed JSON\n"
            + "tessera load: line 4: not JSON at column " + (EVE.length() + 3)
            + ": malformed JSON\n");
    assertThat(contents(target)).isEqualTo(before);
  }

  @Test
  void anEnumIndexIsWrittenInTheDeclarationOrderTheCatalogRecords() throws IOException {
    Path target = dir.resolve("graded");
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      new GradedRepository(kv);
    }

    CommandRun load = CommandRun.of("load", target.toString(), "graded",
        file("graded.jsonl", "{\"id\":1,\"grade\":\"HIGH\"}", "{\"id\":2,\"grade\":\"LOW\"}",
            "{\"id\":3,\"grade\":null}"));

    assertThat(load.exitCode()).as(load.toString()).isZero();
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      GradedRepository graded = new GradedRepository(kv);
      assertThat(graded.byGrade().equalTo(Graded.Grade.HIGH).list()).extracting(Graded::id)
          .containsExactly(1);
      assertThat(graded.indexAdmin().verifyIndexes().clean()).isTrue();
    }
  }

  @Test
  void aMultiValueIndexIsWrittenAsTheRepositoryWritesIt() throws IOException {
    Path target = dir.resolve("tagged");
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      new TaggedRepository(kv);
    }

    CommandRun load = CommandRun.of("load", target.toString(), "tagged",
        file("tagged.jsonl", "{\"id\":1,\"tags\":[\"a\",\"b\",\"a\"]}",
            "{\"id\":2,\"tags\":[]}", "{\"id\":3,\"tags\":[\"b\"]}"));

    assertThat(load.exitCode()).as(load.toString()).isZero();
    try (LmdbKvStore kv = LmdbKvStore.open(target)) {
      TaggedRepository tagged = new TaggedRepository(kv);
      assertThat(tagged.byTags().equalTo("a").list()).extracting(Tagged::id).containsExactly(1);
      assertThat(tagged.byTags().equalTo("b").list()).extracting(Tagged::id).containsExactly(1, 3);
      assertThat(tagged.indexAdmin().verifyIndexes().clean()).isTrue();
    }
  }

  @Test
  void loadIntoADirectoryWithoutAStoreSaysHowToCreateOne() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));

    CommandRun load = CommandRun.of("load", empty.toString(), "person", file("one.jsonl", DAN));

    assertThat(load.exitCode()).isEqualTo(3);
    assertThat(load.err()).isEqualTo("tessera load: " + empty + " is not a Tessera store: it holds"
        + " no data.mdb; load writes into a store the application has opened once (its catalog"
        + " then holds the schema and indexes of 'person'): create it from the application with"
        + " try (var store = LmdbKvStore.open(Path.of(\"" + empty + "\"))) { new"
        + " PersonRepository(store); } (the entity's generated repository), then load again\n");
    try (Stream<Path> files = Files.list(empty)) {
      assertThat(files).isEmpty();
    }
  }

  /** The records and index entries of the store (catalog and counts left out), keys and values. */
  static List<String> userEntries(Path store) {
    List<String> entries = new ArrayList<>();
    TupleRange everything = TupleRange.ofPacked(new byte[0], new byte[] {(byte) 0xff});
    try (LmdbKvStore kv = LmdbKvStore.open(store);
        KvIterator all = kv.list(ListSelector.of(everything))) {
      while (all.hasNext()) {
        KvEntry entry = all.next();
        if (entry.key().get(0).equals(ReservedKeys.PREFIX)) {
          continue;
        }
        entries.add(HexFormat.of().formatHex(entry.key().pack()) + " -> "
            + HexFormat.of().formatHex(entry.value()));
      }
    }
    return entries;
  }
}
