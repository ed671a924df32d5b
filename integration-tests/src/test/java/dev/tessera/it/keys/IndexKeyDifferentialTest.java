package dev.tessera.it.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.internal.mapping.ComponentValues;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.repository.CatalogIndexVerifier;
import dev.tessera.repository.CatalogRepository;
import dev.tessera.repository.GeneratedMappings;
import dev.tessera.repository.KeySpaces;
import dev.tessera.repository.StoredRecord;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.junit.jupiter.api.Test;

/**
 * Differential tests of the two ways records become stored bytes: a generated repository (typed
 * codecs, generated key methods) and the catalog path the {@code tessera} tools use (component
 * values read and written by {@code ComponentValues}, index definitions derived from the catalog's
 * descriptors). For every indexable type, normalisation, null, multi-value and composite index of
 * {@link Exhibit}, both derive the same index keys byte for byte; both encode a record to the same
 * bytes and decode each other's bytes to the same values; and the stores they write hold the same
 * keys and values.
 *
 * <p>Fixed seeds; a soak run draws fresh random exhibits for as long as the system property
 * {@code tessera.soak.seconds} says (0, the default, skips it).
 */
class IndexKeyDifferentialTest {
  private static Path directory;
  private static LmdbKvStore store;
  private static ExhibitRepository generated;
  private static CatalogRepository catalog;
  /** The subspace ids each path's repository uses for each index, by index name. */
  private static final Map<String, Long> repositoryIds = new HashMap<>();
  private static final Map<String, Long> catalogIds = new HashMap<>();

  @BeforeContainer
  static void openStore() throws IOException {
    directory = Files.createTempDirectory("tessera-keys");
    store = LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    generated = new ExhibitRepository(store);
    catalog = CatalogRepository.open(store, "exhibit");
    for (IndexDefinition<Exhibit> index : GeneratedMappings.of(generated).indexes()) {
      repositoryIds.put(index.name(), KeySpaces.subspaceId(generated, index));
    }
    for (IndexDefinition<StoredRecord> index : catalog.indexes()) {
      catalogIds.put(index.name(), KeySpaces.subspaceId(catalog, index));
    }
    assertThat(catalogIds).isEqualTo(repositoryIds);
    assertThat(catalogIds.values()).doesNotHaveDuplicates()
        .doesNotContain(StoreCatalog.of(store).subspaceId("exhibit").orElseThrow());
  }

  @AfterContainer
  static void closeStore() {
    store.close();
    deleteTree(directory);
  }

  @Provide
  Arbitrary<Exhibit> exhibits() {
    return Arbitraries.longs().between(1, 1000)
        .flatMap(id -> Arbitraries.randomValue(random -> Exhibits.random(id, random)));
  }

  @Provide
  Arbitrary<List<Exhibit>> batches() {
    return Arbitraries.integers().between(1, 12).flatMap(size -> Arbitraries.randomValue(random -> {
      List<Exhibit> exhibits = new ArrayList<>();
      for (int i = 0; i < size; i++) {
        exhibits.add(Exhibits.random(i, random));
      }
      return exhibits;
    }));
  }

  @Property(seed = "20261125", tries = 400)
  void everyIndexDerivesTheSameKeysOnBothPaths(@ForAll("exhibits") Exhibit exhibit) {
    assertSameKeys(exhibit);
  }

  @Property(seed = "11252026", tries = 400)
  void recordsEncodeAndDecodeAlikeOnBothPaths(@ForAll("exhibits") Exhibit exhibit) {
    assertSameRecordBytes(exhibit);
  }

  @Property(seed = "7", tries = 25)
  void storesWrittenByBothPathsHoldTheSameBytes(@ForAll("batches") List<Exhibit> exhibits) {
    assertSameStores(exhibits);
  }

  /** The soak mode: fresh random exhibits until {@code tessera.soak.seconds} have passed. */
  @Test
  void soak() {
    long deadline = System.nanoTime()
        + Duration.ofSeconds(Long.getLong("tessera.soak.seconds", 0)).toNanos();
    Random random = new Random();
    while (System.nanoTime() - deadline < 0) {
      long seed = random.nextLong();
      Random draw = new Random(seed);
      Exhibit exhibit = Exhibits.random(draw.nextInt(1000), draw);
      try {
        assertSameKeys(exhibit);
        assertSameRecordBytes(exhibit);
      } catch (AssertionError e) {
        throw new AssertionError("soak failed for Random(" + seed + "): " + exhibit, e);
      }
    }
  }

  // ------------------------------------------------------------------------------------------

  private static void assertSameKeys(Exhibit exhibit) {
    EntityMapping<Exhibit, Long> mapping = GeneratedMappings.of(generated);
    StoredRecord stored = catalog.record(Exhibits.plain(exhibit));
    Tuple pkParts = mapping.keyParts(exhibit.id());
    assertThat(catalog.indexes()).extracting(IndexDefinition::name)
        .containsExactlyInAnyOrderElementsOf(
            mapping.indexes().stream().map(IndexDefinition::name).toList());
    for (IndexDefinition<Exhibit> index : mapping.indexes()) {
      IndexDefinition<StoredRecord> derived = catalog.indexes().stream()
          .filter(i -> i.name().equals(index.name())).findFirst().orElseThrow();
      // each path's own subspace id: the catalog's for the derived index, the repository's for its own
      assertThat(hex(derived.entryValues(stored), derived, catalogIds.get(derived.name()), pkParts))
          .as("index %s of %s", index.name(), exhibit)
          .isEqualTo(hex(index.entryValues(exhibit), index, repositoryIds.get(index.name()), pkParts));
    }
  }

  private static List<String> hex(
      List<Tuple> values, IndexDefinition<?> index, long subspaceId, Tuple pkParts) {
    return values.stream()
        .map(v -> HexFormat.of().formatHex(index.entryKey(subspaceId, v, pkParts).pack()))
        .toList();
  }

  private static void assertSameRecordBytes(Exhibit exhibit) {
    EntityMapping<Exhibit, Long> mapping = GeneratedMappings.of(generated);
    byte[] generatedBytes = mapping.encode(exhibit);
    Map<String, Object> plain = Exhibits.plain(exhibit);
    byte[] catalogBytes = ComponentValues.encode(catalog.schema(), plain).pack();

    assertThat(HexFormat.of().formatHex(catalogBytes)).as("encoded %s", exhibit)
        .isEqualTo(HexFormat.of().formatHex(generatedBytes));
    // each path decodes the other's bytes to the values it started from
    Exhibit decoded = mapping.decode(catalogBytes);
    assertThat(Exhibits.comparable(Exhibits.plain(decoded))).isEqualTo(Exhibits.comparable(plain));
    assertThat(Exhibits.comparable(ComponentValues.read(catalog.schema(), Tuple.unpack(generatedBytes))))
        .isEqualTo(Exhibits.comparable(plain));
  }

  private static void assertSameStores(List<Exhibit> exhibits) {
    Path left = tempDirectory();
    Path right = tempDirectory();
    try (LmdbKvStore viaRepository = LmdbKvStore.open(left);
        LmdbKvStore viaCatalog = LmdbKvStore.open(right)) {
      ExhibitRepository repository = new ExhibitRepository(viaRepository);
      new ExhibitRepository(viaCatalog); // the application opened it once: its catalog exists
      CatalogRepository tool = CatalogRepository.open(viaCatalog, "exhibit");
      for (Exhibit exhibit : exhibits) {
        boolean refusedByRepository = refused(() -> repository.insert(exhibit));
        boolean refusedByCatalog =
            refused(() -> tool.insertAll(List.of(tool.record(Exhibits.plain(exhibit)))));
        assertThat(refusedByCatalog).as("refused %s", exhibit).isEqualTo(refusedByRepository);
      }
      assertThat(contents(viaCatalog)).isEqualTo(contents(viaRepository));
      assertThat(CatalogIndexVerifier.verify(viaRepository, "exhibit", false, i -> { })
          .verification().clean()).isTrue();
      assertThat(repository.indexAdmin().verifyIndexes().clean()).isTrue();
    } finally {
      deleteTree(left);
      deleteTree(right);
    }
  }

  private static boolean refused(Runnable insert) {
    try {
      insert.run();
      return false;
    } catch (UniqueConstraintViolationException e) {
      return true;
    }
  }

  /** Every key and value of the store, without versionstamps (the commits differ). */
  private static List<String> contents(KvStore kv) {
    List<String> entries = new ArrayList<>();
    TupleRange everything = TupleRange.ofPacked(new byte[0], new byte[] {(byte) 0xff});
    try (KvIterator all = kv.list(ListSelector.of(everything))) {
      while (all.hasNext()) {
        KvEntry entry = all.next();
        entries.add(HexFormat.of().formatHex(entry.key().pack()) + " -> "
            + HexFormat.of().formatHex(entry.value()));
      }
    }
    return entries;
  }

  private static Path tempDirectory() {
    try {
      return Files.createTempDirectory("tessera-keys");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
