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
  void openRecordsTheSchemaWithNumberOneAndTheLatestPointer() {
    RecordTranslator v1 = RecordTranslator.open(store, V1);

    assertThat(SchemaCatalog.read(store, "user").entries())
        .singleElement()
        .satisfies(entry -> {
          assertThat(entry.schema().descriptor()).isEqualTo(V1.descriptor());
          assertThat(entry.schema().primaryKeyName()).isEqualTo("id");
          assertThat(entry.number()).isEqualTo(1);
          assertThat(entry.identifierValues()).isFalse();
        });
    assertThat(v1.currentNumber()).isEqualTo(1);
    assertThat((Object) Tuple.unpack(store.get(SchemaCatalog.schemaKey("user", V1.id())).value()))
        .isEqualTo(Tuple.of(3L, "id",
            Tuple.of(Tuple.of("id", "STRING"), Tuple.of("age", "int")), 1L, false));
    assertThat((Object) Tuple.unpack(store.get(SchemaCatalog.latestKey("user")).value()))
        .isEqualTo(Tuple.of(V1.id()));
  }

  @Test
  void anAddedSchemaGetsTheNextNumber() {
    RecordSchema v3 = new RecordSchema("user", "id", List.of(ComponentSchema.of("id", "STRING"),
        ComponentSchema.of("age", "long"), ComponentSchema.of("language", "STRING"),
        ComponentSchema.of("city", "STRING")));

    assertThat(RecordTranslator.open(store, V1).currentNumber()).isEqualTo(1);
    assertThat(RecordTranslator.open(store, V2).currentNumber()).isEqualTo(2);
    assertThat(RecordTranslator.open(store, V2).currentNumber()).isEqualTo(2);
    assertThat(RecordTranslator.open(store, v3).currentNumber()).isEqualTo(3);
    assertThat(SchemaCatalog.read(store, "user").entries())
        .extracting(SchemaCatalog.SchemaEntry::number)
        .containsExactlyInAnyOrder(1L, 2L, 3L);
  }

  @Test
  void entriesWrittenBeforeNumbersAreNumberedAtOpenAndTheirIdentifierValuesStillRead() {
    // What Tessera versions before numbered shapes wrote: format 2, values starting with the id.
    store.atomic()
        .set(SchemaCatalog.schemaKey("user", V1.id()), Tuple.of(2L, "id",
            Tuple.of(Tuple.of("id", "STRING"), Tuple.of("age", "int"))).pack())
        .set(SchemaCatalog.latestKey("user"), Tuple.of(V1.id()).pack())
        .commit();

    RecordTranslator v2 = RecordTranslator.open(store, V2);

    assertThat(SchemaCatalog.read(store, "user").entries())
        .extracting(e -> e.schema().id(), SchemaCatalog.SchemaEntry::number,
            SchemaCatalog.SchemaEntry::identifierValues, SchemaCatalog.SchemaEntry::format)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(V1.id(), 1L, true, 3L),
            org.assertj.core.groups.Tuple.tuple(V2.id(), 2L, false, 3L));
    Tuple translated = Tuple.of(V2.id(), "u1", 7L, "en");
    assertThat((Object) v2.toCurrent(Tuple.of(V1.id(), "u1", 7L))).isEqualTo(translated);
    assertThat((Object) v2.toCurrent(Tuple.of(1L, "u1", 7L))).isEqualTo(translated);
    // the identifier of a shape numbered at birth is no first part: no binary writes it
    assertThatThrownBy(() -> v2.toCurrent(Tuple.of(V2.id(), "u1", 7L, "en")))
        .hasMessageContaining("names none of the entity's schemas");
  }

  @Test
  void concurrentOpenersOfAnEntityWrittenBeforeNumbersNumberItOnce() throws Exception {
    inRounds(4, 10, (pool, round) -> {
      String entity = "unnumbered" + round;
      RecordSchema first = new RecordSchema(entity, "id", List.of(ComponentSchema.of("id", "STRING")));
      RecordSchema second = new RecordSchema(entity, "id",
          List.of(ComponentSchema.of("id", "STRING"), ComponentSchema.of("x", "int")));
      store.atomic()
          .set(SchemaCatalog.schemaKey(entity, first.id()),
              Tuple.of(2L, "id", Tuple.of(Tuple.of("id", "STRING"))).pack())
          .set(SchemaCatalog.schemaKey(entity, second.id()),
              Tuple.of(2L, "id", Tuple.of(Tuple.of("id", "STRING"), Tuple.of("x", "int"))).pack())
          .set(SchemaCatalog.latestKey(entity), Tuple.of(second.id()).pack())
          .commit();
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Long>> numbers = new java.util.ArrayList<>();
      for (int t = 0; t < 4; t++) {
        numbers.add(pool.submit(() -> {
          start.await();
          return RecordTranslator.open(store, second).currentNumber();
        }));
      }
      start.countDown();
      java.util.Set<Long> seen = new java.util.HashSet<>();
      for (Future<Long> number : numbers) {
        seen.add(number.get());
      }

      assertThat(seen).as("round %d: every opener sees one number", round).hasSize(1);
      assertThat(SchemaCatalog.read(store, entity).entries())
          .extracting(SchemaCatalog.SchemaEntry::number, SchemaCatalog.SchemaEntry::identifierValues)
          .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(1L, true),
              org.assertj.core.groups.Tuple.tuple(2L, true));
    });
  }

  @Test
  void numbersSkipEveryIdentifierStoredValuesMayStartWith() {
    assertThat(SchemaCatalog.free(1, java.util.Set.of(1L, 2L, 4L))).isEqualTo(3);
    assertThat(SchemaCatalog.free(5, java.util.Set.of(1L, 2L, 4L))).isEqualTo(5);
  }

  @Test
  void aCatalogInWhichAFirstPartNamesTwoShapesIsRefused() {
    SchemaCatalog.SchemaEntry hashed =
        new SchemaCatalog.SchemaEntry(store.get(Tuple.of("a")), V1, 3, 1, true);
    SchemaCatalog.SchemaEntry clash =
        new SchemaCatalog.SchemaEntry(store.get(Tuple.of("b")), V2, 3, V1.id(), false);

    assertThatThrownBy(() -> StoredShapes.of("user", List.of(hashed, clash)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("catalog of entity 'user' is damaged")
        .hasMessageContaining(V1.toString())
        .hasMessageContaining(V2.toString());
  }

  @Test
  void concurrentOpenersOfNewSchemasNeverShareOrDoubleANumber() throws Exception {
    int threads = 6;
    inRounds(threads, 10, (pool, round) -> {
      String entity = "numbers" + round;
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Long>> numbers = new java.util.ArrayList<>();
      for (int t = 0; t < threads; t++) {
        List<ComponentSchema> components = new java.util.ArrayList<>();
        components.add(ComponentSchema.of("id", "STRING"));
        for (int c = 0; c < t; c++) {
          components.add(ComponentSchema.of("extra" + c, "STRING").withDefault("x"));
        }
        RecordSchema schema = new RecordSchema(entity, "id", components);
        numbers.add(pool.submit(() -> {
          start.await();
          return RecordTranslator.open(store, schema).currentNumber();
        }));
      }
      start.countDown();
      List<Long> assigned = new java.util.ArrayList<>();
      for (Future<Long> number : numbers) {
        assigned.add(number.get());
      }

      assertThat(assigned).as("round %d", round)
          .containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L);
      assertThat(SchemaCatalog.read(store, entity).entries())
          .extracting(SchemaCatalog.SchemaEntry::number)
          .containsExactlyInAnyOrderElementsOf(assigned);
    });
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

    Tuple current = Tuple.of(2L, "u1", 40L, "fr");
    assertThat((Object) v2.toCurrent(current)).isSameAs(current);
    assertThat((Object) v2.toCurrent(Tuple.of(1L, "u2", 30L)))
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

    assertThat((Object) v2.toCurrent(Tuple.of(2L, "u1", 7L)))
        .isEqualTo(Tuple.of(V2.id(), "u1", 7L, "en"));
  }

  @Test
  void unknownSchemaIdIsRejectedNamingIt() {
    RecordTranslator v1 = RecordTranslator.open(store, V1);

    assertThatThrownBy(() -> v1.toCurrent(Tuple.of(0x1234L, "u1", 7L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entity 'user' starts with schema number 4660 (identifier"
            + " 0000000000001234), which names none of the entity's schemas");
    assertThatThrownBy(() -> v1.toCurrent(Tuple.of(V1.id(), "u1", 7L)))
        .hasMessageContaining("names none of the entity's schemas");
    assertThatThrownBy(() -> v1.toCurrent(Tuple.of("u1", 7L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not start with a schema number");
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
    store.atomic().set(key, SchemaCatalog.encode(V1, 1, false)).commit();

    assertThatThrownBy(() -> RecordTranslator.open(store, V1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("catalog entry " + key)
        .hasMessageContaining("not to its key's 000000000000002a");
  }

  @Test
  void concurrentOpenersOfIncompatibleSchemasNeverBothSucceed() throws Exception {
    inRounds(2, 30, (pool, round) -> {
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
    });
  }

  /** Runs {@code body} {@code rounds} times with a pool of {@code threads}, shut down after. */
  private static void inRounds(int threads, int rounds, Round body) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int round = 0; round < rounds; round++) {
        body.run(pool, round);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** One round of a concurrency test. */
  @FunctionalInterface
  private interface Round {
    void run(ExecutorService pool, int round) throws Exception;
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
