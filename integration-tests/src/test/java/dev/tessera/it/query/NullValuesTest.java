package dev.tessera.it.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.catalog.IndexState;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.it.StoredKeys;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.query.Page;
import dev.tessera.repository.CatalogIndexVerifier;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.IndexVerification;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Null values on generated repositories over real LMDB: a non-unique index holds the records whose
 * field is null under a null part, so {@code isNull()} finds them, while ranges never return them;
 * a unique index keeps leaving them out; a store written before nulls were indexed rebuilds the
 * affected indexes when it is opened.
 */
class NullValuesTest {
  private static final LocalDate MAY = LocalDate.of(2024, 5, 1);
  private static final LocalDate JUNE = LocalDate.of(2024, 6, 1);
  private static final RepositoryOptions BLOCKING =
      RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.BLOCKING);

  @TempDir Path directory;
  private KvStore store;
  private EditionRepository editions;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory.resolve("store"));
    editions = new EditionRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static List<Long> ids(List<Edition> editions) {
    return editions.stream().map(Edition::id).toList();
  }

  private static List<Edition> sample() {
    return List.of(
        new Edition(1, "isbn-1", "Emma", 3, MAY, 400),
        new Edition(2, null, null, 3, null, 120),
        new Edition(3, null, "Beowulf", null, JUNE, 90),
        new Edition(4, "isbn-4", null, null, null, 310),
        new Edition(5, null, "Dracula", 3, JUNE, 420),
        new Edition(6, null, null, 7, MAY, 200));
  }

  private List<Tuple> keysUnder(String subspace) {
    List<Tuple> keys = new ArrayList<>();
    try (KvIterator it = store.list(ListSelector.of(StoredKeys.range(store, subspace)))) {
      it.forEachRemaining(entry -> keys.add(entry.key()));
    }
    return keys;
  }

  @Test
  void isNullFindsTheRecordsWhoseFieldIsNullInPrimaryKeyOrder() {
    editions.insertAll(sample());

    assertThat(ids(editions.byTitle().isNull().list())).containsExactly(2L, 4L, 6L);
    assertThat(ids(editions.byTitle().isNull().reverse().list())).containsExactly(6L, 4L, 2L);
    assertThat(editions.byTitle().isNull().count()).isEqualTo(3);
    assertThat(editions.byTitle().isNull().exists()).isTrue();
    assertThat(editions.byTitle().isNull().first()).map(Edition::id).contains(2L);
    assertThat(editions.byTitle().isNull().stream().map(Edition::id)).containsExactly(2L, 4L, 6L);

    Page<Edition> first = editions.byTitle().isNull().page(2);
    assertThat(ids(first.items())).containsExactly(2L, 4L);
    Page<Edition> second = editions.byTitle().isNull().after(first.next().orElseThrow()).page(2);
    assertThat(ids(second.items())).containsExactly(6L);
    assertThat(second.next()).isEmpty();

    // The index holds one entry per record, the null ones under a null part.
    assertThat(keysUnder("edition_by_title")).containsExactly(
        StoredKeys.key(store, "edition_by_title", null, 2L), StoredKeys.key(store, "edition_by_title", null, 4L),
        StoredKeys.key(store, "edition_by_title", null, 6L), StoredKeys.key(store, "edition_by_title", "Beowulf", 3L),
        StoredKeys.key(store, "edition_by_title", "Dracula", 5L), StoredKeys.key(store, "edition_by_title", "Emma", 1L));
  }

  @Test
  void rangesAndPrefixesNeverReturnNullsWhileTheWholeIndexListsThemFirst() {
    editions.insertAll(sample());

    assertThat(ids(editions.byTitle().lessThan("Emma").list())).containsExactly(3L, 5L);
    assertThat(ids(editions.byTitle().atMost("Emma").list())).containsExactly(3L, 5L, 1L);
    assertThat(ids(editions.byTitle().between("", "Zzz").list())).containsExactly(3L, 5L, 1L);
    assertThat(ids(editions.byTitle().atLeast("").list())).containsExactly(3L, 5L, 1L);
    assertThat(ids(editions.byTitle().greaterThan("Beowulf").list())).containsExactly(5L, 1L);
    assertThat(ids(editions.byTitle().startsWith("").list())).containsExactly(3L, 5L, 1L);
    assertThat(ids(editions.byTitle().lessThan("Emma").reverse().list())).containsExactly(5L, 3L);
    assertThat(editions.byTitle().atMost("Emma").count()).isEqualTo(3);
    assertThat(ids(editions.byTitle().in("Emma", "Beowulf").list())).containsExactly(3L, 1L);

    // Unnarrowed, the index lists every record: nulls first, last when reversed.
    assertThat(ids(editions.byTitle().list())).containsExactly(2L, 4L, 6L, 3L, 5L, 1L);
    assertThat(ids(editions.byTitle().reverse().limit(2).list())).containsExactly(1L, 5L);
    assertThat(editions.byTitle().count()).isEqualTo(6);
  }

  @Test
  void compositeIndexFindsANullLeadingOrLaterComponent() {
    editions.insertAll(sample());

    // shelf null, any publication date (nulls first among them), then by primary key
    assertThat(ids(editions.byShelfAndPublished().isNull().list())).containsExactly(4L, 3L);
    // shelf 3 with no publication date
    assertThat(ids(editions.byShelfAndPublished().equalTo(3).isNull().list())).containsExactly(2L);
    assertThat(ids(editions.byShelfAndPublished().equalTo(3).list())).containsExactly(2L, 1L, 5L);
    assertThat(ids(editions.byShelfAndPublished().equalTo(3).lessThan(JUNE).list())).containsExactly(1L);
    assertThat(ids(editions.byShelfAndPublished().equalTo(3).atMost(JUNE).reverse().list()))
        .containsExactly(5L, 1L);
    assertThat(ids(editions.byShelfAndPublished().atMost(7).list())).containsExactly(2L, 1L, 5L, 6L);
    assertThat(ids(editions.byShelfAndPublished().in(3, 7).isNull().list())).containsExactly(2L);
  }

  @Test
  void writesMoveRecordsIntoAndOutOfTheNullEntries() {
    editions.insertAll(sample());

    editions.update(new Edition(2, null, "Aeneid", 3, null, 120));
    editions.update(new Edition(1, "isbn-1", null, 3, MAY, 400));
    editions.delete(4L);

    assertThat(ids(editions.byTitle().isNull().list())).containsExactly(1L, 6L);
    assertThat(ids(editions.byTitle().lessThan("B").list())).containsExactly(2L);
    assertThat(ids(editions.byShelfAndPublished().isNull().list())).containsExactly(3L);
    IndexVerification verification = editions.indexAdmin().verifyIndexes();
    assertThat(verification.clean()).as(verification.toString()).isTrue();
    assertThat(keysUnder("edition_by_title")).hasSize(5);
  }

  @Test
  void aUniqueIndexLeavesNullsOutAndRefusesIsNull() {
    editions.insertAll(sample()); // four records without an ISBN: no conflict

    assertThat(keysUnder("edition_by_isbn")).containsExactly(
        StoredKeys.key(store, "edition_by_isbn", "isbn-1"), StoredKeys.key(store, "edition_by_isbn", "isbn-4"));
    assertThat(ids(editions.byIsbn().list())).containsExactly(1L, 4L);
    assertThatThrownBy(() -> editions.byIsbn().isNull())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("index 'isbn' of entity 'edition'")
        .hasMessageContaining("a unique index leaves out the records whose indexed field is null");
    assertThatThrownBy(() -> editions.byPages().isNull())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("index 'pages' of entity 'edition'")
        .hasMessageContaining("holds no null values");
  }

  /**
   * A composite index with a nullable field holds nulls, but not for its primitive fields: {@code
   * isNull()} on one of those refuses as on a single primitive field, naming the field, on a
   * leading and on a later component alike; on the nullable one it finds the nulls.
   */
  @Test
  void isNullOnAPrimitiveComponentOfACompositeIndexThrowsNamingTheField() {
    ManuscriptRepository manuscripts = new ManuscriptRepository(store);
    manuscripts.insertAll(List.of(
        new Manuscript(1, Genre.NOVEL, 300, null), new Manuscript(2, null, 120, 4),
        new Manuscript(3, Genre.NOVEL, 80, 9), new Manuscript(4, null, 300, null)));

    assertThatThrownBy(() -> manuscripts.byGenreAndPages().equalTo(Genre.NOVEL).isNull())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("index 'genreAndPages' of entity 'manuscript'")
        .hasMessageContaining("field 'pages' is primitive, never null");
    assertThatThrownBy(() -> manuscripts.byGenreAndPages().in(Genre.NOVEL, Genre.ESSAY).isNull())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("field 'pages' is primitive, never null");
    assertThatThrownBy(() -> manuscripts.byPagesAndChapters().isNull())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("index 'pagesAndChapters' of entity 'manuscript'")
        .hasMessageContaining("field 'pages' is primitive, never null");

    assertThat(manuscripts.byGenreAndPages().isNull().list()).extracting(Manuscript::id)
        .containsExactly(2L, 4L);
    assertThat(manuscripts.byPagesAndChapters().equalTo(300).isNull().list())
        .extracting(Manuscript::id).containsExactly(1L, 4L);
    assertThat(manuscripts.byPagesAndChapters().in(120, 80).isNull().exists()).isFalse();
  }

  @Test
  void verifyReportsAMissingNullEntryAndRepairRestoresIt() {
    editions.insertAll(sample());
    assertThat(store.atomic().delete(StoredKeys.key(store, "edition_by_title", null, 4L)).commit().ok()).isTrue();

    IndexVerification found = editions.indexAdmin().verifyIndexes();
    assertThat(found.index("title").missing()).isEqualTo(1);
    CatalogIndexVerifier.Result fromCatalog = CatalogIndexVerifier.verify(store, "edition", false, i -> {});
    assertThat(fromCatalog.verification().index("title").missing()).isEqualTo(1);

    editions.indexAdmin().repairIndexes();
    assertThat(ids(editions.byTitle().isNull().list())).containsExactly(2L, 4L, 6L);
    assertThat(editions.indexAdmin().verifyIndexes().clean()).isTrue();
    CatalogIndexVerifier.Result after = CatalogIndexVerifier.verify(store, "edition", false, i -> {});
    assertThat(after.skipped()).noneMatch(line -> line.contains(".title:") || line.contains(".shelf"));
    assertThat(after.verification().clean()).as(after.verification().toString()).isTrue();
  }

  /**
   * A store as the runtime wrote it before null values were indexed: no entry for a record whose
   * indexed field is null, and catalog entries with the descriptors of that time (no {@code
   * ;nulls}). Opening it rebuilds exactly the indexes that now hold nulls.
   */
  @Test
  void aStoreWrittenBeforeNullsWereIndexedRebuildsTheAffectedIndexesOnOpen() {
    editions.insertAll(sample());
    AtomicOperation op = store.atomic();
    for (IndexDefinition<Edition> index :
        List.of(EditionRepository.BY_TITLE, EditionRepository.BY_SHELF_AND_PUBLISHED)) {
      for (Tuple key : keysUnder(index.subspace())) {
        if (key.get(1) == null || key.get(2) == null) {
          op.delete(key);
        }
      }
      String old = index.descriptor().replace(";nulls", "");
      op.set(IndexCatalog.key("edition", index.name()), IndexCatalog.encode(IndexCatalogEntry.readable(
          "edition", index.name(), old, index.subspace(), index.unique())));
    }
    assertThat(op.commit().ok()).isTrue();
    assertThat(keysUnder("edition_by_title")).hasSize(3);
    store.close();

    store = LmdbKvStore.open(directory.resolve("store"));
    editions = new EditionRepository(store, BLOCKING);
    List<IndexCatalogEntry> states = editions.indexAdmin().indexStates();
    for (IndexCatalogEntry entry : states) {
      assertThat(entry.state()).isEqualTo(IndexState.READABLE);
      boolean rebuilt = entry.indexName().equals(EditionRepository.BY_TITLE.name())
          || entry.indexName().equals(EditionRepository.BY_SHELF_AND_PUBLISHED.name());
      assertThat(entry.generation()).as(entry.indexName()).isEqualTo(rebuilt ? 2 : 1);
    }
    assertThat(ids(editions.byTitle().isNull().list())).containsExactly(2L, 4L, 6L);
    assertThat(ids(editions.byShelfAndPublished().isNull().list())).containsExactly(4L, 3L);
    assertThat(keysUnder("edition_by_title")).hasSize(6);
    assertThat(editions.indexAdmin().verifyIndexes().clean()).isTrue();
  }
}
