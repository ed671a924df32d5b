package dev.tessera.it.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.KeyLayoutMigration;
import dev.tessera.catalog.StoreCatalog;
import dev.tessera.catalog.StoredRecordReader;
import dev.tessera.it.Place;
import dev.tessera.it.PlaceRepository;
import dev.tessera.it.StoreBackend;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.repository.GeneratedMappings;
import dev.tessera.repository.KeyLayoutMigrationRequiredException;
import dev.tessera.repository.KeySpaces;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real store written by the Tessera version whose keys started with entity and index names
 * ({@code old-layout-store.zip}, made by {@link OldLayoutFixture}): repositories refuse it until it
 * is migrated, and the migrated store holds exactly what the same writes give on a current store:
 * the same keys (by subspace name) and values, records, index queries, counts and a clean
 * verification. An interrupted migration resumes.
 */
class OldLayoutMigrationTest {
  @TempDir Path temp;

  @Test
  void openingAnUnmigratedEntityFailsNamingItTheStoreAndTheCommandAndWritesNothing() {
    Path old = unzipFixture("old");
    try (LmdbKvStore store = LmdbKvStore.open(old)) {
      Map<String, String> before = contents(store);

      assertThatThrownBy(() -> new ExhibitRepository(store))
          .isInstanceOf(KeyLayoutMigrationRequiredException.class)
          .hasMessageContaining("entity 'exhibit'")
          .hasMessageContaining(old.toString())
          .hasMessageContaining("tessera migrate " + old);
      assertThatThrownBy(() -> new PlaceRepository(store))
          .isInstanceOf(KeyLayoutMigrationRequiredException.class)
          .hasMessageContaining("entity 'place'");
      assertThatThrownBy(() -> StoreCatalog.of(store).records("exhibit"))
          .isInstanceOf(KeyLayoutMigrationRequiredException.class);

      assertThat(contents(store)).isEqualTo(before);
    }
  }

  @Test
  void aMigratedStoreHoldsWhatTheSameWritesGiveOnACurrentStore() {
    Path old = unzipFixture("old");
    try (LmdbKvStore migrated = LmdbKvStore.open(old);
        LmdbKvStore fresh = LmdbKvStore.open(temp.resolve("fresh"))) {
      OldLayoutFixture.write(fresh);
      List<String> lines = new ArrayList<>();

      KeyLayoutMigration.Result result =
          KeyLayoutMigration.migrate(migrated, 1000, Integer.MAX_VALUE, lines::add);

      assertThat(result.complete()).isTrue();
      assertThat(result.migrated()).containsExactly("exhibit", "place");
      assertThat(result.movedKeys()).isGreaterThan(OldLayoutFixture.EXHIBITS);
      assertThat(lines).contains("entity exhibit: migrated", "entity place: migrated");
      assertSameAs(migrated, fresh);
    }
  }

  @Test
  void anInterruptedMigrationLeavesTheStoreRefusedAndResumes() {
    Path old = unzipFixture("old");
    try (LmdbKvStore migrated = LmdbKvStore.open(old);
        LmdbKvStore fresh = LmdbKvStore.open(temp.resolve("fresh"))) {
      OldLayoutFixture.write(fresh);

      List<String> lines = new ArrayList<>();
      KeyLayoutMigration.Result first = KeyLayoutMigration.migrate(migrated, 25, 3, lines::add);
      assertThat(first.complete()).isFalse();
      assertThat(first.batches()).isEqualTo(3);
      // three commits of at most 25 keys of one subspace each: the records, then the first indexes
      long records = new ExhibitRepository(fresh).count();
      assertThat(first.movedKeys()).as("%s", lines).isGreaterThan(records).isLessThanOrEqualTo(75);
      assertThat(lines).last().asString().contains("stopped at the batch limit");
      assertThatThrownBy(() -> new ExhibitRepository(migrated))
          .isInstanceOf(KeyLayoutMigrationRequiredException.class);

      long runs = 1;
      KeyLayoutMigration.Result next;
      do {
        next = KeyLayoutMigration.migrate(migrated, 25, 2, line -> { });
        runs++;
      } while (!next.complete() && runs < 1000);

      assertThat(next.complete()).isTrue();
      assertThat(runs).isGreaterThan(2);
      assertSameAs(migrated, fresh);
      KeyLayoutMigration.Result again =
          KeyLayoutMigration.migrate(migrated, 25, 2, line -> { });
      assertThat(again.complete()).isTrue();
      assertThat(again.movedKeys()).isZero();
      assertThat(again.migrated()).isEmpty();
      assertThat(again.alreadyMigrated()).containsExactly("exhibit", "place");
    }
  }

  @Test
  void theFixtureCopiedToEtcdMigratesThereAsOnLmdb() {
    Path old = unzipFixture("old");
    try (LmdbKvStore lmdb = LmdbKvStore.open(old);
        KvStore etcd = StoreBackend.ETCD.open(temp.resolve("etcd"));
        LmdbKvStore fresh = LmdbKvStore.open(temp.resolve("fresh"))) {
      OldLayoutFixture.write(fresh);
      try (KvIterator all = lmdb.list(ListSelector.of(everything()))) {
        while (all.hasNext()) {
          KvEntry entry = all.next();
          assertThat(etcd.atomic().set(entry.key(), entry.value()).commit().ok()).isTrue();
        }
      }
      assertThatThrownBy(() -> new ExhibitRepository(etcd))
          .isInstanceOf(KeyLayoutMigrationRequiredException.class)
          .hasMessageContaining("entity 'exhibit'")
          .hasMessageContaining("call dev.tessera.catalog.KeyLayoutMigration.migrate on the store")
          .hasMessageNotContaining("tessera migrate");

      KeyLayoutMigration.Result first = KeyLayoutMigration.migrate(etcd, 40, 5, line -> { });
      KeyLayoutMigration.Result rest =
          KeyLayoutMigration.migrate(etcd, 40, Integer.MAX_VALUE, line -> { });
      KeyLayoutMigration.migrate(lmdb, 40, Integer.MAX_VALUE, line -> { });

      assertThat(first.complete()).isFalse();
      assertThat(rest.complete()).isTrue();
      assertThat(rest.migrated()).containsExactly("exhibit", "place");
      assertThat(byName(etcd)).isEqualTo(byName(lmdb));
      assertSameRecordsAndQueries(etcd, fresh);
    }
  }

  @Test
  void aStoreWithKeysNoCatalogEntityOwnsIsRefusedUnchanged() {
    Path old = unzipFixture("old");
    try (LmdbKvStore store = LmdbKvStore.open(old)) {
      assertThat(store.atomic().set(Tuple.of("stray", 1), new byte[] {1}).commit().ok()).isTrue();
      Map<String, String> before = contents(store);

      assertThatThrownBy(() -> KeyLayoutMigration.migrate(store, 1000, Integer.MAX_VALUE, l -> { }))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("'stray'")
          .hasMessageContaining("Nothing was changed");
      assertThat(contents(store)).isEqualTo(before);
    }
  }

  /**
   * Asserts that {@code migrated} holds what {@code fresh} holds: every key by subspace name with
   * its value, every record, every index's records in index order, counts, and clean indexes.
   */
  static void assertSameAs(KvStore migrated, KvStore fresh) {
    assertThat(byName(migrated)).isEqualTo(byName(fresh));
    assertSameRecordsAndQueries(migrated, fresh);
  }

  /** Every record, every index's records in index order, counts and clean indexes alike. */
  static void assertSameRecordsAndQueries(KvStore migrated, KvStore fresh) {
    ExhibitRepository exhibits = new ExhibitRepository(migrated);
    ExhibitRepository expectedExhibits = new ExhibitRepository(fresh);
    assertThat(exhibits.count()).isEqualTo(expectedExhibits.count()).isPositive();
    assertThat(ids(exhibits.byId().list())).isEqualTo(ids(expectedExhibits.byId().list()));
    for (IndexDefinition<Exhibit> index : GeneratedMappings.of(exhibits).indexes()) {
      assertThat(ids(KeySpaces.all(exhibits, index)))
          .as("index %s", index.name())
          .isEqualTo(ids(KeySpaces.all(expectedExhibits, index)));
    }
    for (long id = 1; id <= OldLayoutFixture.EXHIBITS; id++) {
      assertThat(exhibits.findById(id).map(Exhibits::plain).map(Exhibits::comparable))
          .isEqualTo(expectedExhibits.findById(id).map(Exhibits::plain).map(Exhibits::comparable));
    }
    assertThat(exhibits.indexAdmin().verifyIndexes().clean()).isTrue();

    PlaceRepository places = new PlaceRepository(migrated);
    PlaceRepository expectedPlaces = new PlaceRepository(fresh);
    assertThat(places.count()).isEqualTo(OldLayoutFixture.PLACES);
    assertThat(places.byId().list()).isEqualTo(expectedPlaces.byId().list());
    assertThat(places.byXY().within(-5, -5, 5, 5).list())
        .isEqualTo(expectedPlaces.byXY().within(-5, -5, 5, 5).list())
        .isNotEmpty();
    assertThat(places.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  private static List<Long> ids(List<Exhibit> exhibits) {
    return exhibits.stream().map(Exhibit::id).toList();
  }

  /**
   * Every entry of {@code store} as text, keys by subspace name: a record or index key's first part
   * (its subspace id) replaced by the name the catalog assigned it to. The catalog's own subspace
   * entries (the ids themselves) are left out; versionstamps differ between commits and are too. A
   * record value's first part names its shape by a number or, written before the entity was
   * numbered, by its identifier: it is shown as the shape's descriptor; a schema entry is shown as
   * its shape, without its format and number.
   */
  static Map<String, String> byName(KvStore store) {
    StoreCatalog catalog = StoreCatalog.of(store);
    Map<Long, String> names = catalog.subspaceNames();
    Map<String, StoredRecordReader> entities = new TreeMap<>();
    for (String entity : catalog.entityNames()) {
      entities.put(entity, catalog.records(entity));
    }
    Map<String, String> entries = new TreeMap<>();
    try (KvIterator all = store.list(ListSelector.of(everything()))) {
      while (all.hasNext()) {
        KvEntry entry = all.next();
        Tuple key = entry.key();
        String value = HexFormat.of().formatHex(entry.value());
        if (key.get(0) instanceof Long id) {
          assertThat(names).as("subspace of %s", key).containsKey(id);
          key = Tuple.of(names.get(id)).addAll(key.subTuple(1, key.size()));
          StoredRecordReader records = entities.get(names.get(id));
          if (records != null) {
            Tuple stored = Tuple.unpack(entry.value());
            value = records.schemaOf(stored).descriptor()
                + HexFormat.of().formatHex(stored.subTuple(1, stored.size()).pack());
          }
        } else if (key.size() > 1 && String.valueOf(key.get(1)).startsWith("subspace")) {
          continue;
        } else if (key.size() > 1 && "evolution".equals(key.get(1))) {
          continue; // a repository records its shape's defaults when it opens the store, not migrate
        } else if (key.size() == 4 && "schema".equals(key.get(1))) {
          Tuple schema = Tuple.unpack(entry.value());
          value = schema.subTuple(1, 3).toString();
        }
        entries.put(key.toString(), value);
      }
    }
    return entries;
  }

  /** Every entry of {@code store} as text, with its versionstamp. */
  private static Map<String, String> contents(KvStore store) {
    Map<String, String> entries = new TreeMap<>();
    try (KvIterator all = store.list(ListSelector.of(everything()))) {
      while (all.hasNext()) {
        KvEntry entry = all.next();
        entries.put(entry.key().toString(),
            entry.versionstamp() + " " + HexFormat.of().formatHex(entry.value()));
      }
    }
    return entries;
  }

  private static TupleRange everything() {
    return TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF});
  }

  /** The fixture store, unpacked into a new directory {@code name}. */
  private Path unzipFixture(String name) {
    return unzipFixture(temp.resolve(name));
  }

  /** The fixture store, unpacked into {@code directory}. */
  static Path unzipFixture(Path directory) {
    return unzip("old-layout-store.zip", directory);
  }

  /** The store zipped as resource {@code name} beside this class, unpacked into {@code directory}. */
  static Path unzip(String name, Path directory) {
    try (InputStream in = OldLayoutMigrationTest.class.getResourceAsStream(name);
        ZipInputStream zip = new ZipInputStream(in)) {
      Files.createDirectories(directory);
      for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
        Files.copy(zip, directory.resolve(entry.getName()));
      }
      return directory;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
