package dev.tessera.benchmarks.jmh;

import dev.tessera.benchmarks.model.Point;
import dev.tessera.benchmarks.model.PointRepository;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A Tessera store (no-sync: reads do not depend on the commit setting) loaded with {@code records}
 * points spread uniformly over a square around the origin, both signs of both coordinates. The
 * query box's side is chosen so that a box holds {@value #POINTS_PER_BOX} points on average at any
 * size. Point {@code i} is always the same point.
 *
 * <p>Shared by all benchmark threads: the repository is thread-safe.
 */
@State(Scope.Benchmark)
public class SpatialStore {
  /** The average number of points inside a query box. */
  static final int POINTS_PER_BOX = 500;
  /** Coordinates lie in {@code [-HALF_SIDE, HALF_SIDE)}. */
  static final int HALF_SIDE = 1 << 20;

  /** Points loaded before measuring. */
  @Param({"1000000"})
  public long records;

  /** The repository under test. */
  PointRepository points;
  /** The side of a query box. */
  int boxSide;

  private LmdbKvStore store;
  private Path directory;

  /** Point {@code id} of the data set. */
  static Point point(long id) {
    SplittableRandom random = new SplittableRandom(id * 0x9E3779B97F4A7C15L);
    return new Point(
        id, random.nextInt(-HALF_SIDE, HALF_SIDE), random.nextInt(-HALF_SIDE, HALF_SIDE));
  }

  /** Opens, loads (or copies the run's loaded template: see {@link LoadedStores}), checks. */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    directory = Files.createTempDirectory(LoadedStores.storesDirectory(), "tessera-bench-spatial");
    LoadedStores.fill(directory, "spatial-" + records, dir -> {
      try (LmdbKvStore loading = LmdbKvStore.open(dir, noSync())) {
        PointRepository repository = new PointRepository(loading);
        for (long from = 0; from < records; from += StoreFixture.LOAD_BATCH) {
          List<Point> batch = new ArrayList<>(StoreFixture.LOAD_BATCH);
          for (long id = from; id < Math.min(records, from + StoreFixture.LOAD_BATCH); id++) {
            batch.add(point(id));
          }
          repository.insertAll(batch);
        }
      }
    });
    store = LmdbKvStore.open(directory, noSync());
    points = new PointRepository(store);
    boxSide = (int) (2L * HALF_SIDE * Math.sqrt((double) POINTS_PER_BOX / records));
    checkAnswer();
  }

  private static LmdbOptions noSync() {
    return LmdbOptions.builder().durability(Durability.NO_SYNC).build();
  }

  // A benchmark of wrong answers is worthless: compare one box with a brute-force count.
  private void checkAnswer() {
    int x0 = -boxSide / 2;
    int y0 = -boxSide / 3;
    int x1 = x0 + boxSide - 1;
    int y1 = y0 + boxSide - 1;
    long expected = 0;
    for (long id = 0; id < records; id++) {
      Point p = point(id);
      if (x0 <= p.x() && p.x() <= x1 && y0 <= p.y() && p.y() <= y1) {
        expected++;
      }
    }
    long actual = points.byXY().within(x0, y0, x1, y1).list().size();
    if (actual != expected) {
      throw new IllegalStateException(
          "within returned " + actual + " points, brute force " + expected);
    }
  }

  /** Closes the store and deletes its files. */
  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    store.close();
    LoadedStores.delete(directory);
  }
}
