package dev.tessera.benchmarks.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.benchmarks.model.UserData;
import dev.tessera.tuple.Tuple;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * deletes, both data DBIs hold the same keys with the same values after the 10-byte versionstamp.
 * Otherwise "Tessera ÷ raw" would compare different work.
 */
class KeyLayoutParityTest {
  private static final UserData DATA = new UserData(300);

  @TempDir Path dir;

  @Test
  void rawLmdbjavaStoresTheSameKeysAndValuesAsTessera() throws Exception {
    Path raw = Files.createDirectory(dir.resolve("raw"));
    Path tessera = Files.createDirectory(dir.resolve("tessera"));
    exercise(Contender.RAW_LMDBJAVA.open(raw, Durability.NO_SYNC, 300));
    exercise(Contender.TESSERA.open(tessera, Durability.NO_SYNC, 300));

    Map<String, String> rawEntries = entries(raw);
    // Tessera's repository records its schema and its index states (entries, fences, states generation) in the catalog when opened;
    // that is not per-write work, so the raw contender does not mirror it.
    String schemaCatalog = HexFormat.of().formatHex(Tuple.of("\u0000tessera", "schema").pack());
    String indexCatalog = HexFormat.of().formatHex(Tuple.of("\u0000tessera", "index").pack());
    Map<String, String> tesseraEntries = entries(tessera);
    assertThat(tesseraEntries.keySet().removeIf(key -> key.startsWith(schemaCatalog))).isTrue();
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
    assertThat(rawEntries).hasSize(4 * 300 - 4 + 1);
    assertThat(rawEntries).isEqualTo(tesseraEntries);
  }

  private static void exercise(UserStore store) {
    try (store) {
      store.insertAll(DATA.users(0, 299));
      store.insert(DATA.user(299));
      store.update(DATA.user(1).withEmail(UserData.emailOf(1, 1)));
      store.update(DATA.user(2).withName(UserData.nameOf(2, 1)));
      store.delete(UserData.idOf(3));
    }
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
