package dev.tessera.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.Transactions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.channels.FileChannel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.jar.JarFile;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lmdbjava.Dbi;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.Txn;

/** Runs the built {@code tessera} jar against stores written by generated repositories. */
class TesseraCommandIT {
  static final String ADA = "{\"id\":1,\"name\":\"Ada\",\"email\":\"ada@example.com\",\"age\":36,"
      + "\"tags\":[\"math\",\"poetry\"],\"joined\":\"2024-01-02T03:04:05Z\","
      + "\"address\":{\"city\":\"London\",\"zip\":\"N1\"},\"nickname\":\"Countess\"}";
  static final String BOB = "{\"id\":2,\"name\":\"Bob \\\"the\\\" Builder, Jr.\","
      + "\"email\":\"bob@example.com\",\"age\":36,\"tags\":[],\"joined\":\"2024-02-03T04:05:06.500Z\","
      + "\"address\":null,\"nickname\":null}";
  static final String CLEO = "{\"id\":3,\"name\":\"Cleo\",\"email\":\"cleo@example.com\",\"age\":29,"
      + "\"tags\":[\"x\"],\"joined\":\"2024-03-04T05:06:07Z\","
      + "\"address\":{\"city\":\"Paris\",\"zip\":\"75001\"},\"nickname\":null}";

  @TempDir static Path dir;
  static Path store;

  @BeforeAll
  static void writeStore() {
    store = dir.resolve("store");
    DemoStore.write(store);
  }

  static List<Person> people() {
    return DemoStore.people();
  }

  @Test
  void helpListsTheCommandsAndExitCodes() {
    CommandRun run = CommandRun.of("--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("info ", "keys ", "get ", "dump ", "load ", "verify ", "backup ", "stats ")
        .contains("Exit codes:", "0   Success.", "3   Not a Tessera store");
    CommandRun launcher = CommandRun.run(List.of(System.getProperty("tessera.cli.launcher"), "--version"));
    assertThat(launcher.exitCode()).as(launcher.toString()).isZero();
    assertThat(launcher.out()).startsWith("tessera ");
    CommandRun keysHelp = CommandRun.of("keys", "--help");
    assertThat(keysHelp.exitCode()).isZero();
    assertThat(keysHelp.out()).contains("--prefix=TUPLE", "--reverse", "Exit codes:");
  }

  @Test
  void badArgumentsGiveOneLineAndExitCode2() {
    CommandRun missing = CommandRun.of("keys");
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.out()).isEmpty();
    assertThat(missing.err()).isEqualTo(
        "tessera keys: Missing required parameter: 'DIR' (see 'tessera keys --help')\n");

    CommandRun unknownOption = CommandRun.of("info", store.toString(), "--colour");
    assertThat(unknownOption.exitCode()).isEqualTo(2);
    assertThat(unknownOption.err().lines()).hasSize(1);
    assertThat(unknownOption.err()).contains("Unknown option: '--colour'");

    CommandRun badTuple = CommandRun.of("keys", store.toString(), "--prefix", "(person)");
    assertThat(badTuple.exitCode()).isEqualTo(2);
    assertThat(badTuple.err()).isEqualTo("tessera keys: Invalid tuple '(person)' at position 1:"
        + " 'person' is not a part: expected a quoted string, a number, true, false, null,"
        + " b\"..\", UUID(..), Versionstamp(..) or a nested tuple\n");

    CommandRun unknownEntity = CommandRun.of("dump", store.toString(), "persons");
    assertThat(unknownEntity.exitCode()).isEqualTo(2);
    assertThat(unknownEntity.err()).isEqualTo(
        "tessera dump: The store has no entity 'persons'; its entities are item, person\n");

    CommandRun noCommand = CommandRun.of();
    assertThat(noCommand.exitCode()).isEqualTo(2);
    assertThat(noCommand.err().lines()).hasSize(1);
  }

  @Test
  void refusesWhatIsNotAStoreWithExitCode3AndCreatesNothing() throws Exception {
    Path missing = dir.resolve("missing");
    CommandRun run = CommandRun.of("info", missing.toString());
    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.err()).isEqualTo("tessera info: " + missing + " is not a Tessera store: it does not exist\n");
    assertThat(missing).doesNotExist();

    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(other.resolve("data.mdb"), "not lmdb at all, just text long enough");
    CommandRun notLmdb = CommandRun.of("keys", other.toString());
    assertThat(notLmdb.exitCode()).isEqualTo(3);
    assertThat(notLmdb.err()).isEqualTo(
        "tessera keys: " + other + " is not a Tessera store: data.mdb is not an LMDB database\n");

    Path newer = dir.resolve("newer");
    try (LmdbKvStore kv = LmdbKvStore.open(newer)) {
      kv.atomic().set(Tuple.of("k"), new byte[0]).commit();
    }
    writeFormatVersion(newer, 99);
    CommandRun tooNew = CommandRun.of("info", newer.toString());
    assertThat(tooNew.exitCode()).isEqualTo(3);
    assertThat(tooNew.err()).contains("has format version 99", "open it with a newer Tessera");
  }

  @Test
  void infoShowsEntitiesSchemasIndexesAndStoreFigures() {
    CommandRun run = CommandRun.of("info", store.toString());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    String lastStamp = lastVersionstamp();
    assertThat(run.out())
        .contains("store        " + store.toAbsolutePath())
        .contains("last commit  " + lastStamp + "\n")
        .containsPattern("readers      \\d+ in use of 1024\n")
        .containsPattern("map          [0-9,]+ bytes, [0-9,]+ used \\([0-9.]+%\\)\n")
        .containsPattern("\nentity item \\(subspace \\d+\\): 2 records\n")
        .containsPattern("  schema 1 [0-9a-f]{16} item\\(sku:STRING,label:STRING\\)\n")
        .containsPattern(
            "  schema 2 [0-9a-f]{16} item\\(sku:STRING,label:STRING,quantity:int\\) \\(latest\\)\n")
        .containsPattern("\nentity person \\(subspace \\d+\\): 3 records\n")
        .contains("  index email unique READABLE\n")
        .contains("  index age non-unique READABLE\n");
  }

  @Test
  void keysPrintsEntriesAsTuplesInEitherDirectionWithALimit() {
    List<String> expected = new ArrayList<>();
    long person;
    long byAge;
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      person = StoreCatalog.of(kv).subspaceId("person").orElseThrow();
      byAge = StoreCatalog.of(kv).subspaceId("person_by_age").orElseThrow();
      try (KvIterator it = kv.list(ListSelector.of(TupleRange.prefix(Tuple.of(person))))) {
        while (it.hasNext()) {
          KvEntry e = it.next();
          expected.add(e.key() + " [person] @" + e.versionstamp() + " -> " + Tuple.unpack(e.value()));
        }
      }
    }
    String prefix = "(" + person + ")";
    CommandRun run = CommandRun.of("keys", store.toString(), "--prefix", prefix);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.lines()).containsExactlyElementsOf(expected).hasSize(3);
    assertThat(run.lines().get(0)).startsWith("(" + person + ", 1) [person] @")
        .contains(", \"Ada\", ");

    CommandRun reverse = CommandRun.of("keys", store.toString(), "--prefix", prefix,
        "--reverse", "--limit", "2");
    assertThat(reverse.lines()).containsExactly(expected.get(2), expected.get(1));

    CommandRun range = CommandRun.of("keys", store.toString(), "--from", "(" + byAge + ", 30)",
        "--to", "(" + byAge + ", 40)");
    assertThat(range.lines()).hasSize(2)
        .allMatch(l -> l.startsWith("(" + byAge + ", 36, "))
        .allMatch(l -> l.contains(" [person.age] @"))
        .allMatch(l -> l.endsWith(" -> (empty)"));
  }

  @Test
  void getPrintsOneRecordAsJson() {
    CommandRun run = CommandRun.of("get", store.toString(), "person", "2");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).isEqualTo(BOB + "\n");
    assertThat(CommandRun.of("get", store.toString(), "person", "(1)").out()).isEqualTo(ADA + "\n");

    CommandRun absent = CommandRun.of("get", store.toString(), "person", "9");
    assertThat(absent.exitCode()).isEqualTo(1);
    assertThat(absent.out()).isEmpty();
    assertThat(absent.err()).isEqualTo("tessera get: no record of person with primary key (9)\n");

    CommandRun notANumber = CommandRun.of("get", store.toString(), "person", "ada");
    assertThat(notANumber.exitCode()).isEqualTo(2);
    assertThat(notANumber.err()).isEqualTo("tessera get: 'ada' is not a long (the type of person.id)\n");
  }

  @Test
  void dumpWritesEveryRecordInTheNewestShape() {
    CommandRun people = CommandRun.of("dump", store.toString(), "person");
    assertThat(people.exitCode()).as(people.toString()).isZero();
    assertThat(people.out()).isEqualTo(ADA + "\n" + BOB + "\n" + CLEO + "\n");

    CommandRun items = CommandRun.of("dump", store.toString(), "item");
    // a-1 was stored before quantity was added: it reads the type's default, as the application
    assertThat(items.out()).isEqualTo("{\"sku\":\"a-1\",\"label\":\"first\",\"quantity\":0}\n"
        + "{\"sku\":\"b-2\",\"label\":\"second\",\"quantity\":5}\n");

    CommandRun csv = CommandRun.of("dump", store.toString(), "item", "--format", "csv");
    assertThat(csv.out()).isEqualTo("sku,label,quantity\na-1,first,0\nb-2,second,5\n");
    CommandRun peopleCsv = CommandRun.of("dump", store.toString(), "person", "--format=csv");
    assertThat(peopleCsv.lines()).containsExactly(
        "id,name,email,age,tags,joined,address,nickname",
        "1,Ada,ada@example.com,36,\"[\"\"math\"\",\"\"poetry\"\"]\",2024-01-02T03:04:05Z,"
            + "\"{\"\"city\"\":\"\"London\"\",\"\"zip\"\":\"\"N1\"\"}\",Countess",
        "2,\"Bob \"\"the\"\" Builder, Jr.\",bob@example.com,36,[],2024-02-03T04:05:06.500Z,,",
        "3,Cleo,cleo@example.com,29,\"[\"\"x\"\"]\",2024-03-04T05:06:07Z,"
            + "\"{\"\"city\"\":\"\"Paris\"\",\"\"zip\"\":\"\"75001\"\"}\",");
  }

  @Test
  void statsCountsEntriesPerEntityAndIndex() {
    Map<String, Tuple> subspaces = new java.util.HashMap<>();
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      for (String name : List.of("person", "person_by_email", "person_by_age", "item")) {
        subspaces.put(name, key(kv, name));
      }
    }
    CommandRun run = CommandRun.of("stats", store.toString());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out())
        .containsPattern("B-tree       depth \\d+, [0-9,]+ branch pages, [0-9,]+ leaf pages,"
            + " [0-9,]+ overflow pages of [0-9,]+ bytes\n")
        .containsPattern(quote(subspaces.get("person")) + " +records of person +3 ")
        .containsPattern(quote(subspaces.get("person_by_email")) + " +index person.email +3 ")
        .containsPattern(quote(subspaces.get("person_by_age")) + " +index person.age +3 ")
        .containsPattern(quote(subspaces.get("item")) + " +records of item +2 ")
        .containsPattern("\\(\"\\\\u0000tessera\"\\) +catalog +\\d+ ");
  }

  @Test
  void backupUnderConcurrentWritesIsConsistentAndReopens() throws Exception {
    Path live = dir.resolve("live");
    Path target = dir.resolve("backup");
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch fiftyWritten = new CountDownLatch(50);
    List<Person> written = new ArrayList<>();
    try (LmdbKvStore kv = LmdbKvStore.open(live,
        LmdbOptions.builder().durability(Durability.NO_SYNC).build())) {
      PersonRepository people = new PersonRepository(kv);
      Thread writer = new Thread(() -> {
        for (int i = 0; !stop.get(); i++) {
          Person p = new Person(1000 + i, "p" + i, "p" + i + "@example.com", i % 90, List.of(),
              Instant.ofEpochSecond(i), null, Optional.empty());
          people.insert(p);
          // Paced, so the writer leaves CPU to the backup's JVM on a busy machine.
          LockSupport.parkNanos(200_000);
          synchronized (written) {
            written.add(p);
          }
          fiftyWritten.countDown();
        }
      });
      writer.start();
      CommandRun run;
      try {
        fiftyWritten.await();
        run = CommandRun.of("backup", live.toString(), target.toString());
      } finally {
        stop.set(true);
        writer.join();
      }
      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.out()).startsWith("backed up " + live + " to " + target + "\n")
          .containsPattern("verified: [0-9,]+ entries, [0-9,]+ bytes, last commit [0-9a-f]{20}\n");

      try (LmdbKvStore copyStore = LmdbKvStore.open(target)) {
        PersonRepository copy = new PersonRepository(copyStore);
        long n = copy.count();
        assertThat(n).isGreaterThanOrEqualTo(50).isLessThanOrEqualTo(written.size());
        // Each insert is one commit, so the copy holds exactly the first n, with their indexes.
        for (int i = 0; i < written.size(); i++) {
          Person expected = written.get(i);
          assertThat(copy.findById(expected.id())).isEqualTo(
              i < n ? Optional.of(expected) : Optional.empty());
        }
        assertThat(copy.indexAdmin().verifyIndexes().clean()).isTrue();
      }
    }
    CommandRun again = CommandRun.of("backup", store.toString(), target.toString());
    assertThat(again.exitCode()).isEqualTo(4);
    assertThat(again.err()).isEqualTo("tessera backup: The backup target " + target
        + " is not empty; give a new or empty directory (nothing was written)\n");

    Path compact = dir.resolve("compact");
    CommandRun compacted = CommandRun.of("backup", store.toString(), compact.toString(), "--compact");
    assertThat(compacted.exitCode()).as(compacted.toString()).isZero();
    assertThat(CommandRun.of("dump", compact.toString(), "person").out())
        .isEqualTo(ADA + "\n" + BOB + "\n" + CLEO + "\n");
  }

  @Test
  void verifyFindsAndRepairsAHandCorruptedIndexShowingProgressInBothModes() {
    Path damaged = dir.resolve("damaged");
    Tuple missing;
    Tuple dangling;
    try (LmdbKvStore kv = LmdbKvStore.open(damaged)) {
      PersonRepository people = new PersonRepository(kv);
      people().forEach(people::insert);
      missing = key(kv, "person_by_email", "bob@example.com");
      dangling = key(kv, "person_by_age", 99, 7);
      kv.atomic().delete(missing).set(dangling, new byte[0]).commit();
    }
    CommandRun found = CommandRun.of("verify", damaged.toString());
    assertThat(found.exitCode()).as(found.toString()).isEqualTo(1);
    assertThat(found.out()).isEqualTo(""
        + "person.age: 0 missing, 1 dangling, 0 unique violations, 0 undecodable\n"
        + "  DANGLING " + dangling + " for (7)\n"
        + "person.email: 1 missing, 0 dangling, 0 unique violations, 0 undecodable\n"
        + "  MISSING " + missing + " for (2)\n"
        + "result: 2 problems left\n");
    // Not a terminal: plain lines.
    assertThat(found.err()).isEqualTo("verifying person.age\nverifying person.email\n"
        + "done person (1 of 1)\n");

    CommandRun repaired =
        CommandRun.of("verify", damaged.toString(), "--repair", "--progress", "bar");
    assertThat(repaired.exitCode()).as(repaired.toString()).isZero();
    assertThat(repaired.out()).contains("person.email: 1 missing, 0 dangling, 0 unique violations,"
        + " 0 undecodable, 1 repaired\n").endsWith("result: no problems left\n");
    assertThat(repaired.err()).startsWith("\r[").contains("] 0/1 person.age")
        .contains("\r[" + "#".repeat(30) + "] 1/1 person").endsWith("\n");

    CommandRun clean = CommandRun.of("verify", damaged.toString(), "--entity", "person");
    assertThat(clean.exitCode()).isZero();
    assertThat(clean.out()).isEqualTo("person.age: clean\nperson.email: clean\n"
        + "result: no problems left\n");
    try (LmdbKvStore kv = LmdbKvStore.open(damaged)) {
      assertThat(kv.get(key(kv, "person_by_email", "bob@example.com")).value())
          .isEqualTo(Tuple.of(2).pack());
      assertThat(kv.get(key(kv, "person_by_age", 99, 7)).exists()).isFalse();
    }
  }

  @Test
  void aTruncatedDataFileExits3AndLeavesNoLockFileBehind() throws Exception {
    Path cut = dir.resolve("cut");
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      kv.backup(cut);
    }
    Files.delete(cut.resolve("lock.mdb"));
    try (FileChannel data = FileChannel.open(cut.resolve("data.mdb"), StandardOpenOption.WRITE)) {
      data.truncate(data.size() - 4096);
    }

    CommandRun run = CommandRun.of("info", cut.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
    assertThat(run.err()).startsWith("tessera info: The store's data file " + cut.resolve("data.mdb")
        + " is truncated").hasLineCount(1);
    assertThat(cut.resolve("lock.mdb")).doesNotExist();
  }

  @Test
  void verifyReportsAnUndecodableRecordAndRepairNamesWhatItQuarantined() {
    Tuple adaKey;
    Path broken = dir.resolve("broken");
    try (LmdbKvStore kv = LmdbKvStore.open(broken)) {
      PersonRepository people = new PersonRepository(kv);
      people().forEach(people::insert);
      // Ada's stored value with its age replaced by text: the schema matches, the age does not.
      adaKey = key(kv, "person", 1);
      KvEntry ada = kv.get(adaKey);
      List<Object> parts = new ArrayList<>(Tuple.unpack(ada.value()).items());
      parts.set(4, "thirty-six");
      kv.atomic().set(key(kv, "person", 1), Tuple.fromList(parts).pack()).commit();
    }
    CommandRun dump = CommandRun.of("dump", broken.toString(), "person");
    assertThat(dump.exitCode()).isEqualTo(4);

    CommandRun found = CommandRun.of("verify", broken.toString(), "--progress", "none");

    assertThat(found.exitCode()).as(found.toString()).isEqualTo(1);
    assertThat(found.out()).contains("person records: 1 undecodable\n"
        + "  UNDECODABLE " + adaKey + " for (1): ").doesNotContain("no problems left");

    CommandRun repaired = CommandRun.of("verify", broken.toString(), "--repair", "--progress", "none");

    assertThat(repaired.exitCode()).as(repaired.toString()).isZero();
    assertThat(repaired.out()).contains("person records: 1 undecodable, 1 quarantined\n"
        + "  UNDECODABLE " + adaKey + " for (1): ")
        .contains("  (see 'tessera quarantine list " + broken + " person')\n")
        .contains("person record count: the stored count is 3, the entity has 2 records; rebuilt\n");
    assertThat(CommandRun.of("quarantine", "list", broken.toString(), "person").out())
        .startsWith("(1) [person] quarantined @").contains("does not decode: ");
    assertThat(CommandRun.of("dump", broken.toString(), "person").exitCode()).isZero();
  }

  @Test
  void backupsAreReadableByTheirOwnerOnlyAsANewStoreIs() throws Exception {
    for (String option : List.of("--no-compact", "--compact")) {
      Path target = dir.resolve("private" + option);
      CommandRun run = option.equals("--compact")
          ? CommandRun.of("backup", store.toString(), target.toString(), option)
          : CommandRun.of("backup", store.toString(), target.toString());
      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target)))
          .as(option).isEqualTo("rwx------");
      assertThat(PosixFilePermissions.toString(
          Files.getPosixFilePermissions(target.resolve("data.mdb")))).as(option).isEqualTo("rw-------");
      assertThat(PosixFilePermissions.toString(
          Files.getPosixFilePermissions(target.resolve("lock.mdb")))).as(option).isEqualTo("rw-------");
    }
  }

  @Test
  void dumpIsOneSnapshotWhileTransfersRun() throws Exception {
    Path bank = dir.resolve("bank");
    int accounts = 3000;
    long total = 1_500_000;
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch transfersRunning = new CountDownLatch(100);
    try (LmdbKvStore kv = LmdbKvStore.open(bank,
        LmdbOptions.builder().durability(Durability.NO_SYNC).build())) {
      AccountRepository repository = new AccountRepository(kv);
      List<Account> all = new ArrayList<>();
      for (int i = 0; i < accounts; i++) {
        all.add(new Account(i, total / accounts));
      }
      repository.insertAll(all);
      Thread transfers = new Thread(() -> {
        Random random = new Random(21);
        while (!stop.get()) {
          int from = random.nextInt(accounts);
          int to = random.nextInt(accounts);
          long amount = 1 + random.nextInt(100);
          Transactions.run(kv, tx -> {
            Account a = repository.in(tx).findById(from).orElseThrow();
            Account b = repository.in(tx).findById(to).orElseThrow();
            if (from != to) {
              repository.in(tx).update(a.withBalance(a.balance() - amount));
              repository.in(tx).update(b.withBalance(b.balance() + amount));
            }
            return null;
          });
          transfersRunning.countDown();
        }
      });
      transfers.start();
      List<CommandRun> dumps = new ArrayList<>();
      try {
        transfersRunning.await();
        for (int i = 0; i < 3; i++) {
          dumps.add(CommandRun.of("dump", bank.toString(), "account"));
        }
      } finally {
        stop.set(true);
        transfers.join();
      }
      for (CommandRun dump : dumps) {
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dump.lines()).hasSize(accounts);
        long sum = dump.lines().stream()
            .mapToLong(l -> Long.parseLong(l.substring(l.indexOf("\"balance\":") + 10, l.length() - 1)))
            .sum();
        assertThat(sum).as("the balances of one dump").isEqualTo(total);
      }
    }
  }

  @Test
  void csvTellsNullFromTheEmptyString() {
    Path blanks = dir.resolve("blanks");
    try (LmdbKvStore kv = LmdbKvStore.open(blanks)) {
      PersonRepository people = new PersonRepository(kv);
      people.insert(new Person(1, "", "a@example.com", 1, List.of(), Instant.EPOCH, null,
          Optional.of("")));
      people.insert(new Person(2, null, "b@example.com", 2, List.of(), Instant.EPOCH, null,
          Optional.empty()));
    }

    CommandRun csv = CommandRun.of("dump", blanks.toString(), "person", "--format", "csv");

    assertThat(csv.exitCode()).as(csv.toString()).isZero();
    assertThat(csv.lines()).containsExactly("id,name,email,age,tags,joined,address,nickname",
        "1,\"\",a@example.com,1,[],1970-01-01T00:00:00Z,,\"\"",
        "2,,b@example.com,2,[],1970-01-01T00:00:00Z,,");
  }

  @Test
  void theReadOnlyCommandsReadAStoreWhoseDataFileCannotBeWritten() throws Exception {
    Path readOnly = dir.resolve("read-only");
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      kv.backup(readOnly);
    }
    Files.setPosixFilePermissions(readOnly.resolve("data.mdb"),
        PosixFilePermissions.fromString("r--------"));
    try {
      for (List<String> command : List.of(List.of("info"), List.of("keys"), List.of("stats"),
          List.of("get", "person", "1"), List.of("dump", "person"),
          List.of("verify", "--progress", "none"))) {
        List<String> args = new ArrayList<>(List.of(command.get(0), readOnly.toString()));
        args.addAll(command.subList(1, command.size()));
        CommandRun run = withoutFileOverride(args);
        assertThat(run.exitCode()).as(command + ": " + run).isZero();
      }
      CommandRun backup = withoutFileOverride(
          List.of("backup", readOnly.toString(), dir.resolve("from-read-only").toString()));
      assertThat(backup.exitCode()).as(backup.toString()).isZero();
      CommandRun repair = withoutFileOverride(List.of("verify", readOnly.toString(), "--repair"));
      assertThat(repair.exitCode()).as(repair.toString()).isEqualTo(3);
      assertThat(repair.err()).contains("Permission denied");
    } finally {
      Files.setPosixFilePermissions(readOnly.resolve("data.mdb"),
          PosixFilePermissions.fromString("rw-------"));
    }
  }

  // Runs the jar without the capability that lets root write files whatever their permissions.
  private static CommandRun withoutFileOverride(List<String> args) {
    List<String> command = new ArrayList<>(List.of("setpriv", "--bounding-set",
        "-dac_override,-dac_read_search",
        Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(Launcher.JVM_OPTIONS);
    command.add("-jar");
    command.add(System.getProperty("tessera.cli.jar"));
    command.addAll(args);
    return CommandRun.run(command);
  }

  @Test
  void theJarGrantsNativeAccessSoJdk25PrintsNoWarning() throws Exception {
    try (JarFile jar = new JarFile(System.getProperty("tessera.cli.jar"))) {
      assertThat(jar.getManifest().getMainAttributes().getValue("Enable-Native-Access"))
          .isEqualTo("ALL-UNNAMED");
    }
    Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    Assumptions.assumeTrue(Files.isExecutable(jdk25.resolve("bin/java")), "no JDK 25 at " + jdk25);
    // Run as a plain jar, the manifest's grant keeps the native-access warning away; the warning
    // about sun.misc.Unsafe (which LMDB's bindings use) only a command-line option silences.
    CommandRun jar = CommandRun.run(List.of(jdk25.resolve("bin/java").toString(), "-jar",
        System.getProperty("tessera.cli.jar"), "dump", store.toString(), "person"));
    assertThat(jar.exitCode()).as(jar.toString()).isZero();
    assertThat(jar.err()).doesNotContain("native access", "restricted method");
    // The launcher passes that option to a JDK that has it, so it prints nothing but the output.
    for (List<String> command : List.of(List.of("info", store.toString()),
        List.of("dump", store.toString(), "person"))) {
      List<String> line = new ArrayList<>(List.of(System.getProperty("tessera.cli.launcher")));
      line.addAll(command);
      CommandRun run = CommandRun.run(line, Map.of("JAVA_HOME", jdk25.toString()));
      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.err()).as(command.toString()).isEmpty();
    }
  }

  private static String lastVersionstamp() {
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      return kv.statistics().lastVersionstamp().toString();
    }
  }

  // What a store written by a future version looks like: a higher format version in its metadata.
  private static void writeFormatVersion(Path store, int version) {
    try (Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB).setMaxDbs(4)
        .open(store.toFile())) {
      Dbi<DirectBuffer> meta = env.openDbi("tessera.meta");
      try (Txn<DirectBuffer> txn = env.txnWrite()) {
        ByteBuffer value = ByteBuffer.allocateDirect(4).order(ByteOrder.BIG_ENDIAN).putInt(0, version);
        byte[] name = "format-version".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer key = ByteBuffer.allocateDirect(name.length).put(name).flip();
        meta.put(txn, new UnsafeBuffer(key), new UnsafeBuffer(value));
        txn.commit();
      }
    }
  }

  private static String quote(Tuple key) {
    return java.util.regex.Pattern.quote(key.toString());
  }

  /** The key {@code (id of subspace, parts...)} as the repositories store it in {@code kv}. */
  static Tuple key(KvStore kv, String subspace, Object... parts) {
    return Tuple.of(StoreCatalog.of(kv).subspaceId(subspace).orElseThrow()).addAll(Tuple.of(parts));
  }
}
