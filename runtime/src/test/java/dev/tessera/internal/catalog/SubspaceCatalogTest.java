package dev.tessera.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.KeyLayoutMigration;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.KeyLayoutMigrationRequiredException;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Subspace ids on a real LMDB store: assigned once, one per name, under concurrent openers. */
class SubspaceCatalogTest {
  @TempDir Path dir;
  KvStore store;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void idsAreAssignedFromOneInOrderOnceAndReadBackBothWays() {
    Map<String, Long> first = SubspaceCatalog.assign(store, "user", List.of("user", "user_by_email"));
    Map<String, Long> again =
        SubspaceCatalog.assign(store, "user", List.of("user_by_email", "user", "user_by_name"));

    assertThat(first).containsExactly(Map.entry("user", 1L), Map.entry("user_by_email", 2L));
    assertThat(again).containsExactly(
        Map.entry("user_by_email", 2L), Map.entry("user", 1L), Map.entry("user_by_name", 3L));
    assertThat(SubspaceCatalog.names(store))
        .containsExactly(Map.entry(1L, "user"), Map.entry(2L, "user_by_email"),
            Map.entry(3L, "user_by_name"));
    assertThat(SubspaceCatalog.find(store, "user_by_name")).hasValue(3);
    assertThat(SubspaceCatalog.find(store, "nobody")).isEmpty();
  }

  @Test
  void concurrentOpenersNeverGiveTwoNamesOneIdOrOneNameTwoIds() throws Exception {
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Map<String, Long>>> results = new ArrayList<>();
    try {
      for (int t = 0; t < threads; t++) {
        List<String> names = new ArrayList<>();
        for (int n = 0; n < 12; n++) {
          names.add("s" + ((n * 7 + t * 5) % 20)); // overlapping sets, in different orders
        }
        results.add(pool.submit(() -> {
          start.await();
          return SubspaceCatalog.assign(store, "entity", names);
        }));
      }
      start.countDown();
      Map<String, Long> seen = new HashMap<>();
      for (Future<Map<String, Long>> result : results) {
        result.get().forEach((name, id) -> {
          Long earlier = seen.putIfAbsent(name, id);
          assertThat(earlier == null ? id : earlier).as("the id of %s", name).isEqualTo(id);
        });
      }
      assertThat(seen.values()).doesNotHaveDuplicates();
      Map<Long, String> names = SubspaceCatalog.names(store);
      assertThat(names.keySet())
          .containsExactlyElementsOf(LongStream.rangeClosed(1, seen.size()).boxed().toList());
      seen.forEach((name, id) -> assertThat(names).containsEntry(id, name));
      assertThat(Tuple.unpack(store.get(SubspaceCatalog.nextKey()).value()).getLong(0))
          .isEqualTo(seen.size() + 1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aKeySpaceRefusesAnIndexOfAnotherEntityNamingIt() {
    KeySpace users = KeySpace.assign(store, "user", List.of("user_by_email"));
    IndexDefinition<Object> otherEntitys =
        new IndexDefinition<>("sku", "item_by_sku", true, List.of("sku"), item -> Tuple.of("x"));

    assertThat((Object) users.recordKey(Tuple.of("u1"))).isEqualTo(Tuple.of(1L, "u1"));
    assertThatThrownBy(() -> users.indexId(otherEntitys))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("index 'sku' (subspace 'item_by_sku') is not an index of entity 'user' in"
            + " this store");
  }

  @Test
  void anEntityWithANameKeySchemaEntryIsRefusedBeforeAnythingIsWritten() {
    RecordSchema schema = writeFormatOneSchema();

    assertThat(SchemaCatalog.read(store, "user").nameKeys()).isTrue();
    assertThatThrownBy(() -> RecordTranslator.open(store, schema))
        .isInstanceOf(KeyLayoutMigrationRequiredException.class)
        .hasMessageContaining("entity 'user' in store " + store)
        .hasMessageContaining("run 'tessera migrate " + store + "'");
    assertThat(SubspaceCatalog.names(store)).isEmpty();
  }

  @Test
  void aMigrationMovesWhatAnOlderVersionWroteWhileItRanBeforeMarkingTheEntity() {
    writeFormatOneSchema();
    store.atomic().set(Tuple.of("user", "a"), Tuple.of("record a").pack())
        .set(Tuple.of("user", "b"), Tuple.of("record b").pack()).commit();
    List<String> progress = new ArrayList<>();
    KeyLayoutMigration.Result result = KeyLayoutMigration.migrate(store, 10, Integer.MAX_VALUE, line -> {
      progress.add(line);
      if (progress.size() == 1) {
        // an older Tessera writes a record in the name layout after the keys moved, before the
        // entity is marked migrated: the marking commit must see it and the migration move it
        assertThat(store.atomic().set(Tuple.of("user", "c"), Tuple.of("record c").pack())
            .commit().ok()).isTrue();
      }
    });

    long id = SubspaceCatalog.find(store, "user").orElseThrow();
    assertThat(result.complete()).isTrue();
    assertThat(result.migrated()).containsExactly("user");
    assertThat(result.movedKeys()).isEqualTo(3);
    assertThat(progress).containsExactly(
        "records of user: moved 2 keys to subspace " + id,
        "records of user: moved 1 keys to subspace " + id,
        "entity user: migrated");
    for (String pk : List.of("a", "b", "c")) {
      assertThat(Tuple.unpack(store.get(Tuple.of(id, pk)).value()).getString(0)).isEqualTo("record " + pk);
      assertThat(store.get(Tuple.of("user", pk)).exists()).isFalse();
    }
    assertThat(SchemaCatalog.read(store, "user").nameKeys()).isFalse();
    assertThat(SchemaCatalog.read(store, "user").entries())
        .extracting(SchemaCatalog.SchemaEntry::format, SchemaCatalog.SchemaEntry::number)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(2L, 0L));
  }

  /** A schema entry as older versions wrote it: format 1, keys starting with the names. */
  private RecordSchema writeFormatOneSchema() {
    RecordSchema schema = new RecordSchema("user", "id", List.of(ComponentSchema.of("id", "STRING")));
    byte[] formatOne = Tuple.of(1L, "id", Tuple.of(Tuple.of("id", "STRING"))).pack();
    assertThat(store.atomic().set(SchemaCatalog.schemaKey("user", schema.id()), formatOne)
        .set(SchemaCatalog.latestKey("user"), Tuple.of(schema.id()).pack()).commit().ok()).isTrue();
    return schema;
  }
}
