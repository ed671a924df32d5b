package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.EMAIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.catalog.StoreCatalog;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.catalog.UnknownEntityException;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tools' view of a store: what the repositories wrote, read back from the catalog alone. */
class StoreCatalogTest {
  @TempDir Path dir;
  LmdbKvStore store;
  IndexedUserRepository users;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir);
    users = new IndexedUserRepository(store, List.of(EMAIL, COLOR), RepositoryOptions.defaults());
    users.insert(new User("u1", "Ada", "ada@example.com", "red"));
    users.insert(new User("u2", "Bob", "bob@example.com", null));
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void listsTheEntitiesReadsTheirRecordsAndIndexes() {
    StoreCatalog catalog = StoreCatalog.of(store);

    assertThat(catalog.entityNames()).containsExactly("user");
    StoredRecordReader records = catalog.records("user");
    Map<String, Object> ada = records.read(store.get(records.recordKey(Tuple.of("u1"))).value());
    assertThat(ada).containsEntry("name", "Ada").containsEntry("email", "ada@example.com");
    try (KvSnapshot snapshot = store.snapshot()) {
      assertThat(StoreCatalog.indexes(snapshot, "user"))
          .extracting(IndexCatalogEntry::indexName, IndexCatalogEntry::state)
          .containsExactlyInAnyOrder(
              org.assertj.core.groups.Tuple.tuple("email", IndexState.READABLE),
              org.assertj.core.groups.Tuple.tuple("favoriteColor", IndexState.READABLE));
    }
    assertThatThrownBy(() -> catalog.records("nobody")).isInstanceOf(UnknownEntityException.class);
    assertThat(StoreCatalog.reservedPrefix()).startsWith("\u0000");
  }

  @Test
  void aRepairKeepsAnUndecodableRecordUnderTheQuarantineKeyToolsName() {
    Tuple recordKey =
        Tuple.of(StoreCatalog.of(store).subspaceId("user").orElseThrow(), "u2");
    assertThat(store.atomic().set(recordKey, new byte[] {(byte) 0xFF}).commit().ok()).isTrue();

    users.indexAdmin().repairIndexes();

    assertThat(store.get(recordKey).exists()).isFalse();
    assertThat(store.get(StoreCatalog.quarantineKey("user", Tuple.of("u2"))).value())
        .containsExactly(0xFF);
    assertThat(users.indexAdmin().quarantined()).extracting(QuarantinedRecord::recordKey)
        .containsExactly(recordKey);
  }
}
