package dev.tessera.it.multi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.StoredKeys;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.query.IndexQuery;
import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
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
    try (KvIterator it = store.list(ListSelector.of(StoredKeys.range(store, subspace)))) {
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
            StoredKeys.key(store, "article_by_tags", "db", "a1"),
            StoredKeys.key(store, "article_by_tags", "db", "a4"),
            StoredKeys.key(store, "article_by_tags", "java", "a1"));
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

  /**
   * A record holding several of the asked elements is returned once, under the first: so the page
   * that returns the last distinct record has no cursor, though index keys (that record's later
   * elements) follow it; and what follows such a cursor is empty to every terminal.
   */
  @Test
  void aFullLastPageOfAnInHasNoCursorThoughARecordsLaterElementsFollow() {
    articles.insert(article("x", List.of("t1", "t3")));
    articles.insert(article("y", List.of("t2")));

    assertInEndsAtTheLastDistinctRecord(articles);
  }

  /** As above, read through a transaction's view, with one of the records its own write. */
  @Test
  void aFullLastPageOfAnInHasNoCursorInsideATransaction() {
    articles.insert(article("x", List.of("t1", "t3")));
    Transactions.run(store, tx -> {
      ArticleRepository inTx = articles.in(tx);
      inTx.insert(article("y", List.of("t2")));
      assertInEndsAtTheLastDistinctRecord(inTx);
      return null;
    });
  }

  /** Over x [t1, t3] and y [t2]: {@code in("t1", "t2", "t3")} returns x, y (reversed: x, y). */
  private static void assertInEndsAtTheLastDistinctRecord(ArticleRepository articles) {
    IndexQuery<Article> in = articles.byTags().in("t1", "t2", "t3");
    for (IndexQuery<Article> query : List.of(in, in.reverse())) {
      String as = query.toString();
      Page<Article> whole = query.page(2);
      assertThat(ids(whole.items())).as(as).containsExactly("x", "y");
      assertThat(whole.next()).as(as).isEmpty();
      assertThat(query.page(3).next()).as(as).isEmpty();
      assertThat(query.count()).as(as).isEqualTo(2);
      assertThat(query.limit(1).count()).as(as).isEqualTo(1);

      Page<Article> first = query.page(1);
      assertThat(ids(first.items())).as(as).containsExactly("x");
      Page<Article> second = query.after(first.next().orElseThrow()).page(1);
      assertThat(ids(second.items())).as(as).containsExactly("y");
      assertThat(second.next()).as(as + " after y").isEmpty();
    }

    // The unnarrowed index reads (t1, x), (t2, y), (t3, x): its cursor after y is one of the same
    // index, and after it in() has only x's entry under t3 left, which x was returned under t1.
    PageCursor afterY = articles.byTags().page(2).next().orElseThrow();
    IndexQuery<Article> rest = in.after(afterY);
    assertThat(rest.list()).isEmpty();
    assertThat(rest.count()).isZero();
    assertThat(rest.exists()).isFalse();
    assertThat(rest.first()).isEmpty();
    Page<Article> none = rest.page(1);
    assertThat(none.items()).isEmpty();
    assertThat(none.next()).isEmpty();
    // Reversed, only (t1, x) is before the cursor, and x was returned under t3.
    IndexQuery<Article> before = in.reverse().after(afterY);
    assertThat(before.list()).isEmpty();
    assertThat(before.count()).isZero();
    assertThat(before.exists()).isFalse();
    assertThat(before.first()).isEmpty();
    assertThat(before.page(1).next()).isEmpty();
  }

  @Test
  void updatesAddAndRemoveExactlyTheChangedElements() {
    articles.insert(article("a1", List.of("keep", "drop")));
    Tuple kept = StoredKeys.key(store, "article_by_tags", "keep", "a1");
    var before = store.get(kept).versionstamp();

    articles.update(article("a1", List.of("keep", "new")));

    assertThat(keysUnder(store, "article_by_tags"))
        .containsExactly(kept, StoredKeys.key(store, "article_by_tags", "new", "a1"));
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

    Tuple lost = StoredKeys.key(store, "article_by_tags", "all", "a2");
    Tuple stray = StoredKeys.key(store, "article_by_tags", "t6", "a2"); // a2 holds t2 and all only
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
  void isNullOnAMultiValueIndexThrowsSayingItHoldsElementsOnly() {
    assertThatThrownBy(() -> articles.byTags().isNull())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("index 'tags' of entity 'article'")
        .hasMessageContaining("a multi-value index holds elements only");
  }

  @Test
  void aRangeIsNotOfferedOnAMultiValueStage() {
    assertThatThrownBy(() -> ArticleRepository.ByTagsQuery.class.getMethod("between", Object.class, Object.class))
        .isInstanceOf(NoSuchMethodException.class);
    assertThatThrownBy(() -> ArticleRepository.ByTagsQuery.class.getMethod("startsWith", String.class))
        .isInstanceOf(NoSuchMethodException.class);
  }
}
