package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.query.spatial.InvalidCoordinateException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Box queries on generated spatial indexes against a brute-force filter over random points on a
 * real LMDB store: ints and doubles on both sides of zero, the edges of the domains, degenerate and
 * empty boxes, 2-D and 3-D.
 */
class SpatialIndexTest {
  private static final int[] INT_EDGES = {
    Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -2, -1, 0, 1, 2, Integer.MAX_VALUE - 1, Integer.MAX_VALUE
  };
  private static final double[] DOUBLE_EDGES = {
    Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.0, -Double.MIN_VALUE, -0.0, 0.0,
    Double.MIN_VALUE, 1.0, Double.MAX_VALUE, Double.POSITIVE_INFINITY
  };

  @TempDir Path directory;
  private KvStore store;
  private PlaceRepository places;
  private SampleRepository samples;
  private VoxelRepository voxels;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    places = new PlaceRepository(store);
    samples = new SampleRepository(store);
    voxels = new VoxelRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** Mostly near zero (dense, shared values), some edges, some anywhere. */
  private static int randomInt(Random random) {
    int kind = random.nextInt(10);
    if (kind < 5) {
      return random.nextInt(41) - 20;
    }
    if (kind < 7) {
      return INT_EDGES[random.nextInt(INT_EDGES.length)];
    }
    return random.nextInt();
  }

  private static double randomDouble(Random random) {
    int kind = random.nextInt(10);
    if (kind < 5) {
      return random.nextDouble() * 10 - 5;
    }
    if (kind < 7) {
      return DOUBLE_EDGES[random.nextInt(DOUBLE_EDGES.length)];
    }
    double any = Double.longBitsToDouble(random.nextLong());
    return Double.isNaN(any) ? -3.5 : any;
  }

  /** Asserts the query returned exactly the brute-force matches, in index key order. */
  private static <T> void assertSameRecords(
      List<T> actual,
      long count,
      List<T> all,
      Predicate<T> inBox,
      Function<T, Tuple> indexKey,
      String box) {
    List<T> expected =
        all.stream()
            .filter(inBox)
            .sorted(Comparator.comparing(indexKey))
            .toList();
    assertThat(actual).as("box %s", box).isEqualTo(expected);
    assertThat(count).as("count of box %s", box).isEqualTo(expected.size());
  }

  private static Tuple placeKey(Place p) {
    return PlaceRepository.BY_X_Y.definition().values().apply(p).add(p.id());
  }

  @Test
  void intBoxesReturnExactlyThePointsInside() {
    Random random = new Random(4242);
    List<Place> all = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      all.add(new Place("p" + i, randomInt(random), randomInt(random), "n" + i));
    }
    places.insertAll(all);
    for (int q = 0; q < 400; q++) {
      int xa = randomInt(random);
      int xb = q % 10 == 0 ? xa : randomInt(random); // some degenerate boxes: a line
      int ya = randomInt(random);
      int yb = q % 15 == 0 ? ya : randomInt(random);
      int x0 = Math.min(xa, xb);
      int x1 = Math.max(xa, xb);
      int y0 = Math.min(ya, yb);
      int y1 = Math.max(ya, yb);
      var query = places.byXY().within(x0, y0, x1, y1);
      assertSameRecords(
          query.list(),
          query.count(),
          all,
          p -> x0 <= p.x() && p.x() <= x1 && y0 <= p.y() && p.y() <= y1,
          SpatialIndexTest::placeKey,
          "x " + x0 + ".." + x1 + ", y " + y0 + ".." + y1);
    }
  }

  @Test
  void boxesOnTheEdgesOfTheIntDomain() {
    List<Place> all = new ArrayList<>();
    int n = 0;
    for (int x : INT_EDGES) {
      for (int y : INT_EDGES) {
        all.add(new Place("e" + n++, x, y, null));
      }
    }
    places.insertAll(all);
    assertThat(places.byXY().within(Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE).count())
        .isEqualTo(all.size());
    assertThat(places.byXY().within(Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE).list())
        .extracting(Place::x, Place::y)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(Integer.MIN_VALUE, Integer.MIN_VALUE));
    assertThat(places.byXY().within(Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE).list())
        .hasSize(INT_EDGES.length)
        .allMatch(p -> p.x() == Integer.MAX_VALUE);
    assertThat(places.byXY().within(-1, -1, 0, 0).list())
        .extracting(Place::x, Place::y)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(-1, -1),
            org.assertj.core.groups.Tuple.tuple(-1, 0),
            org.assertj.core.groups.Tuple.tuple(0, -1),
            org.assertj.core.groups.Tuple.tuple(0, 0));
    assertThat(places.byXY().within(3, 3, 1000, 1000).list()).isEmpty(); // between stored points
  }

  @Test
  void thinBoxesOverDenseDataSkipToTheBox() {
    List<Place> grid = new ArrayList<>();
    for (int x = -60; x < 60; x++) {
      for (int y = -60; y < 60; y++) {
        grid.add(new Place(x + ":" + y, x, y, null));
      }
    }
    places.insertAll(grid);
    for (int[] box :
        new int[][] {
          {7, -60, 7, 59}, {-60, -3, 59, -3}, {-1, -60, 0, 59}, {5, 5, 5, 5},
          {-60, -60, 59, 59}, {-13, 20, 40, 21}, {60, 0, 100, 100}
        }) {
      var query = places.byXY().within(box[0], box[1], box[2], box[3]);
      assertSameRecords(
          query.list(),
          query.count(),
          grid,
          p -> box[0] <= p.x() && p.x() <= box[2] && box[1] <= p.y() && p.y() <= box[3],
          SpatialIndexTest::placeKey,
          java.util.Arrays.toString(box));
    }
  }

  @Test
  void doubleBoxesReturnExactlyThePointsInside() {
    Random random = new Random(777);
    List<Sample> all = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      Double depth = random.nextInt(5) == 0 ? null : randomDouble(random);
      all.add(new Sample(i, randomDouble(random), randomDouble(random), depth));
    }
    samples.insertAll(all);
    for (int q = 0; q < 300; q++) {
      double xa = randomDouble(random);
      double xb = q % 10 == 0 ? xa : randomDouble(random);
      double ya = randomDouble(random);
      double yb = randomDouble(random);
      double za = randomDouble(random);
      double zb = randomDouble(random);
      double x0 = Math.min(xa, xb);
      double x1 = Math.max(xa, xb);
      double y0 = Math.min(ya, yb);
      double y1 = Math.max(ya, yb);
      double z0 = Math.min(za, zb);
      double z1 = Math.max(za, zb);
      var plane = samples.byXY().within(x0, y0, x1, y1);
      assertSameRecords(
          plane.list(),
          plane.count(),
          all,
          s -> x0 <= s.x() && s.x() <= x1 && y0 <= s.y() && s.y() <= y1,
          s -> SampleRepository.BY_X_Y.definition().values().apply(s).add(s.id()),
          "x " + x0 + ".." + x1 + ", y " + y0 + ".." + y1);
      var space = samples.bySpace().within(x0, y0, z0, x1, y1, z1);
      assertSameRecords(
          space.list(),
          space.count(),
          all,
          s ->
              s.depth() != null
                  && x0 <= s.x() && s.x() <= x1
                  && y0 <= s.y() && s.y() <= y1
                  && z0 <= s.depth() && s.depth() <= z1,
          s -> SampleRepository.BY_SPACE.definition().values().apply(s).add(s.id()),
          "x " + x0 + ".." + x1 + ", y " + y0 + ".." + y1 + ", depth " + z0 + ".." + z1);
    }
  }

  @Test
  void negativeZeroIsZeroAndInfinitiesAreInTheDomain() {
    samples.insert(new Sample(1, -0.0, 0.0, null));
    samples.insert(new Sample(2, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 1.0));
    samples.insert(new Sample(3, -Double.MIN_VALUE, Double.MIN_VALUE, -1.0));

    assertThat(samples.byXY().within(0.0, 0.0, 0.0, 0.0).list()).extracting(Sample::id).containsExactly(1L);
    assertThat(samples.byXY().within(-0.0, -0.0, 1, 1).list()).extracting(Sample::id).containsExactly(1L);
    assertThat(samples.byXY().within(-1, -1, -0.0, 1).list()).extracting(Sample::id).containsExactlyInAnyOrder(1L, 3L);
    var everything =
        samples.byXY().within(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
    assertThat(everything.count()).isEqualTo(3);
    assertThat(samples.byXY().within(-Double.MAX_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE).list())
        .extracting(Sample::id)
        .containsExactlyInAnyOrder(1L, 3L);
    assertThat(samples.bySpace().within(Double.NEGATIVE_INFINITY, 0, 0, 0, Double.POSITIVE_INFINITY, 5).list())
        .extracting(Sample::id)
        .containsExactly(2L);
  }

  @Test
  void threeDimensionsOfMixedWidths() {
    Random random = new Random(99);
    List<Voxel> all = new ArrayList<>();
    for (int i = 0; i < 1500; i++) {
      short x = (short) (random.nextBoolean() ? random.nextInt(11) - 5 : random.nextInt());
      long z = random.nextBoolean() ? random.nextInt(11) - 5 : random.nextLong();
      all.add(new Voxel(i, x, randomInt(random), z));
    }
    voxels.insertAll(all);
    for (int q = 0; q < 200; q++) {
      short xa = (short) (random.nextInt(21) - 10);
      short xb = (short) (q % 4 == 0 ? Short.MAX_VALUE : random.nextInt(21) - 10);
      int ya = randomInt(random);
      int yb = randomInt(random);
      long za = q % 5 == 0 ? Long.MIN_VALUE : random.nextInt(21) - 10;
      long zb = q % 7 == 0 ? Long.MAX_VALUE : random.nextInt(21) - 10;
      short x0 = (short) Math.min(xa, xb);
      short x1 = (short) Math.max(xa, xb);
      int y0 = Math.min(ya, yb);
      int y1 = Math.max(ya, yb);
      long z0 = Math.min(za, zb);
      long z1 = Math.max(za, zb);
      var query = voxels.byXYZ().within(x0, y0, z0, x1, y1, z1);
      assertSameRecords(
          query.list(),
          query.count(),
          all,
          v -> x0 <= v.x() && v.x() <= x1 && y0 <= v.y() && v.y() <= y1 && z0 <= v.z() && v.z() <= z1,
          v -> VoxelRepository.BY_X_YZ.definition().values().apply(v).add(v.id()),
          "x " + x0 + ".." + x1 + ", y " + y0 + ".." + y1 + ", z " + z0 + ".." + z1);
    }
  }

  @Test
  void updatesMoveAndDeletesRemovePoints() {
    places.insert(new Place("a", 1, 1, "first"));
    places.update(new Place("a", -100, 50, "moved"));
    assertThat(places.byXY().within(0, 0, 10, 10).list()).isEmpty();
    assertThat(places.byXY().within(-100, 50, -100, 50).list())
        .containsExactly(new Place("a", -100, 50, "moved"));
    places.update(new Place("a", -100, 50, "renamed")); // same point: the index entry stays
    try (Stream<Place> found = places.byXY().within(-200, 0, 0, 100).stream()) {
      assertThat(found).extracting(Place::name).containsExactly("renamed");
    }
    places.delete("a");
    assertThat(places.byXY().within(Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE).count())
        .isZero();
  }

  @Test
  void nanIsRejectedOnWriteAndQueryNamingTheField() {
    samples.insert(new Sample(1, 1.0, 2.0, 3.0));
    List<String> before = UserRepositoryTest.dumpKeySpace(store);

    assertThatThrownBy(() -> samples.insert(new Sample(2, 1.0, Double.NaN, null)))
        .isInstanceOfSatisfying(
            InvalidCoordinateException.class,
            e -> {
              assertThat(e.entityName()).isEqualTo("sample");
              assertThat(e.field()).isEqualTo("y");
              assertThat(e.indexName()).isEqualTo("xY");
            })
        .hasMessageContaining("field 'y' of entity sample is NaN");
    assertThatThrownBy(() -> samples.update(new Sample(1, 1.0, 2.0, Double.NaN)))
        .isInstanceOfSatisfying(
            InvalidCoordinateException.class, e -> assertThat(e.field()).isEqualTo("depth"));
    assertThat(UserRepositoryTest.dumpKeySpace(store)).isEqualTo(before);

    assertThatThrownBy(() -> samples.byXY().within(Double.NaN, 0, 1, 1))
        .isInstanceOfSatisfying(
            InvalidCoordinateException.class, e -> assertThat(e.field()).isEqualTo("x"));
  }

  @Test
  void invertedBoxIsRejectedNamingTheField() {
    assertThatThrownBy(() -> places.byXY().within(0, 5, 10, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("field 'y' goes from 5 down to 3")
        .hasMessageContaining("spatial index 'xY' of place");
    assertThatThrownBy(() -> samples.byXY().within(0.5, 0, -0.5, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("field 'x' goes from 0.5 down to -0.5");
    assertThatThrownBy(() -> voxels.byXYZ().within((short) 0, 0, 1L, (short) 0, 0, -1L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("field 'z' goes from 1 down to -1");
  }

  /** Every entry of the store, key and value in hex. */
  private List<String> stored() {
    List<String> entries = new ArrayList<>();
    TupleRange everything = TupleRange.ofPacked(new byte[] {0x00}, new byte[] {(byte) 0xFF});
    try (KvIterator all = store.list(ListSelector.of(everything))) {
      all.forEachRemaining(e -> entries.add(HexFormat.of().formatHex(e.key().pack()) + " -> "
          + HexFormat.of().formatHex(e.value())));
    }
    return entries;
  }

  /**
   * A spatial index entry whose Z-order code does not decode (one byte too long, as a damaged file
   * could hold) reaches the caller of a box query naming the index, its fields and the record's
   * key, not subspace ids; the reads leave the store as it was.
   */
  @Test
  void aZOrderCodeThatDoesNotDecodeNamesTheSpatialIndexItsFieldsAndTheRecord() {
    places.insertAll(List.of(new Place("p1", 1, 1, "a"), new Place("p2", 5, 5, "b")));
    Tuple entry;
    try (KvIterator index = store.list(ListSelector.of(StoredKeys.range(store, "place_by_xY")))) {
      entry = index.next().key(); // p1's: its code sorts first
    }
    byte[] code = entry.getBytes(1);
    byte[] tooLong = Arrays.copyOf(code, code.length + 1);
    assertThat(store.atomic().set(Tuple.of(entry.get(0), tooLong, "p1"), new byte[0]).commit().ok())
        .isTrue();
    List<String> before = stored();
    String named = "index 'xY' of entity 'place': stored value under key (z-order of x and y: ";

    assertThatThrownBy(() -> places.byXY().within(0, 0, 10, 10).list())
        .isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith(named)
        .hasMessageContaining("id: \"p1\") does not decode");
    assertThatThrownBy(() -> {
      try (Stream<Place> inBox = places.byXY().within(0, 0, 10, 10).stream()) {
        inBox.forEach(place -> { });
      }
    }).isInstanceOf(CorruptRecordException.class).hasMessageStartingWith(named);
    assertThatThrownBy(() -> places.byXY().within(0, 0, 10, 10).page(10))
        .isInstanceOf(CorruptRecordException.class).hasMessageStartingWith(named);
    assertThatThrownBy(() -> places.byXY().within(0, 0, 10, 10).count())
        .isInstanceOf(CorruptRecordException.class).hasMessageStartingWith(named);
    assertThat(stored()).isEqualTo(before);
  }
}
