package dev.tessera.it.jakarta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.Place;
import dev.tessera.it.PlaceRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import jakarta.data.exceptions.NonUniqueResultException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The box queries of {@link Places} (a {@code Between} on each field of {@code Place}'s spatial
 * index) give what the generated {@code byXY().within(..)} gives, in the same order, and what a
 * brute-force filter of every point gives, on random points in a real LMDB store.
 */
class JakartaDataSpatialTest {
  @TempDir Path directory;

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void boxQueriesAnswerAsWithinAndABruteForceFilter(long seed) {
    Random random = new Random(seed);
    try (KvStore store = LmdbKvStore.open(directory.resolve("s" + seed))) {
      PlaceRepository places = new PlaceRepository(store);
      Places jakarta = new Places_(store);
      List<Place> all = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        Place place =
            new Place("p" + i, random.nextInt(61) - 30, random.nextInt(61) - 30, "n" + i);
        places.insert(place);
        all.add(place);
      }
      for (int round = 0; round < 40; round++) {
        int x0 = random.nextInt(71) - 35;
        int x1 = x0 + random.nextInt(30);
        int y0 = random.nextInt(71) - 35;
        int y1 = y0 + random.nextInt(30);
        List<Place> within = places.byXY().within(x0, y0, x1, y1).list();
        List<String> expected =
            all.stream()
                .filter(p -> x0 <= p.x() && p.x() <= x1 && y0 <= p.y() && p.y() <= y1)
                .map(Place::id)
                .sorted()
                .toList();
        assertThat(sortedIds(within)).isEqualTo(expected);

        assertThat(jakarta.findByXBetweenAndYBetween(x0, x1, y0, y1)).isEqualTo(within);
        assertThat(jakarta.findByYBetweenAndXBetween(y0, y1, x0, x1).toList()).isEqualTo(within);
        assertThat(Arrays.asList(jakarta.findFirst5ByXBetweenAndYBetween(x0, x1, y0, y1)))
            .isEqualTo(within.subList(0, Math.min(5, within.size())));
        assertThat(jakarta.countByXBetweenAndYBetween(x0, x1, y0, y1))
            .isEqualTo(expected.size());
        assertThat(jakarta.existsByXBetweenAndYBetween(x0, x1, y0, y1))
            .isEqualTo(!expected.isEmpty());
        if (within.size() <= 1) {
          assertThat(jakarta.findOneByXBetweenAndYBetween(x0, x1, y0, y1))
              .isEqualTo(within.stream().findFirst());
        } else {
          assertThatThrownBy(() -> jakarta.findOneByXBetweenAndYBetween(x0, x1, y0, y1))
              .isInstanceOf(NonUniqueResultException.class);
        }
      }
    }
  }

  @Test
  void aBoxAroundOnePointFindsItAndANullBoundIsNamed() {
    try (KvStore store = LmdbKvStore.open(directory.resolve("one"))) {
      Places jakarta = new Places_(store);
      Place place = new Place("a", 4, -7, "well");
      jakarta.save(place);
      assertThat(jakarta.findOneByXBetweenAndYBetween(4, 4, -7, -7)).contains(place);
      assertThat(jakarta.findOneByXBetweenAndYBetween(5, 9, -7, -7)).isEmpty();
      assertThatThrownBy(() -> jakarta.findByYBetweenAndXBetween(-7, -7, null, 4))
          .isInstanceOf(NullPointerException.class)
          .hasMessageContaining("x0");
    }
  }

  private static List<String> sortedIds(List<Place> places) {
    return places.stream().map(Place::id).sorted(Comparator.naturalOrder()).collect(Collectors.toList());
  }
}
