package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.internal.index.IndexLifecycle;
import dev.tessera.internal.index.IndexWrite;
import dev.tessera.internal.write.RecordLayout;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.IndexDefinition;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index part of an update that keeps every entry reads nothing when no index is guarded, so
 * the updates under one reading of the index catalog share it; it must never outlive that reading.
 */
class KeptIndexWriteTest {
  @TempDir Path directory;
  private KvStore store;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private IndexLifecycle<User> lifecycle(List<IndexDefinition<User>> indexes) {
    IndexedUserMapping mapping = new IndexedUserMapping(indexes);
    RecordLayout<User, String> layout = RecordLayout.open(store, mapping);
    return IndexLifecycle.open(store, mapping, layout.keys(), layout::decodeStored, RepositoryOptions.defaults());
  }

  @Test
  void updatesUnderTheSameModesShareOneWriteAndANewReadingOfTheCatalogMakesANewOne() {
    new IndexedUserRepository(store, List.of(IndexedUserMapping.COLOR), RepositoryOptions.defaults());
    IndexLifecycle<User> lifecycle = lifecycle(List.of(IndexedUserMapping.COLOR));
    IndexWrite<User> first = lifecycle.prepareKept(store);
    assertThat(first).isNotNull();
    assertThat(first.modes()).isSameAs(lifecycle.modes());
    assertThat(lifecycle.prepareKept(store)).isSameAs(first);

    // another version of the entity declares a second index: the states change
    new IndexedUserRepository(store, List.of(IndexedUserMapping.COLOR, IndexedUserMapping.NAME),
        RepositoryOptions.defaults());
    lifecycle.refresh();
    IndexWrite<User> after = lifecycle.prepareKept(store);
    assertThat(after).isNotSameAs(first);
    assertThat(after.modes()).isSameAs(lifecycle.modes());
    assertThat(after.modes().statesStamp()).isNotEqualTo(first.modes().statesStamp());
    assertThat(lifecycle.prepareKept(store)).isSameAs(after);
  }
}
