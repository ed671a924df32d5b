package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.query.Page;
import dev.tessera.query.PageCursor;
import dev.tessera.query.spatial.BoxQuery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spatial box queries with limit, first, exists and pages over real LMDB: the pages of a box
 * together are exactly its list, in the same order, whatever the page size, and a cursor resumes
 * strictly after its row while other records are written.
 */
class SpatialPagingTest {
  @TempDir Path directory;
  private KvStore store;
  private PlaceRepository places;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    places = new PlaceRepository(store);
    Random random = new Random(42);
    List<Place> all = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      all.add(new Place("p" + i, random.nextInt(61) - 30, random.nextInt(61) - 30, "place " + i));
    }
    places.insertAll(all);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static List<String> ids(List<Place> places) {
    return places.stream().map(Place::id).toList();
  }

  private BoxQuery<Place> box() {
    return places.byXY().within(-12, -7, 9, 15);
  }

  @Test
  void pagesTogetherAreTheListInOrderForEveryPageSize() {
    List<String> expected = ids(box().list());
    assertThat(expected).hasSizeGreaterThan(40);
    for (int size : new int[] {1, 7, 40, expected.size(), expected.size() + 1}) {
      List<String> paged = new ArrayList<>();
      Page<Place> page = box().page(size);
      paged.addAll(ids(page.items()));
      while (page.next().isPresent()) {
        PageCursor cursor = PageCursor.parse(page.next().get().toString());
        page = box().after(cursor).page(size);
        assertThat(page.items()).isNotEmpty();
        paged.addAll(ids(page.items()));
      }
      assertThat(paged).as("page size %d", size).isEqualTo(expected);
    }
    assertThat(box().page(expected.size()).next()).isEmpty(); // an exactly full last page
  }

  @Test
  void limitFirstExistsAndCountFollowTheListsOrder() {
    List<String> expected = ids(box().list());

    assertThat(ids(box().limit(5).list())).isEqualTo(expected.subList(0, 5));
    assertThat(box().limit(5).count()).isEqualTo(5);
    assertThat(box().count()).isEqualTo(expected.size());
    assertThat(box().first()).map(Place::id).contains(expected.get(0));
    assertThat(box().exists()).isTrue();
    assertThat(box().limit(0).exists()).isFalse();
    assertThat(box().limit(0).list()).isEmpty();
    assertThat(box().limit(3).stream().map(Place::id)).containsExactlyElementsOf(expected.subList(0, 3));
    assertThat(ids(box().limit(25).page(10).items())).isEqualTo(expected.subList(0, 10));
    assertThat(box().limit(8).page(10).next()).isEmpty();

    PageCursor afterThird = box().page(3).next().orElseThrow();
    assertThat(ids(box().after(afterThird).limit(4).list())).isEqualTo(expected.subList(3, 7));
    assertThat(box().after(afterThird).count()).isEqualTo(expected.size() - 3);
    assertThat(box().after(afterThird).first()).map(Place::id).contains(expected.get(3));

    assertThat(places.byXY().within(100, 100, 200, 200).exists()).isFalse();
    assertThat(places.byXY().within(100, 100, 200, 200).first()).isEmpty();
    assertThat(places.byXY().within(100, 100, 200, 200).page(5).items()).isEmpty();
  }

  @Test
  void aCursorResumesAfterItsRowWhileOthersAreWritten() {
    List<String> before = ids(box().list());
    Page<Place> first = box().page(10);
    String deleted = before.get(20);
    places.delete(deleted);
    places.insert(new Place("new", 200, 200, "outside the box"));
    places.update(new Place(before.get(2), 300, 300, "moved out of the box, before the cursor"));

    List<String> rest = ids(box().after(first.next().orElseThrow()).list());
    List<String> expected = new ArrayList<>(before.subList(10, before.size()));
    expected.remove(deleted);
    assertThat(rest).isEqualTo(expected);
  }

  @Test
  void theLargestPageSizeIsOnePageOfEverything() {
    List<String> inBox = ids(box().list());
    Page<Place> boxPage = box().page(Integer.MAX_VALUE);
    assertThat(ids(boxPage.items())).isEqualTo(inBox);
    assertThat(boxPage.next()).isEmpty();

    List<String> all = ids(places.byId().list());
    Page<Place> keyPage = places.byId().page(Integer.MAX_VALUE);
    assertThat(ids(keyPage.items())).hasSize(300).isEqualTo(all);
    assertThat(keyPage.next()).isEmpty();
  }

  @Test
  void aCursorOfAnotherIndexIsRefused() {
    places.insert(new Place("z1", 1, 1, "a"));
    PageCursor keyCursor = places.byId().page(1).next().orElseThrow();
    assertThatThrownBy(() -> box().after(keyCursor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("spatial index");
    assertThatThrownBy(() -> box().limit(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> box().page(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
