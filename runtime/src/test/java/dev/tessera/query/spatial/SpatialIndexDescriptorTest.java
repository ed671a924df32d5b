package dev.tessera.query.spatial;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The catalog descriptor of a spatial index: it must change whenever the Z-order codes would. */
class SpatialIndexDescriptorTest {

  private record Point(long x, long y) {}

  private static SpatialIndex<Point> index(List<String> fields, List<CoordinateType> types) {
    return new SpatialIndex<>(
        "point", "xY", "point_by_xY", fields, types, p -> new long[] {p.x(), p.y()});
  }

  @Test
  void descriptorNamesFieldsCoordinateTypesAndBits() {
    SpatialIndex<Point> ints = index(List.of("x", "y"), List.of(CoordinateType.INT, CoordinateType.INT));
    assertThat(ints.definition().descriptor()).isEqualTo("spatial(x:INT,y:INT)/z32");
  }

  @Test
  void changingATypeOrTheFieldOrderChangesTheDescriptor() {
    String ints =
        index(List.of("x", "y"), List.of(CoordinateType.INT, CoordinateType.INT))
            .definition().descriptor();
    String widened =
        index(List.of("x", "y"), List.of(CoordinateType.LONG, CoordinateType.INT))
            .definition().descriptor();
    String floating =
        index(List.of("x", "y"), List.of(CoordinateType.FLOAT, CoordinateType.INT))
            .definition().descriptor();
    String swapped =
        index(List.of("y", "x"), List.of(CoordinateType.INT, CoordinateType.INT))
            .definition().descriptor();
    assertThat(List.of(ints, widened, floating, swapped)).doesNotHaveDuplicates();
  }
}
