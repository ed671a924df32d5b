package dev.tessera.it.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.internal.catalog.SchemaCatalog;
import dev.tessera.it.Place;
import dev.tessera.it.PlaceRepository;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.CatalogIndexVerifier;
import dev.tessera.repository.Transactions;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.tuple.Tuple;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real store written by the Tessera version whose record values started with the 8-byte schema
 * identifier instead of the number the catalog gives each shape ({@code compact-hash-store.zip}:
 * {@link OldLayoutFixture}'s writes, compact keys, catalog entries of format 2). It opens without
 * migration, its values keep reading forever, writes store the number, and it holds and answers
 * what the same writes give on a new store.
 */
class IdentifierValueStoreTest {
  @TempDir Path temp;

  @Test
  void readOnlyToolsReadTheIdentifierValuesBeforeAnyRepositoryNumbersTheEntity() {
    try (LmdbKvStore old = LmdbKvStore.open(fixture());
        LmdbKvStore fresh = LmdbKvStore.open(temp.resolve("fresh"))) {
      OldLayoutFixture.write(fresh);
      StoredRecordReader exhibits = StoreCatalog.of(old).records("exhibit");

      assertThat(exhibits.number(exhibits.latest())).isZero();
      assertThat(firstParts(old, exhibits)).containsOnly(exhibits.latest().id());
      assertThat(readAll(old, exhibits)).isEqualTo(readAll(fresh, StoreCatalog.of(fresh).records("exhibit")));
      assertThat(CatalogIndexVerifier.verify(old, "exhibit", false, name -> { }).verification().clean())
          .isTrue();
    }
  }

  @Test
  void repositoriesOpenNumberTheShapesAndReadQueryAndVerifyAsOnANewStore() {
    try (LmdbKvStore old = LmdbKvStore.open(fixture());
        LmdbKvStore fresh = LmdbKvStore.open(temp.resolve("fresh"))) {
      OldLayoutFixture.write(fresh);

      OldLayoutMigrationTest.assertSameRecordsAndQueries(old, fresh);

      assertThat(SchemaCatalog.read(old, "exhibit").entries())
          .singleElement()
          .satisfies(entry -> {
            assertThat(entry.format()).isEqualTo(3);
            assertThat(entry.number()).isEqualTo(1);
            assertThat(entry.identifierValues()).isTrue();
          });
      StoredRecordReader exhibits = StoreCatalog.of(old).records("exhibit");
      assertThat(firstParts(old, exhibits)).containsOnly(exhibits.latest().id()); // nothing rewritten
      assertThat(OldLayoutMigrationTest.byName(old)).isEqualTo(OldLayoutMigrationTest.byName(fresh));
      ExhibitRepository inOld = new ExhibitRepository(old);
      ExhibitRepository inFresh = new ExhibitRepository(fresh);
      for (long id = 1; id <= OldLayoutFixture.EXHIBITS; id++) {
        long key = id;
        assertThat(Transactions.run(old, tx -> inOld.in(tx).findById(key))
                .map(Exhibits::plain).map(Exhibits::comparable))
            .isEqualTo(inFresh.findById(key).map(Exhibits::plain).map(Exhibits::comparable));
      }
    }
  }

  @Test
  void writesStoreTheNumberAndTheStoreThenHoldsWhatTheSameWritesGiveOnANewStore() {
    try (LmdbKvStore old = LmdbKvStore.open(fixture());
        LmdbKvStore fresh = LmdbKvStore.open(temp.resolve("fresh"))) {
      OldLayoutFixture.write(fresh);

      for (KvStore store : List.of(old, fresh)) {
        moreWrites(store);
      }

      OldLayoutMigrationTest.assertSameRecordsAndQueries(old, fresh);
      StoredRecordReader exhibits = StoreCatalog.of(old).records("exhibit");
      long identifier = exhibits.latest().id();
      assertThat(firstParts(old, exhibits)).containsOnly(identifier, 1L).contains(1L, identifier);
      int compared = 0;
      for (String entity : List.of("exhibit", "place")) {
        Map<Tuple, byte[]> written = values(fresh, StoreCatalog.of(fresh).records(entity));
        Map<Tuple, byte[]> rewritten = values(old, StoreCatalog.of(old).records(entity));
        for (Map.Entry<Tuple, byte[]> record : rewritten.entrySet()) {
          if (Tuple.unpack(record.getValue()).getLong(0) == 1L) {
            assertThat(record.getValue()).as("%s %s", entity, record.getKey())
                .isEqualTo(written.get(record.getKey()));
            compared++;
          }
        }
      }
      assertThat(compared).isGreaterThan(20);
      assertThat(OldLayoutMigrationTest.byName(old)).isEqualTo(OldLayoutMigrationTest.byName(fresh));
      PlaceRepository places = new PlaceRepository(old);
      assertThat(places.findById("p1")).isEqualTo(new PlaceRepository(fresh).findById("p1"));
    }
  }

  @Test
  void aRepositoryOnAReadOnlyStoreReadsOnceTheEntityIsNumberedAndSaysWhatToDoBefore() throws Exception {
    Path dir = fixture();
    byte[] before = Files.readAllBytes(dir.resolve("data.mdb"));
    try (LmdbKvStore readOnly = LmdbKvStore.openReadOnly(dir)) {
      assertThatThrownBy(() -> new ExhibitRepository(readOnly))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("entity 'exhibit'")
          .hasMessageContaining("opened read-only")
          .hasMessageContaining("Open the store for writing once");
    }
    assertThat(Files.readAllBytes(dir.resolve("data.mdb"))).isEqualTo(before);

    try (LmdbKvStore writable = LmdbKvStore.open(dir)) {
      new ExhibitRepository(writable); // numbers the shapes
    }
    try (LmdbKvStore readOnly = LmdbKvStore.openReadOnly(dir);
        LmdbKvStore fresh = LmdbKvStore.open(temp.resolve("fresh"))) {
      OldLayoutFixture.write(fresh);
      ExhibitRepository inOld = new ExhibitRepository(readOnly);
      ExhibitRepository inFresh = new ExhibitRepository(fresh);
      for (long id = 1; id <= OldLayoutFixture.EXHIBITS; id++) {
        assertThat(inOld.findById(id).map(Exhibits::plain).map(Exhibits::comparable))
            .isEqualTo(inFresh.findById(id).map(Exhibits::plain).map(Exhibits::comparable));
      }
      assertThat(inOld.count()).isEqualTo(inFresh.count());
      assertThatThrownBy(() -> inOld.delete(1L))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("read-only");
    }
  }

  /** Updates, inserts and deletes, deterministically. */
  private static void moreWrites(KvStore store) {
    ExhibitRepository exhibits = new ExhibitRepository(store);
    Random random = new Random(7);
    for (long id = 1; id <= OldLayoutFixture.EXHIBITS + 20; id++) {
      try {
        exhibits.save(Exhibits.random(id, random));
      } catch (UniqueConstraintViolationException taken) {
        // the draw repeats a unique value: the store keeps the first holder
      }
    }
    exhibits.delete(5L);
    PlaceRepository places = new PlaceRepository(store);
    places.update(new Place("p1", 1, 2, "moved"));
    for (int i = 2; i < OldLayoutFixture.PLACES; i++) {
      places.update(new Place("p" + i, i % 9 - 4, i % 7 - 3, i % 3 == 0 ? null : "moved " + i));
    }
  }

  private Path fixture() {
    return OldLayoutMigrationTest.unzip("compact-hash-store.zip", temp.resolve("old"));
  }

  private static Map<Tuple, byte[]> values(KvStore store, StoredRecordReader reader) {
    Map<Tuple, byte[]> values = new TreeMap<>();
    try (KvIterator all = store.list(ListSelector.of(reader.records()))) {
      while (all.hasNext()) {
        KvEntry entry = all.next();
        values.put(reader.primaryKeyParts(entry.key()), entry.value());
      }
    }
    return values;
  }

  private static List<Long> firstParts(KvStore store, StoredRecordReader reader) {
    List<Long> parts = new ArrayList<>();
    for (byte[] value : values(store, reader).values()) {
      parts.add(Tuple.unpack(value).getLong(0));
    }
    return parts;
  }

  private static Map<Tuple, String> readAll(KvStore store, StoredRecordReader reader) {
    Map<Tuple, String> records = new TreeMap<>();
    values(store, reader).forEach((key, value) ->
        records.put(key, String.valueOf(Exhibits.comparable(reader.read(value)))));
    return records;
  }
}
