package dev.tessera.it.jakarta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.page.PageRequest.Cursor;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Application-built cursors ({@code PageRequest.Cursor.forKey}), the built-in methods of {@code
 * BasicRepository<Pass, Long>} over a primitive key, and run-time refusals, on {@link Passes} in a
 * real LMDB store.
 */
class JakartaDataCursorTest {
  private static final Instant T0 = Instant.parse("2026-03-01T20:00:00Z");
  private static final Order<Pass> BY_START = Order.by(Sort.asc("startsAt"));

  @TempDir Path directory;
  private KvStore store;
  private Passes passes;
  private List<Pass> venue7;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    passes = new Passes_(store);
    for (long id = 1; id <= 12; id++) {
      Instant startsAt = id % 5 == 0 ? null : T0.plusSeconds(3600 * (id % 3));
      passes.save(new Pass(id, "e" + (id % 2), (int) id, id <= 10 ? 7 : 8, startsAt,
          List.of("t" + (id % 3)), PassStatus.SOLD, "p" + id + "@x.org"));
    }
    venue7 = passes.findByVenue(7);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static List<Long> ids(List<Pass> found) {
    return found.stream().map(Pass::id).collect(Collectors.toList());
  }

  /** The passes of venue 7 after (startsAt, id) in index order: null first, then by time, then id. */
  private List<Long> venue7After(Instant startsAt, long id) {
    Comparator<Pass> order =
        Comparator.comparing(Pass::startsAt, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparingLong(Pass::id);
    Pass at = new Pass(id, "", 0, 7, startsAt, List.of(), PassStatus.SOLD, "");
    return ids(venue7.stream().filter(p -> order.compare(p, at) > 0).toList());
  }

  @Test
  void cursorForKeySeeksAnIndexOrderedPage() {
    Instant at = T0.plusSeconds(3600);
    CursoredPage<Pass> page =
        passes.pagesAt(7, PageRequest.ofSize(2).afterCursor(Cursor.forKey(at, 4L)), BY_START);
    assertThat(venue7After(at, 4)).containsExactly(7L, 2L, 8L);
    assertThat(ids(page.content())).containsExactly(7L, 2L);
    // a position no pass holds: strictly after it
    CursoredPage<Pass> between =
        passes.pagesAt(7, PageRequest.ofSize(20).afterCursor(Cursor.forKey(at, 0L)), BY_START);
    assertThat(ids(between.content())).isEqualTo(venue7After(at, 0));
    // the next page continues with the page's own cursors
    CursoredPage<Pass> next = passes.pagesAt(7, page.nextPageRequest(), BY_START);
    assertThat(ids(next.content())).containsExactly(8L);
  }

  @Test
  void cursorForKeyBeforeAndDescending() {
    Instant at = T0.plusSeconds(3600);
    List<Long> after = venue7After(at, 4);
    List<Long> all = ids(venue7);
    List<Long> before = all.subList(0, all.size() - after.size() - 1); // all but the row and after
    CursoredPage<Pass> previous =
        passes.pagesAt(7, PageRequest.ofSize(2).beforeCursor(Cursor.forKey(at, 4L)), BY_START);
    assertThat(ids(previous.content())).isEqualTo(before.subList(before.size() - 2, before.size()));
    CursoredPage<Pass> descending =
        passes.pagesAt(
            7,
            PageRequest.ofSize(2).afterCursor(Cursor.forKey(at, 4L)),
            Order.by(Sort.desc("startsAt"), Sort.desc("id")));
    assertThat(ids(descending.content()))
        .containsExactly(before.get(before.size() - 1), before.get(before.size() - 2));
  }

  @Test
  void cursorForKeySeeksAKeyOrderedPageWideningIntegers() {
    Order<Pass> byId = Order.by(Sort.asc("id"));
    assertThat(ids(passes.everyPass(PageRequest.ofSize(3).afterCursor(Cursor.forKey(5L)), byId).content()))
        .containsExactly(6L, 7L, 8L);
    assertThat(ids(passes.everyPass(PageRequest.ofSize(3).afterCursor(Cursor.forKey(5)), byId).content()))
        .containsExactly(6L, 7L, 8L);
    assertThat(ids(passes.everyPass(PageRequest.ofSize(2).beforeCursor(Cursor.forKey(5L)), byId).content()))
        .containsExactly(3L, 4L);
  }

  @Test
  void cursorOfAUniqueIndexNeedsItsValuesAndTakesTheIdToo() {
    // passes of event e0: ids (and seats) 2, 4, ..., 12
    assertThat(ids(passes.seatsOf("e0", PageRequest.ofSize(2).afterCursor(Cursor.forKey(4))).content()))
        .containsExactly(6L, 8L);
    assertThat(ids(passes.seatsOf("e0", PageRequest.ofSize(2).afterCursor(Cursor.forKey(4, 4L))).content()))
        .containsExactly(6L, 8L);
  }

  @Test
  void cursorOfAPageTravelsAsText() {
    CursoredPage<Pass> first = passes.pagesAt(7, PageRequest.ofSize(3), BY_START);
    String token = (String) first.cursor(2).get(0);
    CursoredPage<Pass> next =
        passes.pagesAt(7, PageRequest.ofSize(3).afterCursor(Cursor.forKey(token)), BY_START);
    assertThat(ids(next.content())).isEqualTo(ids(venue7).subList(3, 6));
  }

  @Test
  void badCursorNamesTheValuesExpected() {
    assertThatThrownBy(
            () -> passes.pagesAt(7, PageRequest.ofSize(3).afterCursor(Cursor.forKey(4L)), BY_START))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the cursor [4] does not fit Passes.pagesAt: it has 1 value(s), and the key has"
            + " 2. Its cursors hold the values of startsAt, id, in this order, e.g."
            + " PageRequest.Cursor.forKey(startsAt, id)");
    assertThatThrownBy(
            () -> passes.pagesAt(
                7, PageRequest.ofSize(3).afterCursor(Cursor.forKey("noon", 4L)), BY_START))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("value 1 (noon) for startsAt is a java.lang.String, not a"
            + " java.time.Instant");
  }

  @Test
  void runTimeSortRefusalNamesTheIndexAndTheIndexToAdd() {
    assertThatThrownBy(() -> passes.findByVenue(7, Order.by(Sort.asc("seat"))))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage("cannot sort by seat ascending: index venueAndStartsAt (venue, startsAt)"
            + " serves this query with venue held at one value, and orders by startsAt, id (all"
            + " ascending or all descending, case-sensitive). Sort as it orders, or add"
            + " @Index(fields = {\"venue\", \"seat\"}) to Pass for this order");
  }

  @Test
  void builtInMethodsTakeTheBoxedKeyOfAPrimitiveKey() {
    assertThat(passes.findById(3L)).map(Pass::seat).contains(3);
    passes.deleteById(3L);
    assertThat(passes.findById(3L)).isEmpty();
    assertThat(passes.countByIdIn(java.util.Set.of(1L, 2L, 3L, 99L))).isEqualTo(2);
    assertThat(passes.deleteByIdIn(java.util.Set.of(1L, 2L, 3L))).isEqualTo(2);
    assertThat(ids(passes.findByIdIn(List.of(6L, 4L, 5L, 4L)))).containsExactly(4L, 5L, 6L);
    // a null for a primitive attribute names the parameter
    assertThatThrownBy(() -> passes.findById(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("id");
    assertThatThrownBy(() -> passes.countByVenue(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("venue");
  }
}
