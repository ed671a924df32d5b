package dev.tessera.it.multi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.StoredKeys;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.IndexBuildFailedException;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.IndexReport;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.Transactions;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A unique multi-value index through a generated repository on real LMDB: an element another
 * record holds is rejected, naming the index, the element and the holder, and nothing is written;
 * one record may list an element twice (it is one entry).
 */
class UniqueMultiValueIndexTest {
  private static final RepositoryOptions BLOCKING =
      RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.BLOCKING);

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

  private static Article article(String id, List<String> slugs) {
    return new Article(id, "title of " + id, List.of(), slugs);
  }

  private static void assertHeldBy(UniqueConstraintViolationException e, String slug, String holder) {
    assertThat(e.entity()).isEqualTo("article");
    assertThat(e.index()).isEqualTo("slugs");
    assertThat((Object) e.values()).isEqualTo(Tuple.of(slug));
    assertThat(e.primaryKey()).isEqualTo(holder);
    assertThat(e.getMessage()).contains("slugs").contains(slug).contains(holder);
  }

  @Test
  void anElementHeldByAnotherRecordIsRejectedAndNothingIsWritten() {
    articles.insert(article("a1", List.of("one", "two", "one")));

    assertThatThrownBy(() -> articles.insert(article("a2", List.of("three", "two"))))
        .isInstanceOfSatisfying(UniqueConstraintViolationException.class, e -> assertHeldBy(e, "two", "a1"));
    assertThat(articles.findById("a2")).isEmpty();
    assertThat(store.get(StoredKeys.key(store, "article_by_slugs", "three")).exists()).isFalse();

    assertThat(articles.findBySlugs("one").map(Article::id)).contains("a1");
    assertThat(articles.bySlugs().in("one", "two").count()).isEqualTo(1);
    assertThat(articles.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void updatesKeepTheRecordsOwnElementsAndFreeTheDroppedOnes() {
    articles.insert(article("a1", List.of("one", "two")));
    articles.insert(article("a2", List.of("three")));

    articles.update(article("a1", List.of("two", "four", "four"))); // keeps two, frees one
    articles.update(article("a2", List.of("three", "one")));        // one is free now
    assertThat(articles.findBySlugs("one").map(Article::id)).contains("a2");

    assertThatThrownBy(() -> articles.update(article("a2", List.of("one", "four"))))
        .isInstanceOfSatisfying(UniqueConstraintViolationException.class, e -> assertHeldBy(e, "four", "a1"));
    assertThat(articles.findById("a2").orElseThrow().slugs()).containsExactly("three", "one");
    assertThat(articles.findBySlugs("three").map(Article::id)).contains("a2");

    articles.delete("a1");
    articles.update(article("a2", List.of("one", "four")));
    assertThat(articles.findBySlugs("three")).isEmpty();
    assertThat(articles.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aTransactionIsRejectedAlikeAndCommitsNothing() {
    articles.insert(article("a1", List.of("one")));

    assertThatThrownBy(() -> Transactions.run(store, tx -> {
          ArticleRepository inTx = articles.in(tx);
          inTx.insert(article("a2", List.of("two")));
          return inTx.insert(article("a3", List.of("two", "one")));
        }))
        .isInstanceOfSatisfying(UniqueConstraintViolationException.class, e -> assertHeldBy(e, "two", "a2"));
    assertThat(articles.findById("a2")).isEmpty();
    assertThat(articles.findBySlugs("two")).isEmpty();

    Transactions.run(store, tx -> articles.in(tx).insert(article("a2", List.of("two", "two"))));
    assertThat(articles.findBySlugs("two").map(Article::id)).contains("a2");
    assertThat(articles.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void repairRestoresADeletedUniqueEntry() {
    articles.insert(article("a1", List.of("one", "two")));
    Tuple lost = StoredKeys.key(store, "article_by_slugs", "two");
    assertThat(store.atomic().delete(lost).commit().ok()).isTrue();

    IndexReport found = articles.indexAdmin().verifyIndexes().index("slugs");
    assertThat(found.missing()).isEqualTo(1);
    assertThat(found.dangling()).isZero();
    assertThat(articles.indexAdmin().repairIndexes().index("slugs").repaired()).isEqualTo(1);
    assertThat(articles.findBySlugs("two").map(Article::id)).contains("a1");
    assertThat(articles.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aBuildOverExistingRecordsAcceptsRepeatsWithinOneRecordAndFailsOverSharedElements() {
    try (LmdbKvStore other = LmdbKvStore.open(directory.resolve("versions"))) {
      HandleV1Repository v1 = new HandleV1Repository(other);
      v1.insert(new HandleV1("h1", List.of("x", "x", "y")));
      v1.insert(new HandleV1("h2", List.of("z")));
      v1.insert(new HandleV1("h3", null));

      HandleV2Repository v2 = new HandleV2Repository(other, BLOCKING);
      assertThat(v2.findByHandles("x").map(HandleV2::id)).contains("h1");
      assertThat(v2.findByHandles("z").map(HandleV2::id)).contains("h2");
      assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();

      v1.insert(new HandleV1("h4", List.of("w", "y"))); // version 1 does not enforce the index
      assertThat(other.atomic().delete(Tuple.of("\u0000tessera", "index", "handle", "handles")).commit().ok())
          .isTrue(); // forget the index: the next open builds it again, over the duplicate
      assertThatThrownBy(() -> new HandleV2Repository(other, BLOCKING))
          .isInstanceOfSatisfying(IndexBuildFailedException.class,
              e -> {
                assertThat(e.index()).isEqualTo("handles");
                assertThat(e.duplicates()).isEqualTo(1);
                assertThat((Object) e.samples().get(0).values()).isEqualTo(Tuple.of("y"));
                assertThat(e.samples().get(0).primaryKeys()).containsExactlyInAnyOrder("h1", "h4");
              });
    }
  }
}
