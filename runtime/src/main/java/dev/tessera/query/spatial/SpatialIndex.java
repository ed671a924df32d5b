package dev.tessera.query.spatial;

import dev.tessera.kv.KvStore;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.query.RecordReader;
import dev.tessera.tuple.Tuple;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * CONTRACT. A multi-dimensional (Z-order) index of an entity over 2 or 3 numeric components, as
 * declared by {@code @SpatialIndex}; generated repositories hold one per declaration.
 *
 * <p>Key layout: a non-unique index whose one value is the point's Z-order code, a fixed-length
 * byte string interleaving the coordinates' order-preserving bits ({@link SortableBits}, {@link
 * ZOrderCurve}):
 *
 * <pre>
 * (entity_by_name, zcode, pk...) -> empty
 * </pre>
 *
 * <p>The repository's write path maintains it through {@link #definition()} like any other index:
 * a record with a {@code null} coordinate is not in the index, and one with a NaN coordinate is
 * rejected ({@link InvalidCoordinateException}) before anything is written. {@link #within} answers
 * box queries.
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the record type
 */
public final class SpatialIndex<T> {
  private final String entityName;
  private final List<String> fields;
  private final List<CoordinateType> types;
  private final ZOrderCurve curve;
  private final IndexDefinition<T> definition;

  /**
   * @param entityName the entity, for messages
   * @param name the index name
   * @param subspace the name of the subspace of its entries, {@code entityName + "_by_" + name}: the
   *     store's catalog assigns it the integer id its keys start with
   * @param fields the indexed components, one per dimension
   * @param types the components' coordinate types, in the order of {@code fields}
   * @param coordinates a record's coordinates as mapped by {@link #fromInteger} and {@link
   *     #fromFloating}, or {@code null} when one is {@code null}: a function of the components
   *     {@code fields} alone, so its definition {@linkplain IndexDefinition#derivedFromFields
   *     declares them its exact inputs} (an update that keeps their stored bytes keeps its entry)
   */
  public SpatialIndex(
      String entityName,
      String name,
      String subspace,
      List<String> fields,
      List<CoordinateType> types,
      Function<T, long[]> coordinates) {
    this.entityName = Objects.requireNonNull(entityName, "entityName");
    this.fields = List.copyOf(fields);
    this.types = List.copyOf(types);
    if (this.fields.size() < 2 || this.fields.size() > 3 || this.types.size() != this.fields.size()) {
      throw new IllegalArgumentException(
          "a spatial index has 2 or 3 fields with one type each: " + fields + " " + types);
    }
    Objects.requireNonNull(coordinates, "coordinates");
    int bits = this.types.stream().mapToInt(CoordinateType::bits).max().orElseThrow();
    this.curve = new ZOrderCurve(this.fields.size(), bits);
    this.definition = IndexDefinition.derivedFromFields(
        new IndexDefinition<>(
            name,
            subspace,
            false,
            this.fields,
            record -> {
              long[] point = coordinates.apply(record);
              return point == null ? null : Tuple.of(curve.encode(point));
            },
            descriptor(this.fields, this.types, bits)));
  }

  /**
   * What shapes the entries, for the catalog: a change of a field, its coordinate type or the bits
   * per dimension changes every Z-order code, so the index must be rebuilt; e.g. {@code
   * spatial(x:INT,y:INT)/z32}.
   */
  private static String descriptor(List<String> fields, List<CoordinateType> types, int bits) {
    StringBuilder descriptor = new StringBuilder("spatial(");
    for (int i = 0; i < fields.size(); i++) {
      descriptor.append(i == 0 ? "" : ",").append(fields.get(i)).append(':').append(types.get(i));
    }
    return descriptor.append(")/z").append(bits).toString();
  }

  /** {@return the definition the repository's write path maintains: values are {@code (zcode)}} */
  public IndexDefinition<T> definition() {
    return definition;
  }

  /** {@return the entity name} */
  public String entityName() {
    return entityName;
  }

  /** {@return the index name} */
  public String name() {
    return definition.name();
  }

  /** {@return the indexed components, one per dimension} */
  public List<String> fields() {
    return fields;
  }

  /** {@return the curve the codes follow: 32 or 64 bits per dimension} */
  public ZOrderCurve curve() {
    return curve;
  }

  /**
   * {@return the coordinate of integer value {@code value} in {@code dimension} (a {@link
   * CoordinateType#INT} or {@link CoordinateType#LONG} component)}
   *
   * @param dimension the dimension, from 0
   * @param value the component's value
   */
  public long fromInteger(int dimension, long value) {
    CoordinateType type = types.get(dimension);
    if (type.floating()) {
      throw new IllegalArgumentException(
          "field '" + fields.get(dimension) + "' of " + entityName + " is a " + type + " coordinate");
    }
    if (curve.bitsPerDimension() == 64) {
      return SortableBits.ofLong(value);
    }
    if (value != (int) value) {
      throw new IllegalArgumentException(
          "field '" + fields.get(dimension) + "' of " + entityName + " holds ints: " + value);
    }
    return SortableBits.ofInt((int) value);
  }

  /**
   * {@return the coordinate of floating-point value {@code value} in {@code dimension} (a {@link
   * CoordinateType#FLOAT} or {@link CoordinateType#DOUBLE} component); {@code -0.0} is {@code 0.0}}
   *
   * @param dimension the dimension, from 0
   * @param value the component's value
   * @throws InvalidCoordinateException if {@code value} is NaN
   */
  public long fromFloating(int dimension, double value) {
    CoordinateType type = types.get(dimension);
    if (!type.floating()) {
      throw new IllegalArgumentException(
          "field '" + fields.get(dimension) + "' of " + entityName + " is a " + type + " coordinate");
    }
    if (Double.isNaN(value)) {
      throw new InvalidCoordinateException(entityName, name(), fields.get(dimension), "is NaN");
    }
    return curve.bitsPerDimension() == 64
        ? SortableBits.ofDouble(value)
        : SortableBits.ofFloat((float) value);
  }

  /**
   * {@return the number at {@code coordinate} in {@code dimension}: the inverse of the {@code from}
   * methods}
   *
   * @param dimension the dimension, from 0
   * @param coordinate the coordinate
   */
  public Number valueOf(int dimension, long coordinate) {
    boolean wide = curve.bitsPerDimension() == 64;
    switch (types.get(dimension)) {
      case INT:
        return wide ? (Number) (int) SortableBits.toLong(coordinate) : SortableBits.toInt(coordinate);
      case LONG:
        return SortableBits.toLong(coordinate);
      case FLOAT:
        return wide ? (float) SortableBits.toDouble(coordinate) : SortableBits.toFloat(coordinate);
      default:
        return SortableBits.toDouble(coordinate);
    }
  }

  /**
   * {@return the records of this index inside the box {@code [lo, hi]}, both corners inclusive, as
   * a lazy query over {@code store}, where the catalog gave the entity id {@code entityId} and this
   * index's subspace id {@code subspaceId}} Corners are coordinates from the {@code from} methods.
   *
   * @param store the store
   * @param entityId the entity's subspace id
   * @param subspaceId the index's subspace id
   * @param reader how to read the records
   * @param lo the lowest corner, one coordinate per dimension
   * @param hi the highest corner, one coordinate per dimension
   * @throws IllegalArgumentException if a low bound is above its high bound, naming the field
   */
  public BoxQuery<T> within(
      KvStore store, long entityId, long subspaceId, RecordReader<T> reader, long[] lo, long[] hi) {
    curve.checkPoint(lo);
    curve.checkPoint(hi);
    for (int d = 0; d < lo.length; d++) {
      if (Long.compareUnsigned(lo[d], hi[d]) > 0) {
        throw new IllegalArgumentException(
            String.format(
                "box on spatial index '%s' of %s: field '%s' goes from %s down to %s; the low"
                    + " bound must not exceed the high bound",
                name(), entityName, fields.get(d), valueOf(d, lo[d]), valueOf(d, hi[d])));
      }
    }
    return new BoxQuery<>(
        store, entityName, entityId, subspaceId, reader, this, lo.clone(), hi.clone());
  }
}
