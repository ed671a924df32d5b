package dev.tessera.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.IncompatibleSchemaException;
import dev.tessera.repository.KeySpace;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schema catalog and record translation on a real LMDB store. */
class RecordTranslatorTest {
  static final RecordSchema V1 =
      new RecordSchema(
          "user",
          "id",
          List.of(ComponentSchema.of("id", "STRING"), ComponentSchema.of("age", "int")));
  static final RecordSchema V2 =
      new RecordSchema(
          "user",
          "id",
          List.of(
              ComponentSchema.of("id", "STRING"),
              ComponentSchema.of("age", "long"),
              ComponentSchema.of("language", "STRING").withDefault("en")));
  static final RecordSchema V2_INCOMPATIBLE =
      new RecordSchema(
          "user",
          "id",
          List.of(ComponentSchema.of("id", "STRING"), ComponentSchema.of("age", "STRING")));

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
  void openRecordsTheSchemaAndTheLatestPointer() {
    RecordTranslator.open(store, V1);

    assertThat(SchemaCatalog.find(store, "user", V1.id()))
        .hasValueSatisfying(
            stored -> {
              assertThat(stored.descriptor()).isEqualTo(V1.descriptor());
              assertThat(stored.primaryKeyName()).isEqualTo("id");
            });
    assertThat((Object) Tuple.unpack(store.get(SchemaCatalog.latestKey("user")).value()))
        .isEqualTo(Tuple.of(V1.id()));
  }

  @Test
  void reopeningWithTheSameSchemaWritesNothing() {
    RecordTranslator.open(store, V1);
    List<String> before = KeySpace.dump(store);

    RecordTranslator.open(store, V1);

    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void currentValuesPassThroughAndOlderOnesAreTranslated() {
    RecordTranslator.open(store, V1);
    RecordTranslator v2 = RecordTranslator.open(store, V2);

    Tuple current = Tuple.of(V2.id(), "u1", 40L, "fr");
    assertThat((Object) v2.toCurrent(current)).isSameAs(current);
    assertThat((Object) v2.toCurrent(Tuple.of(V1.id(), "u2", 30L)))
        .isEqualTo(Tuple.of(V2.id(), "u2", 30L, "en"));
    assertThat(SchemaCatalog.read(store, "user").schemas())
        .extracting(RecordSchema::id)
        .containsExactlyInAnyOrder(V1.id(), V2.id());
  }

  @Test
  void schemaAddedAfterOpenIsLoadedFromTheCatalog() {
    RecordTranslator v2 = RecordTranslator.open(store, V2);
    RecordSchema withoutLanguage =
        new RecordSchema(
            "user",
            "id",
            List.of(ComponentSchema.of("id", "STRING"), ComponentSchema.of("age", "long")));
    RecordTranslator.open(store, withoutLanguage); // opened later, e.g. by another process

    assertThat((Object) v2.toCurrent(Tuple.of(withoutLanguage.id(), "u1", 7L)))
        .isEqualTo(Tuple.of(V2.id(), "u1", 7L, "en"));
  }

  @Test
  void unknownSchemaIdIsRejectedNamingIt() {
    RecordTranslator v1 = RecordTranslator.open(store, V1);

    assertThatThrownBy(() -> v1.toCurrent(Tuple.of(0x1234L, "u1", 7L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entity 'user' has schema 0000000000001234")
        .hasMessageContaining("catalog does not hold");
    assertThatThrownBy(() -> v1.toCurrent(Tuple.of("u1", 7L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not start with a schema identifier");
  }

  @Test
  void incompatibleSchemaIsRejectedAtOpenAndNothingIsWritten() {
    RecordTranslator.open(store, V1);
    List<String> before = KeySpace.dump(store);

    assertThatThrownBy(() -> RecordTranslator.open(store, V2_INCOMPATIBLE))
        .isInstanceOfSatisfying(
            IncompatibleSchemaException.class,
            e -> {
              assertThat(e.componentName()).isEqualTo("age");
              assertThat(e.storedType()).isEqualTo("int");
              assertThat(e.currentType()).isEqualTo("STRING");
            })
        .hasMessageContaining("entity 'user'")
        .hasMessageContaining("The store was not changed");
    assertThat(KeySpace.dump(store)).isEqualTo(before);
  }

  @Test
  void corruptCatalogEntryIsReportedWithItsKey() {
    Tuple key = SchemaCatalog.schemaKey("user", 42L);
    store.atomic().set(key, SchemaCatalog.encode(V1)).commit();

    assertThatThrownBy(() -> RecordTranslator.open(store, V1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("catalog entry " + key)
        .hasMessageContaining("not to its key's 000000000000002a");
  }

  @Test
  void concurrentOpenersOfIncompatibleSchemasNeverBothSucceed() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 30; round++) {
        String entity = "race" + round;
        RecordSchema a =
            new RecordSchema(
                entity,
                "id",
                List.of(ComponentSchema.of("id", "STRING"), ComponentSchema.of("x", "STRING")));
        RecordSchema b =
            new RecordSchema(
                entity,
                "id",
                List.of(ComponentSchema.of("id", "STRING"), ComponentSchema.of("x", "int")));
        CountDownLatch start = new CountDownLatch(1);
        Future<Boolean> first = pool.submit(opener(start, a));
        Future<Boolean> second = pool.submit(opener(start, b));
        start.countDown();
        boolean firstOpened = first.get();
        boolean secondOpened = second.get();

        assertThat(firstOpened ^ secondOpened).as("round %d: exactly one opens", round).isTrue();
        assertThat(SchemaCatalog.read(store, entity).schemas()).hasSize(1);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private Callable<Boolean> opener(CountDownLatch start, RecordSchema schema) {
    return () -> {
      start.await();
      try {
        RecordTranslator.open(store, schema);
        return true;
      } catch (IncompatibleSchemaException e) {
        return false;
      }
    };
  }
}
