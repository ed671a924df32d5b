package dev.tessera.cli;

import static dev.tessera.cli.CatalogDerivedIndexesTest.run;
import static dev.tessera.cli.CatalogDerivedIndexesTest.runExpecting;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HexFormat;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lmdbjava.Dbi;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.Txn;

/**
 * Damaged records through the command line: {@code verify} reports a record whose key bytes are
 * not a tuple with one consistent count, {@code verify --repair} moves it to the quarantine,
 * {@code quarantine list|drop|restore} handle what is there; {@code keys} by names. The commands
 * run in this JVM, as the jar runs them, on stores written by the generated repository.
 */
class QuarantineCommandTest {
  @TempDir Path dir;
  Path store;

  @BeforeEach
  void writeStore() {
    store = dir.resolve("people");
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      PersonRepository people = new PersonRepository(kv);
      DemoStore.people().forEach(people::insert);
    }
  }

  @Test
  void aRecordWhoseKeyDoesNotDecodeIsCountedOnceQuarantinedAndDroppable() {
    byte[] flipped = flipAdasKey();

    String found = runExpecting(1, "verify", store.toString(), "--progress", "none");

    assertThat(found).contains("person records: 1 undecodable\n"
        + "  UNDECODABLE: Corrupt entry under key 0x" + HexFormat.of().formatHex(flipped))
        .contains("person.email: 0 missing, 1 dangling, 0 unique violations, 0 undecodable\n"
            + "  DANGLING ")
        .contains("person.age: 0 missing, 1 dangling, 0 unique violations, 0 undecodable\n")
        .endsWith("result: 3 problems left\n");
    assertThat(found.lines().filter(line -> line.startsWith("  UNDECODABLE")
        || line.startsWith("  DANGLING"))).hasSize(3);

    String repaired = run("verify", store.toString(), "--repair", "--progress", "none");

    assertThat(repaired).contains("person records: 1 undecodable, 1 quarantined\n")
        .contains("person record count: the stored count is 3, the entity has 2 records; rebuilt\n")
        .contains("person.email: 0 missing, 1 dangling, 0 unique violations, 0 undecodable,"
            + " 1 repaired\n")
        .endsWith("result: no problems left\n");
    assertThat(run("dump", store.toString(), "person").lines()).hasSize(2);
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      PersonRepository people = new PersonRepository(kv);
      assertThat(people.findAll().toList()).hasSize(2);
      assertThat(people.count()).isEqualTo(2);
    }
    String hex = "0x" + HexFormat.of().formatHex(flipped);
    assertThat(run("quarantine", "list", store.toString(), "person")).startsWith(hex + " [person]"
        + " quarantined @").contains("its key is not a packed tuple")
        .endsWith("1 quarantined record of person\n");
    assertThat(runExpecting(1, "quarantine", "restore", store.toString(), "person", hex)).isEmpty();

    assertThat(run("quarantine", "drop", store.toString(), "person", hex))
        .isEqualTo("dropped " + hex + " [person]\n");
    assertThat(run("quarantine", "list", store.toString(), "person"))
        .isEqualTo("0 quarantined records of person\n");
    assertThat(run("verify", store.toString(), "--progress", "none"))
        .endsWith("result: no problems left\n");
  }

  @Test
  void restoreInsertsAQuarantinedRecordThatDecodesWithItsIndexesAndCount() {
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      // Ada's stored bytes in the quarantine, as a repair leaves a record once the catalog learns
      // how to read it; Ada herself gone.
      Tuple ada = TesseraCommandIT.key(kv, "person", 1L);
      KvEntry stored = kv.get(ada);
      new PersonRepository(kv).delete(1L);
      kv.atomic().set(StoreCatalog.quarantineKey("person", Tuple.of(1L)), stored.value()).commit();
    }
    assertThat(run("quarantine", "list", store.toString(), "person"))
        .contains("(1) [person] quarantined @").contains("decodes now: {\"id\":1,\"name\":\"Ada\"");

    assertThat(run("quarantine", "restore", store.toString(), "person", "(1)"))
        .isEqualTo("restored (1) [person]\n");

    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      PersonRepository people = new PersonRepository(kv);
      assertThat(people.findById(1L)).contains(DemoStore.people().get(0));
      assertThat(people.byEmail().equalTo("ada@example.com").list()).hasSize(1);
      assertThat(people.count()).isEqualTo(3);
    }
    assertThat(run("quarantine", "list", store.toString(), "person"))
        .isEqualTo("0 quarantined records of person\n");
    assertThat(run("verify", store.toString(), "--progress", "none"))
        .endsWith("result: no problems left\n");
    runExpecting(1, "quarantine", "restore", store.toString(), "person", "(1)");
  }

  @Test
  void restoreRefusesARecordThatStillDoesNotDecodeAndWritesNothing() {
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      kv.atomic().set(StoreCatalog.quarantineKey("person", Tuple.of(9L)), new byte[] {0x42})
          .commit();
    }
    String before = run("keys", store.toString());

    StringWriter err = new StringWriter();
    int code = Tessera.commandLine(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true))
        .execute("quarantine", "restore", store.toString(), "person", "(9)");

    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).startsWith("tessera quarantine restore: the quarantined record (9)"
        + " of person still does not decode: ").endsWith("; nothing was written\n");
    assertThat(run("keys", store.toString())).isEqualTo(before);
  }

  @Test
  void aRecordStoredUnderAnotherKeyIsUndecodableAsForTheRepository() {
    String copy;
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      Tuple under = TesseraCommandIT.key(kv, "person", 28L);
      kv.atomic().set(under, kv.get(TesseraCommandIT.key(kv, "person", 1L)).value()).commit();
      copy = under.toString();
    }

    assertThat(runExpecting(1, "verify", store.toString(), "--progress", "none"))
        .contains("person records: 1 undecodable\n  UNDECODABLE " + copy + " for (28): the record"
            + " holds primary key (1), not (28) of the key it is stored under\n")
        .doesNotContain("MISSING");
  }

  @Test
  void keysTakesEntityAndIndexNamesAndIncludesTheKeyEqualToThePrefix() {
    String ada;
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      ada = TesseraCommandIT.key(kv, "person", 1L).toString();
    }

    String byName = run("keys", store.toString(), "--prefix", "(\"person\", 1)");
    String byId = run("keys", store.toString(), "--prefix", ada);

    assertThat(byName).isEqualTo(byId).startsWith(ada + " [person] @").hasLineCount(1);
    assertThat(run("keys", store.toString(), "--entity", "person", "--index", "email",
        "--prefix", "(\"bob@example.com\")")).contains(" [person.email] @").hasLineCount(1);
    assertThat(run("keys", store.toString(), "--prefix", "(\"person.email\", \"bob@example.com\")"))
        .contains(" [person.email] @").hasLineCount(1);
    assertThat(run("keys", store.toString(), "--entity", "person", "--from", "(2)"))
        .hasLineCount(2);
    StringWriter err = new StringWriter();
    int code = Tessera.commandLine(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true))
        .execute("keys", store.toString(), "--prefix", "(\"people\")");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).isEqualTo("tessera keys: no entity or index 'people' in the store's"
        + " catalog; it holds person, person.age, person.email\n");
  }

  /** Replaces Ada's record by a copy under her key with one byte flipped: not a tuple. */
  private byte[] flipAdasKey() {
    byte[] key;
    try (LmdbKvStore kv = LmdbKvStore.open(store)) {
      key = TesseraCommandIT.key(kv, "person", 1L).pack();
    }
    byte[] flipped = key.clone();
    // The primary key's type code (a one-byte integer) flipped to an eight-byte integer's: cut short.
    flipped[flipped.length - 2] = 0x1c;
    try (Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB).setMaxDbs(4)
        .open(store.toFile())) {
      Dbi<DirectBuffer> data = env.openDbi("tessera.data");
      try (Txn<DirectBuffer> txn = env.txnWrite()) {
        DirectBuffer stored = data.get(txn, buffer(key));
        byte[] bytes = new byte[stored.capacity()];
        stored.getBytes(0, bytes);
        data.delete(txn, buffer(key));
        data.put(txn, buffer(flipped), buffer(bytes));
        txn.commit();
      }
    }
    return flipped;
  }

  private static DirectBuffer buffer(byte[] bytes) {
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length);
    direct.put(bytes).flip();
    return new UnsafeBuffer(direct, 0, bytes.length);
  }
}
