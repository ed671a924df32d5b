package dev.tessera.it.multi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.query.Page;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.IndexReport;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.Transactions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-value indexes through a generated repository on real LMDB: one entry per distinct element
 * of a {@code List} or {@code Set} component, queries that find each record once, updates that
 * touch only the elements that changed, builds, verify and repair.
 */
class MultiValueIndexTest {
  @TempDir Path directory;
  private LmdbKvStore store;
  private ArticleRepository articles;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory.resolve("store"));
    articles = new ArticleRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static Article article(String id, List<String> tags) {
    return new Article(id, "title of " + id, tags, null);
  }

  /** The index keys under {@code subspace}, unpacked. */
  private static List<Tuple> keysUnder(KvStore store, String subspace) {
    List<Tuple> keys = new ArrayList<>();
    try (KvIterator it = store.list(ListSelector.of(TupleRange.keyAndExtensions(Tuple.of(subspace))))) {
      while (it.hasNext()) {
        keys.add(it.next().key());
      }
    }
    return keys;
  }

  private static List<String> ids(List<Article> found) {
    return found.stream().map(Article::id).toList();
  }

  @Test
  void oneEntryPerDistinctElementAndNoneForEmptyOrNullCollections() {
    articles.insert(article("a1", List.of("Java", "db", "java", "DB")));
    articles.insert(article("a2", List.of()));
    articles.insert(article("a3", null));
    articles.insert(article("a4", List.of("db")));

    assertThat(keysUnder(store, "article_by_tags"))
        .containsExactly(
            Tuple.of("article_by_tags", "db", "a1"),
            Tuple.of("article_by_tags", "db", "a4"),
            Tuple.of("article_by_tags", "java", "a1"));
    assertThat(ids(articles.byTags().equalTo("JAVA").list())).containsExactly("a1");
    assertThat(ids(articles.findByTags("db"))).containsExactly("a1", "a4");
    assertThat(articles.countByTags("Db")).isEqualTo(2);
    assertThat(articles.byTags().equalTo("none").exists()).isFalse();
  }

  @Test
  void inFindsEachRecordOnceWithLimitsPagesAndReverse() {
    articles.insert(article("a1", List.of("x", "y", "z")));
    articles.insert(article("a2", List.of("y")));
    articles.insert(article("a3", List.of("z", "x")));
    articles.insert(article("a4", List.of("w")));

    assertThat(ids(articles.byTags().in("z", "y", "x").list())).containsExactly("a1", "a3", "a2");
    assertThat(articles.byTags().in("x", "y", "z").count()).isEqualTo(3);
    assertThat(articles.byTags().in("x", "y", "z").limit(2).count()).isEqualTo(2);
    assertThat(ids(articles.byTags().in("x", "y", "z").reverse().list()))
        .containsExactlyInAnyOrder("a1", "a2", "a3")
        .hasSize(3);
    assertThat(articles.byTags().in("x", "y", "z").stream().map(Article::id).toList())
        .containsExactly("a1", "a3", "a2");

    List<String> paged = new ArrayList<>();
    Page<Article> page = articles.byTags().in("x", "y", "z").page(1);
    paged.addAll(ids(page.items()));
    while (page.next().isPresent()) {
      page = articles.byTags().in("x", "y", "z").after(page.next().get()).page(1);
      paged.addAll(ids(page.items()));
    }
    assertThat(paged).containsExactly("a1", "a3", "a2");
  }

  @Test
  void inTakesACollectionOfElementsAsItTakesThemAsVarargs() {
    articles.insert(article("a1", List.of("x", "y")));
    articles.insert(article("a2", List.of("Y")));
    articles.insert(article("a3", List.of("z")));

    assertThat(ids(articles.byTags().in(Set.of("y", "x")).list()))
        .isEqualTo(ids(articles.byTags().in("x", "y").list()))
        .containsExactly("a1", "a2");
    assertThat(articles.byTags().in(new TreeSet<>(List.of("Y", "y", "X"))).count()).isEqualTo(2);
    assertThat(ids(articles.byTags().in(List.of("z", "x")).reverse().list()))
        .containsExactly("a3", "a1");
    assertThat(articles.byTags().in(List.<String>of()).list()).isEmpty();
    assertThat(articles.byTags().in(List.<String>of()).exists()).isFalse();
    assertThatThrownBy(() -> articles.byTags().in((Collection<String>) null))
        .isInstanceOf(NullPointerException.class).hasMessage("tags");
    assertThatThrownBy(() -> articles.byTags().in(Arrays.asList("x", null)))
        .isInstanceOf(NullPointerException.class).hasMessage("tags");
  }

  @Test
  void updatesAddAndRemoveExactlyTheChangedElements() {
    articles.insert(article("a1", List.of("keep", "drop")));
    Tuple kept = Tuple.of("article_by_tags", "keep", "a1");
    var before = store.get(kept).versionstamp();

    articles.update(article("a1", List.of("keep", "new")));

    assertThat(keysUnder(store, "article_by_tags"))
        .containsExactly(kept, Tuple.of("article_by_tags", "new", "a1"));
    assertThat(store.get(kept).versionstamp()).isEqualTo(before); // untouched
    assertThat(articles.findByTags("drop")).isEmpty();
    assertThat(ids(articles.findByTags("new"))).containsExactly("a1");

    articles.update(article("a1", null));
    assertThat(keysUnder(store, "article_by_tags")).isEmpty();
    articles.update(article("a1", List.of("back")));
    assertThat(articles.delete("a1")).isTrue();
    assertThat(keysUnder(store, "article_by_tags")).isEmpty();
  }

  @Test
  void transactionsMaintainAndQueryTheIndexAlike() {
    articles.insert(article("a1", List.of("t1")));
    Transactions.run(store, tx -> {
      ArticleRepository inTx = articles.in(tx);
      inTx.insert(article("a2", List.of("t1", "t2")));
      inTx.update(article("a1", List.of("t2", "t3")));
      assertThat(ids(inTx.byTags().in("t1", "t2").list())).containsExactly("a2", "a1");
      return null;
    });
    assertThat(ids(articles.findByTags("t1"))).containsExactly("a2");
    assertThat(ids(articles.byTags().in("t2", "t3").list())).containsExactly("a1", "a2");
    assertThat(articles.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void verifyIsCleanAfterMixedWritesAndRepairRestoresADeletedEntry() {
    for (int i = 0; i < 60; i++) {
      articles.insert(article("a" + i, List.of("t" + (i % 7), "t" + (i % 5), "all")));
    }
    for (int i = 0; i < 60; i += 3) {
      articles.update(article("a" + i, i % 2 == 0 ? List.of("t" + (i % 4)) : List.of()));
    }
    for (int i = 1; i < 60; i += 10) {
      articles.delete("a" + i);
    }
    assertThat(articles.indexAdmin().verifyIndexes().clean()).isTrue();

    Tuple lost = Tuple.of("article_by_tags", "all", "a2");
    Tuple stray = Tuple.of("article_by_tags", "t6", "a2"); // a2 holds t2 and all only
    assertThat(store.get(lost).exists()).isTrue();
    assertThat(store.atomic().delete(lost).set(stray, new byte[0]).commit().ok()).isTrue();

    IndexReport found = articles.indexAdmin().verifyIndexes().index("tags");
    assertThat(found.missing()).isEqualTo(1);
    assertThat(found.dangling()).isEqualTo(1);

    IndexReport repaired = articles.indexAdmin().repairIndexes().index("tags");
    assertThat(repaired.repaired()).isEqualTo(2);
    assertThat(store.get(lost).exists()).isTrue();
    assertThat(store.get(stray).exists()).isFalse();
    assertThat(articles.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void openingAVersionThatIndexesTheTagsBuildsOneEntryPerElement() {
    try (LmdbKvStore other = LmdbKvStore.open(directory.resolve("versions"))) {
      TaggedV1Repository v1 = new TaggedV1Repository(other);
      for (int i = 0; i < 50; i++) {
        v1.insert(new TaggedV1("r" + i, i % 10 == 0 ? null : List.of(i % 3, i % 4, i % 3)));
      }
      TaggedV2Repository v2 = new TaggedV2Repository(
          other, RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND));
      v2.insert(new TaggedV2("late", List.of(7, 7)));
      v2.indexAdmin().buildIndexes();

      long expected = 1; // late: 7
      for (int i = 0; i < 50; i++) {
        expected += i % 10 == 0 ? 0 : new HashSet<>(List.of(i % 3, i % 4)).size();
      }
      assertThat(keysUnder(other, "tagged_by_tags")).hasSize((int) expected);
      assertThat(v2.byTags().equalTo(7).list()).containsExactly(new TaggedV2("late", List.of(7, 7)));
      assertThat(v2.byTags().in(0, 1, 2, 3).count()).isEqualTo(45);
      assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
    }
  }

  @Test
  void aRangeIsNotOfferedOnAMultiValueStage() {
    assertThatThrownBy(() -> ArticleRepository.ByTagsQuery.class.getMethod("between", Object.class, Object.class))
        .isInstanceOf(NoSuchMethodException.class);
    assertThatThrownBy(() -> ArticleRepository.ByTagsQuery.class.getMethod("startsWith", String.class))
        .isInstanceOf(NoSuchMethodException.class);
  }
}
