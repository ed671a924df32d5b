package dev.tessera.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a multi-dimensional index over 2 or 3 numeric components of an {@code @Entity} record,
 * for box queries ("every place with {@code x} in [x0, x1] and {@code y} in [y0, y1]"). Its key
 * interleaves the bits of the coordinates (Z-order), so points near each other in space
 * are mostly near each other in the key order, and a box is served by a few key ranges.
 *
 * <pre>{@code
 * @Entity
 * @SpatialIndex(fields = {"x", "y"})
 * public record Place(@PrimaryKey String id, int x, int y, String name) {}
 *
 * List<Place> near = places.byXY().within(-10, -10, 10, 10).list();
 * }</pre>
 *
 * <p>Components may be {@code byte}, {@code short}, {@code int}, {@code long}, {@code float},
 * {@code double} or their boxes. A NaN coordinate is rejected on write.
 *
 * <p>A record with a {@code null} coordinate (possible only with a box, such as {@code Double}) is
 * left out of the index, silently: it is written, no box query returns it, and index verification
 * does not report it. To find such records, give the nullable component an ordinary index as well
 * and query its nulls:
 *
 * <pre>{@code
 * @Entity
 * @SpatialIndex(name = "space", fields = {"x", "y", "depth"})
 * public record Reading(@PrimaryKey long id, double x, double y, @Index Double depth) {}
 *
 * List<Reading> leftOut = readings.byDepth().isNull().list();
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(SpatialIndexes.class)
public @interface SpatialIndex {
  /**
   * {@return the index name, a Java identifier: its entries live under the key prefix {@code
   * entityName + "_by_" + name}, and the repository's query method is {@code "by"} followed by the
   * name capitalised} Defaults to the field names concatenated in camel case: {@code {"x", "y"}}
   * gives {@code xY} and {@code byXY()}, {@code {"lat", "lon"}} gives {@code latLon} and {@code
   * byLatLon()}.
   */
  String name() default "";

  /**
   * {@return the 2 or 3 numeric components, one per dimension, in the order of the query's
   * arguments}
   */
  String[] fields();
}
