package dev.tessera.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.lmdb.LmdbKvStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

  /** A store the application opened once: its catalog exists, it holds no record. */
  static Path freshStore(String name) {
    Path store = dir.resolve(name);
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      new PersonRepository(kv);
    }
    return store;
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
    Path target = freshStore("refusals");
    assertThat(CommandRun.of("load", target.toString(), "person",
        file("first.jsonl", TesseraCommandIT.ADA)).exitCode()).isZero();
    String before = TesseraCommandIT.ADA + "\n";
    String input = file("bad.jsonl",
        DAN,
        // a unique e-mail Ada holds, a mistyped field, and a key earlier in the batch
        EVE.replace("eve@example.com", "ada@example.com"),
        DAN.replace("\"age\":41", "\"age\":\"old\"").replace("\"id\":4", "\"id\":6"),
        "",
        TesseraCommandIT.CLEO,
        // the second batch: two good lines, loaded
        EVE,
        TesseraCommandIT.BOB.replace("bob@example.com", "dan@example.com"));

    CommandRun load = CommandRun.of("load", target.toString(), "person", input,
        "--batch", "4");

    assertThat(load.exitCode()).as(load.toString()).isEqualTo(1);
    assertThat(load.err()).isEqualTo(
        "tessera load: line 2: unique index email: (\"ada@example.com\") is taken by stored"
            + " record (1)\n"
            + "tessera load: line 3: field 'age' expected int, found \"old\"\n");
    assertThat(load.out()).isEqualTo("loaded 2 records; refused 2 lines, 1 batch not loaded\n");
    // Dan (line 1) and Cleo (line 5) shared the refused batch: neither was written.
    String after = dump(target);
    assertThat(after).startsWith(before).doesNotContain("\"Dan\"", "\"Cleo\"")
        .contains("\"Eve\"", "dan@example.com");

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
    assertThat(dump(target)).isEqualTo(after);
  }

  @Test
  void dryRunChecksEverythingAndWritesNothing() throws IOException {
    Path target = freshStore("dryrun");
    String input = file("dry.jsonl", TesseraCommandIT.ADA, DAN);

    CommandRun dry = CommandRun.of("load", target.toString(), "person", input, "--dry-run");

    assertThat(dry.exitCode()).as(dry.toString()).isZero();
    assertThat(dry.out()).isEqualTo("checked 2 records (dry run, nothing written)\n");
    assertThat(dump(target)).isEmpty();
    assertThat(CommandRun.of("keys", target.toString(), "--prefix", "(\"person_by_age\")").out())
        .isEmpty();
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
