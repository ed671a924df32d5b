package dev.tessera.it.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.IndexBuildPolicy;
import dev.tessera.repository.IndexNotReadyException;
import dev.tessera.repository.RepositoryOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Typed and spatial queries on indexes that a new version of an entity adds over records stored by
 * the old version: refused until the index is built, then exact, reading old records in the new
 * shape.
 */
class QueriesOnNewIndexesTest {
  @TempDir Path dir;

  @Test
  void newSpatialAndRangeIndexesRefuseQueriesUntilBuiltThenMatchBruteForce() {
    Random random = new Random(11);
    List<SpotV1> spots = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      spots.add(new SpotV1("s" + i, random.nextInt(201) - 100, random.nextInt(201) - 100));
    }
    try (LmdbKvStore store = LmdbKvStore.open(dir)) {
      new SpotV1Repository(store).insertAll(spots);

      SpotV2Repository v2 =
          new SpotV2Repository(
              store, RepositoryOptions.defaults().withBuildPolicy(IndexBuildPolicy.ON_DEMAND));
      assertThatThrownBy(() -> v2.byXY().within(-10, -10, 10, 10).list())
          .isInstanceOfSatisfying(
              IndexNotReadyException.class, e -> assertThat(e.index()).isEqualTo("xY"));
      assertThatThrownBy(() -> v2.byX().between(-5, 5).list())
          .isInstanceOfSatisfying(
              IndexNotReadyException.class, e -> assertThat(e.index()).isEqualTo("x"));

      v2.indexAdmin().buildIndexes();

      List<SpotV2> inBox =
          spots.stream()
              .filter(s -> s.x() >= -30 && s.x() <= 45 && s.y() >= -60 && s.y() <= 0)
              .map(s -> new SpotV2(s.id(), s.x(), s.y(), null))
              .toList();
      assertThat(v2.byXY().within(-30, -60, 45, 0).list()).containsExactlyInAnyOrderElementsOf(inBox);
      List<SpotV2> inRange =
          spots.stream()
              .filter(s -> s.x() >= -5 && s.x() <= 5)
              .map(s -> new SpotV2(s.id(), s.x(), s.y(), null))
              .sorted(Comparator.comparingInt(SpotV2::x).thenComparing(SpotV2::id))
              .toList();
      assertThat(v2.byX().between(-5, 5).list()).containsExactlyElementsOf(inRange);
      assertThat(v2.indexAdmin().verifyIndexes().clean()).isTrue();
    }
  }
}
