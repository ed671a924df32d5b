package dev.tessera.benchmarks.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.benchmarks.model.Account;
import dev.tessera.benchmarks.model.Loan;
import dev.tessera.benchmarks.model.UserData;
import dev.tessera.tuple.Tuple;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lmdbjava.CursorIterable;
import org.lmdbjava.Dbi;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;

/**
 * The raw lmdbjava contender writes what Tessera writes: after the same inserts, updates and
 * deletes (of users, of accounts by transfers, of loans by count-then-lend), both data DBIs hold the
 * same keys with the same values after the 10-byte versionstamp.
 * Otherwise "Tessera ÷ raw" would compare different work.
 */
class KeyLayoutParityTest {
  private static final UserData DATA = new UserData(300);

  @TempDir Path dir;

  @Test
  void rawLmdbjavaStoresTheSameKeysAndValuesAsTessera() throws Exception {
    // 300 users with 4 entries each, one deleted, and the record count.
    assertSameEntries(4 * 300 - 4 + 1, (contender, directory) -> {
      try (UserStore store = contender.open(directory, Durability.NO_SYNC, 300)) {
        store.insertAll(DATA.users(0, 299));
        store.insert(DATA.user(299));
        store.update(DATA.user(1).withEmail(UserData.emailOf(1, 1)));
        store.update(DATA.user(2).withName(UserData.nameOf(2, 1)));
        store.delete(UserData.idOf(3));
      }
    });
  }

  @Test
  void rawLmdbjavaTransfersWriteTheSameKeysAndValuesAsTessera() throws Exception {
    // 120 records, 120 owner-index entries, the record count.
    assertSameEntries(2 * 120 + 1, (contender, directory) -> {
      try (AccountStore store = contender.openAccounts(directory, Durability.NO_SYNC)) {
        store.createAccounts(0, 50, 1_000);
        store.createAccounts(50, 120, 5);
        assertThat(store.transfer(Account.idOf(3), Account.idOf(77), 250)).isTrue();
        assertThat(store.transfer(Account.idOf(77), Account.idOf(3), 255)).isTrue();
        assertThat(store.transfer(Account.idOf(60), Account.idOf(3), 6)).isFalse();
        assertThat(store.transfer(Account.idOf(119), Account.idOf(0), 5)).isTrue();
      }
    });
  }

  @Test
  void rawLmdbjavaLoansWriteTheSameKeysAndValuesAsTessera() throws Exception {
    // 41 loans (40 + 3 lent - 2 returned), an index entry each, the record count.
    assertSameEntries(2 * 41 + 1, (contender, directory) -> {
      try (LoanStore store = contender.openLoans(directory, Durability.NO_SYNC)) {
        List<Loan> opening = new ArrayList<>();
        for (long id = 0; id < 40; id++) {
          opening.add(new Loan(id, "member" + id % 4, 1_000 + id));
        }
        store.lend(opening);
        assertThat(store.countThenLend("member1", new Loan(40, "member1", 7), 1, 10)).isEqualTo(10);
        assertThat(store.countThenLend("member2", new Loan(41, "member2", 8), 2, 11)).isEqualTo(10);
        assertThat(store.countThenLend("member2", new Loan(-42, "member2", -9), 6, 11)).isEqualTo(11);
      }
    });
  }

  /** The same work, done on one contender's store in a directory of its own. */
  @FunctionalInterface
  private interface Workload {
    void run(Contender contender, Path directory) throws Exception;
  }

  private void assertSameEntries(int entries, Workload workload) throws Exception {
    Path raw = Files.createDirectory(dir.resolve("raw"));
    Path tessera = Files.createDirectory(dir.resolve("tessera"));
    workload.run(Contender.RAW_LMDBJAVA, raw);
    workload.run(Contender.TESSERA, tessera);
    Map<String, String> rawEntries = entries(raw);
    assertThat(rawEntries).hasSize(entries);
    assertThat(rawEntries).isEqualTo(withoutCatalog(entries(tessera)));
  }

  // Tessera's repository records its schema, what reads its older shapes (defaults and former
  // names), its subspace ids and its index states (entries, fences, states generation) in the
  // catalog when opened; that is not per-write work, so the raw contender does not mirror it.
  private static Map<String, String> withoutCatalog(Map<String, String> tesseraEntries) {
    String schemaCatalog = HexFormat.of().formatHex(Tuple.of("\u0000tessera", "schema").pack());
    String indexCatalog = HexFormat.of().formatHex(Tuple.of("\u0000tessera", "index").pack());
    assertThat(tesseraEntries.keySet().removeIf(key -> key.startsWith(schemaCatalog))).isTrue();
    String evolution = HexFormat.of().formatHex(Tuple.of("\u0000tessera", "evolution").pack());
    assertThat(tesseraEntries.keySet().removeIf(key -> key.startsWith(evolution))).isTrue();
    String indexFences = HexFormat.of().formatHex(Tuple.of("\u0000tessera", "index-build").pack());
    assertThat(tesseraEntries.keySet().removeIf(key -> key.startsWith(indexCatalog))).isTrue();
    tesseraEntries.keySet().removeIf(key -> key.startsWith(indexFences));
    String indexStates = HexFormat.of().formatHex(Tuple.of("\u0000tessera", "index-states").pack());
    tesseraEntries.keySet().removeIf(key -> key.startsWith(indexStates));
    // So are the subspace ids the catalog assigns when the repository opens (the raw contender
    // hard-codes the same ids); its keys must start with them all the same.
    for (String subspaceKeys : List.of("subspace", "subspace-id", "subspace-next")) {
      String prefix = HexFormat.of().formatHex(Tuple.of("\u0000tessera", subspaceKeys).pack());
      assertThat(tesseraEntries.keySet().removeIf(key -> key.startsWith(prefix))).isTrue();
    }
    return tesseraEntries;
  }

  // Key -> value without its versionstamp, both in hex, in key order.
  private static Map<String, String> entries(Path directory) {
    Map<String, String> entries = new TreeMap<>();
    HexFormat hex = HexFormat.of();
    try (Env<DirectBuffer> env = Env.create(DirectBufferProxy.PROXY_DB)
        .setMaxDbs(4)
        .open(directory.toFile(), EnvFlags.MDB_NOTLS)) {
      Dbi<DirectBuffer> data = env.openDbi(RawLmdbUserStore.DATA_DBI);
      try (Txn<DirectBuffer> txn = env.txnRead();
          CursorIterable<DirectBuffer> all = data.iterate(txn)) {
        for (CursorIterable.KeyVal<DirectBuffer> entry : all) {
          entries.put(hex.formatHex(bytes(entry.key())),
              hex.formatHex(Arrays.copyOfRange(bytes(entry.val()), 10, entry.val().capacity())));
        }
      }
    }
    return entries;
  }

  private static byte[] bytes(DirectBuffer buffer) {
    byte[] bytes = new byte[buffer.capacity()];
    buffer.getBytes(0, bytes);
    return bytes;
  }
}
