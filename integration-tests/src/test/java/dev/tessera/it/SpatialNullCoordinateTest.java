package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What docs/spatial.md says about a record with a null coordinate: it is written, no box query
 * returns it, index verification does not report it, and an ordinary index on the nullable
 * component finds it with {@code isNull()}.
 */
class SpatialNullCoordinateTest {
  private static final double INF = Double.POSITIVE_INFINITY;

  @TempDir Path directory;

  @Test
  void readingWithoutDepthIsLeftOutOfTheSpaceIndexAndFoundByIsNull() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      ReadingRepository readings = new ReadingRepository(store);
      Reading measured = new Reading(1, 0.5, 0.5, 3.0);
      Reading unmeasured = new Reading(2, 0.5, 0.5, null);
      readings.insertAll(List.of(measured, unmeasured));

      assertThat(readings.existsById(2L)).isTrue();
      assertThat(readings.bySpace().within(-INF, -INF, -INF, INF, INF, INF).list()).containsExactly(measured);
      assertThat(readings.indexAdmin().verifyIndexes().clean()).isTrue();
      assertThat(readings.byDepth().isNull().list()).containsExactly(unmeasured);
      assertThat(readings.findAll().filter(r -> r.depth() == null)).containsExactly(unmeasured);
    }
  }
}
