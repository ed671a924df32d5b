package dev.tessera.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.TupleRange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
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
}
