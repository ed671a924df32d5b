package dev.tessera.it.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.User;
import dev.tessera.it.UserRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.repository.Transactions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Queries by primary key on generated repositories over real LMDB: every record in key order with
 * limit, reverse and pages, key ranges, and prefixes of String keys.
 */
class KeyRangeTest {
  @TempDir Path directory;
  private KvStore store;
  private EditionRepository editions;
  private UserRepository users;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    editions = new EditionRepository(store);
    users = new UserRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static Edition edition(long id) {
    return new Edition(id, null, "t" + id, 1, null, 100);
  }

  private static List<Long> ids(List<Edition> editions) {
    return editions.stream().map(Edition::id).toList();
  }

  private void insertEditions(long... ids) {
    editions.insertAll(LongStream.of(ids).mapToObj(KeyRangeTest::edition).toList());
  }

  @Test
  void everyRecordInKeyOrderWithLimitReverseAndFirst() {
    insertEditions(200, -5, 10, 0, 3);
    users.insert(new User("u1", "Ann", "ann@x", null)); // another entity: never listed

    assertThat(ids(editions.byId().list())).containsExactly(-5L, 0L, 3L, 10L, 200L);
    assertThat(ids(editions.byId().reverse().list())).containsExactly(200L, 10L, 3L, 0L, -5L);
    assertThat(ids(editions.byId().limit(2).list())).containsExactly(-5L, 0L);
    assertThat(ids(editions.byId().reverse().limit(2).list())).containsExactly(200L, 10L);
    assertThat(editions.byId().first()).map(Edition::id).contains(-5L);
    assertThat(editions.byId().reverse().first()).map(Edition::id).contains(200L);
    assertThat(editions.byId().count()).isEqualTo(5);
    assertThat(editions.byId().limit(3).count()).isEqualTo(3);
    assertThat(editions.byId().limit(0).list()).isEmpty();
    assertThat(editions.byId().limit(0).exists()).isFalse();
    assertThat(editions.byId().stream().map(Edition::id)).containsExactly(-5L, 0L, 3L, 10L, 200L);
    assertThat(editions.findAll().map(Edition::id)).containsExactly(-5L, 0L, 3L, 10L, 200L);
  }

  /** A stream of several keys reads them all from one snapshot, as a multi-get does. */
  @Test
  void inStreamsItsKeysFromOneSnapshot() {
    insertEditions(-5, 10, 200);
    try (Stream<Edition> stream = editions.byId().in(List.of(-5L, 10L, 200L)).stream()) {
      Iterator<Edition> it = stream.iterator();
      assertThat(it.next().id()).isEqualTo(-5L);
      editions.delete(200L); // after the stream began: its snapshot still holds the record
      assertThat(it.next().id()).isEqualTo(10L);
      assertThat(it.hasNext()).as("the third key, deleted after the stream began").isTrue();
      assertThat(it.next().id()).isEqualTo(200L);
    }
  }

  @Test
  void inReadsTheGivenKeysOnceInKeyOrderWithLimitReversePagesAndCounts() {
    insertEditions(200, -5, 10, 0, 3);
    List<Long> asked = List.of(10L, 999L, -5L, 10L, 200L); // 999 is not stored, 10 twice

    assertThat(ids(editions.byId().in(asked).list())).containsExactly(-5L, 10L, 200L);
    assertThat(ids(editions.byId().in(asked).reverse().list())).containsExactly(200L, 10L, -5L);
    assertThat(ids(editions.byId().in(asked).limit(2).list())).containsExactly(-5L, 10L);
    assertThat(editions.byId().in(asked).stream().map(Edition::id)).containsExactly(-5L, 10L, 200L);
    assertThat(editions.byId().in(asked).count()).isEqualTo(3);
    assertThat(editions.byId().in(asked).limit(2).count()).isEqualTo(2);
    assertThat(editions.byId().in(List.of(999L)).exists()).isFalse();
    assertThat(editions.byId().in(List.of()).list()).isEmpty();
    Page<Edition> first = editions.byId().in(asked).page(2);
    assertThat(ids(first.items())).containsExactly(-5L, 10L);
    assertThat(ids(editions.byId().in(asked).after(first.next().orElseThrow()).list()))
        .containsExactly(200L);
    assertThatThrownBy(() -> editions.byId().in(asked).greaterThan(0L))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void cursorAtAKeyResumesAfterItWhetherStoredOrNot() {
    insertEditions(1, 3, 5, 7);
    assertThat(ids(editions.byId().after(editions.byId().cursorAt(3L)).list()))
        .containsExactly(5L, 7L);
    assertThat(ids(editions.byId().after(editions.byId().cursorAt(4L)).list()))
        .containsExactly(5L, 7L);
    assertThat(ids(editions.byId().reverse().after(editions.byId().cursorAt(4L)).list()))
        .containsExactly(3L, 1L);
  }

  @Test
  void pagesWalkEveryRecordOnceWhileOthersAreInsertedAndDeleted() {
    insertEditions(LongStream.rangeClosed(1, 25).toArray());

    List<Long> seen = new ArrayList<>();
    Page<Edition> page = editions.byId().page(10);
    seen.addAll(ids(page.items()));
    editions.insert(edition(0)); // before the cursor: shifts nothing
    editions.delete(12L);        // after it: simply gone
    while (page.next().isPresent()) {
      PageCursor cursor = PageCursor.parse(page.next().get().toString());
      page = editions.byId().after(cursor).page(10);
      seen.addAll(ids(page.items()));
    }
    List<Long> expected = new ArrayList<>(LongStream.rangeClosed(1, 25).boxed().toList());
    expected.remove(Long.valueOf(12));
    assertThat(seen).isEqualTo(expected);

    // Reversed pages, and a last page that is exactly full has no cursor.
    Page<Edition> last = editions.byId().reverse().page(6);
    assertThat(ids(last.items())).containsExactly(25L, 24L, 23L, 22L, 21L, 20L);
    Page<Edition> before = editions.byId().reverse().after(last.next().orElseThrow()).page(6);
    assertThat(ids(before.items())).containsExactly(19L, 18L, 17L, 16L, 15L, 14L);
    assertThat(editions.byId().atMost(5L).page(6).next()).isEmpty();
    assertThat(editions.byId().atMost(5L).page(5).next()).isPresent();
  }

  @Test
  void keyRangesFollowNumericOrder() {
    insertEditions(-20, -5, 0, 3, 10, 200, 1000);

    assertThat(ids(editions.byId().between(-5L, 10L).list())).containsExactly(-5L, 0L, 3L, 10L);
    assertThat(ids(editions.byId().greaterThan(3L).list())).containsExactly(10L, 200L, 1000L);
    assertThat(ids(editions.byId().atLeast(3L).list())).containsExactly(3L, 10L, 200L, 1000L);
    assertThat(ids(editions.byId().lessThan(0L).list())).containsExactly(-20L, -5L);
    assertThat(ids(editions.byId().atMost(0L).reverse().list())).containsExactly(0L, -5L, -20L);
    assertThat(ids(editions.byId().between(4L, 9L).list())).isEmpty();
    assertThat(editions.byId().between(-100L, 100L).count()).isEqualTo(5);
    assertThat(editions.byId().greaterThan(1000L).exists()).isFalse();
    assertThat(editions.byId().between(10L, -5L).list()).isEmpty();

    Page<Edition> page = editions.byId().atLeast(0L).page(2);
    assertThat(ids(editions.byId().atLeast(0L).after(page.next().orElseThrow()).list()))
        .containsExactly(10L, 200L, 1000L);
  }

  @Test
  void stringKeysOfferPrefixes() {
    for (String id : List.of("2024-01-a", "2024-02-b", "2023-12-z", "2024-01-c", "2024", "20245")) {
      users.insert(new User(id, id, id + "@x", null));
    }
    assertThat(users.byId().startsWith("2024-01-").list()).extracting(User::id)
        .containsExactly("2024-01-a", "2024-01-c");
    assertThat(users.byId().startsWith("2024").list()).extracting(User::id)
        .containsExactly("2024", "2024-01-a", "2024-01-c", "2024-02-b", "20245");
    assertThat(users.byId().startsWith("").count()).isEqualTo(6);
    assertThat(users.byId().startsWith("2024-").reverse().limit(1).list()).extracting(User::id)
        .containsExactly("2024-02-b");
    assertThat(users.byId().between("2024", "2024-02").list()).extracting(User::id)
        .containsExactly("2024", "2024-01-a", "2024-01-c");
  }

  @Test
  void misuseIsRefusedWithTheKeyNamed() {
    insertEditions(1, 2, 3);
    users.insert(new User("u1", "Ann", "ann@x", null));

    assertThatThrownBy(() -> editions.byId().startsWith("1"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("primary key 'id' of entity 'edition'")
        .hasMessageContaining("String key");
    assertThatThrownBy(() -> editions.byId().atLeast(1L).atMost(2L))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("atMost cannot follow another key range");
    assertThatThrownBy(() -> editions.byId().between(null, 2L))
        .isInstanceOf(NullPointerException.class);
    PageCursor indexCursor = editions.byTitle().page(1).next().orElseThrow();
    assertThatThrownBy(() -> editions.byId().after(indexCursor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not belong to primary key 'id' of entity 'edition'");
    PageCursor userCursor = users.byId().page(1).next().orElse(null);
    assertThat(userCursor).isNull(); // one user: the page is not followed by another
    users.insert(new User("u2", "Bo", "bo@x", null));
    PageCursor otherEntity = users.byId().page(1).next().orElseThrow();
    assertThatThrownBy(() -> editions.byId().after(otherEntity))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void insideATransactionTheQueryReadsItsOwnWrites() {
    insertEditions(1, 5);
    List<Long> seen = Transactions.run(store, tx -> {
      editions.in(tx).insert(edition(3));
      editions.in(tx).delete(5L);
      return ids(editions.in(tx).byId().list());
    });
    assertThat(seen).containsExactly(1L, 3L);
    assertThat(ids(editions.byId().list())).containsExactly(1L, 3L);
  }
}
