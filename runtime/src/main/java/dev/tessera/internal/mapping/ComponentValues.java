package dev.tessera.internal.mapping;

import dev.tessera.internal.mapping.FieldCodec;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.tuple.Tuple;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Reads a stored record value into named component values using only its {@link RecordSchema}
 * (the names and type descriptors the catalog keeps), without the application's classes: for tools
 * that look inside a store. Every part goes through the same {@link FieldCodec} decoders generated
 * code calls, so a value reads here exactly as it reads in the application.
 *
 * <p>The values are plain Java objects: {@code Boolean}, {@code Byte}, {@code Short}, {@code
 * Integer}, {@code Long}, {@code Character}, {@code Float}, {@code Double}, {@code String}, {@code
 * byte[]}, {@code UUID}, the {@code java.time} types, {@code BigInteger}, {@code BigDecimal}; an
 * enum constant as its name ({@code String}); an {@code Optional} as its value or {@code null}; a
 * {@code List} as a list, a {@code Set} as an insertion-ordered set, a {@code Map} as an
 * insertion-ordered map, and a nested record as an ordered map of its components; {@code null}
 * where the record holds {@code null}. Collections are unmodifiable.
 *
 * <pre>{@code
 * Map<String, Object> user = ComponentValues.read(schema, Tuple.unpack(storedValue));
 * Object email = user.get("email");
 * }</pre>
 *
 * <p>{@link #encode} is the inverse: it writes such values as the stored value generated code
 * writes for the same record, so a tool can store records without the application's classes.
 *
 * <p>Stateless and thread-safe.
 */
public final class ComponentValues {
  private ComponentValues() {}

  /**
   * The components of {@code record} (an unpacked stored value written with {@code schema}), by
   * name in stored order. The value's first part, which names its shape (a number or an
   * identifier, see {@link dev.tessera.internal.catalog.StoredShapes}), is not read: the caller
   * found {@code schema} through it.
   *
   * @throws IllegalArgumentException if the value does not have one part per component of {@code
   *     schema} or a part does not decode as its component's type (the message names the component)
   */
  public static Map<String, Object> read(RecordSchema schema, Tuple record) {
    if (record.size() != schema.components().size() + 1) {
      throw new IllegalArgumentException(
          "stored value of entity '" + schema.entityName() + "' was not written with schema "
              + schema + " (a value of " + record.size() + " parts starting with "
              + (record.size() == 0 ? "nothing" : String.valueOf(record.get(0))) + ")");
    }
    Map<String, Object> values = new LinkedHashMap<>();
    List<ComponentSchema> components = schema.components();
    for (int i = 0; i < components.size(); i++) {
      ComponentSchema component = components.get(i);
      try {
        values.put(component.name(),
            decode(component.descriptor(), record.get(i + 1)));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("component '" + component.name() + "' ("
            + component.type() + ") of entity '" + schema.entityName() + "' does not decode: "
            + e.getMessage(), e);
      }
    }
    return Collections.unmodifiableMap(values);
  }

  /**
   * The stored value (unpacked) of a record whose components are {@code values}, in the layout
   * generated code writes with {@code schema}: the schema identifier, then each component's part
   * in stored order. Values are the plain objects {@link #read} returns (a {@code Float} may also be
   * given for a {@code DOUBLE} and any integral {@code Number} for an integral type, if it fits).
   *
   * @throws IllegalArgumentException naming the component if one is missing, one is not in the
   *     schema, or a value does not fit its type
   */
  public static Tuple encode(RecordSchema schema, Map<String, ?> values) {
    List<Object> parts = new ArrayList<>(schema.components().size() + 1);
    parts.add(schema.id());
    for (ComponentSchema component : schema.components()) {
      if (!values.containsKey(component.name())) {
        throw new IllegalArgumentException("component '" + component.name() + "' ("
            + component.type() + ") of entity '" + schema.entityName() + "' is missing");
      }
      try {
        parts.add(encode(component.descriptor(), values.get(component.name())));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("component '" + component.name() + "' ("
            + component.type() + ") of entity '" + schema.entityName() + "': " + e.getMessage(), e);
      }
    }
    for (String name : values.keySet()) {
      if (schema.components().stream().noneMatch(c -> c.name().equals(name))) {
        throw new IllegalArgumentException("entity '" + schema.entityName()
            + "' has no component '" + name + "' (schema " + schema + ")");
      }
    }
    return Tuple.fromList(parts);
  }

  private static Object encode(TypeDescriptor type, Object value) {
    if (value == null) {
      if (type.primitive()) {
        throw new IllegalArgumentException("null for primitive " + type);
      }
      return null;
    }
    switch (type.kind()) {
      case BOOLEAN:
        return FieldCodec.encodeBoxedBoolean(as(value, Boolean.class, type));
      case BYTE:
        return FieldCodec.encodeBoxedByte((byte) integral(value, Byte.MIN_VALUE, Byte.MAX_VALUE, type));
      case SHORT:
        return FieldCodec.encodeBoxedShort(
            (short) integral(value, Short.MIN_VALUE, Short.MAX_VALUE, type));
      case INT:
        return FieldCodec.encodeBoxedInt(
            (int) integral(value, Integer.MIN_VALUE, Integer.MAX_VALUE, type));
      case LONG:
        return FieldCodec.encodeBoxedLong(integral(value, Long.MIN_VALUE, Long.MAX_VALUE, type));
      case CHAR:
        return FieldCodec.encodeBoxedChar(as(value, Character.class, type));
      case FLOAT:
        return FieldCodec.encodeBoxedFloat(as(value, Float.class, type));
      case DOUBLE:
        return FieldCodec.encodeBoxedDouble(value instanceof Float f
            ? Double.valueOf(f.doubleValue()) : as(value, Double.class, type));
      case STRING:
      case ENUM: // stored by constant name
        return FieldCodec.encodeString(as(value, String.class, type));
      case BYTES:
        return FieldCodec.encodeBytes(as(value, byte[].class, type));
      case UUID:
        return FieldCodec.encodeUuid(as(value, UUID.class, type));
      case INSTANT:
        return FieldCodec.encodeInstant(as(value, Instant.class, type));
      case LOCAL_DATE:
        return FieldCodec.encodeLocalDate(as(value, LocalDate.class, type));
      case LOCAL_DATE_TIME:
        return FieldCodec.encodeLocalDateTime(as(value, LocalDateTime.class, type));
      case LOCAL_TIME:
        return FieldCodec.encodeLocalTime(as(value, LocalTime.class, type));
      case OFFSET_DATE_TIME:
        return FieldCodec.encodeOffsetDateTime(as(value, OffsetDateTime.class, type));
      case DURATION:
        return FieldCodec.encodeDuration(as(value, Duration.class, type));
      case BIG_INTEGER:
        return FieldCodec.encodeBigInteger(as(value, BigInteger.class, type));
      case BIG_DECIMAL:
        return FieldCodec.encodeBigDecimal(as(value, BigDecimal.class, type));
      case OPTIONAL:
        return encode(type.arguments().get(0), value);
      case LIST:
      case SET:
        List<Object> elements = new ArrayList<>();
        for (Object element : as(value, Collection.class, type)) {
          elements.add(encode(type.arguments().get(0), element));
        }
        return Tuple.fromList(elements);
      case MAP:
        List<Object> entries = new ArrayList<>();
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) as(value, Map.class, type)).entrySet()) {
          entries.add(encode(type.arguments().get(0), entry.getKey()));
          entries.add(encode(type.arguments().get(1), entry.getValue()));
        }
        return Tuple.fromList(entries);
      case RECORD:
        Map<?, ?> components = as(value, Map.class, type);
        List<Object> nested = new ArrayList<>();
        for (TypeDescriptor.Component component : type.components()) {
          if (!components.containsKey(component.name())) {
            throw new IllegalArgumentException(type.className() + "." + component.name()
                + " is missing");
          }
          nested.add(encode(component.type(), components.get(component.name())));
        }
        if (components.size() != type.components().size()) {
          throw new IllegalArgumentException(type.className() + " has components "
              + type.components().stream().map(TypeDescriptor.Component::name).toList()
              + ", not " + components.keySet());
        }
        return Tuple.fromList(nested);
      default:
        throw new IllegalArgumentException("unknown type " + type);
    }
  }

  private static <V> V as(Object value, Class<V> type, TypeDescriptor descriptor) {
    if (!type.isInstance(value)) {
      throw new IllegalArgumentException("a " + descriptor + " cannot hold a "
          + value.getClass().getSimpleName() + " (" + value + ")");
    }
    return type.cast(value);
  }

  private static long integral(Object value, long min, long max, TypeDescriptor type) {
    if (!(value instanceof Long || value instanceof Integer || value instanceof Short
        || value instanceof Byte)) {
      throw new IllegalArgumentException("a " + type + " cannot hold a "
          + value.getClass().getSimpleName() + " (" + value + ")");
    }
    long n = ((Number) value).longValue();
    if (n < min || n > max) {
      throw new IllegalArgumentException(n + " is out of range for " + type);
    }
    return n;
  }

  private static Object decode(TypeDescriptor type, Object part) {
    if (part == null && type.primitive()) {
      throw new IllegalArgumentException("null for primitive " + type);
    }
    switch (type.kind()) {
      case BOOLEAN:
        return FieldCodec.decodeBoxedBoolean(part);
      case BYTE:
        return FieldCodec.decodeBoxedByte(part);
      case SHORT:
        return FieldCodec.decodeBoxedShort(part);
      case INT:
        return FieldCodec.decodeBoxedInt(part);
      case LONG:
        return FieldCodec.decodeBoxedLong(part);
      case CHAR:
        return FieldCodec.decodeBoxedChar(part);
      case FLOAT:
        return FieldCodec.decodeBoxedFloat(part);
      case DOUBLE:
        return FieldCodec.decodeBoxedDouble(part);
      case STRING:
      case ENUM: // stored by constant name
        return FieldCodec.decodeString(part);
      case BYTES:
        return FieldCodec.decodeBytes(part);
      case UUID:
        return FieldCodec.decodeUuid(part);
      case INSTANT:
        return FieldCodec.decodeInstant(part);
      case LOCAL_DATE:
        return FieldCodec.decodeLocalDate(part);
      case LOCAL_DATE_TIME:
        return FieldCodec.decodeLocalDateTime(part);
      case LOCAL_TIME:
        return FieldCodec.decodeLocalTime(part);
      case OFFSET_DATE_TIME:
        return FieldCodec.decodeOffsetDateTime(part);
      case DURATION:
        return FieldCodec.decodeDuration(part);
      case BIG_INTEGER:
        return FieldCodec.decodeBigInteger(part);
      case BIG_DECIMAL:
        return FieldCodec.decodeBigDecimal(part);
      case OPTIONAL:
        return part == null ? null : decode(type.arguments().get(0), part);
      case LIST:
        return FieldCodec.decodeList(part, element -> decode(type.arguments().get(0), element));
      case SET:
        List<Object> elements =
            FieldCodec.decodeList(part, element -> decode(type.arguments().get(0), element));
        return elements == null ? null : Collections.unmodifiableSet(new LinkedHashSet<>(elements));
      case MAP:
        return FieldCodec.decodeMap(part,
            key -> decode(type.arguments().get(0), key),
            value -> decode(type.arguments().get(1), value));
      case RECORD:
        return nestedRecord(type, part);
      default:
        throw new IllegalArgumentException("unknown type " + type);
    }
  }

  private static Map<String, Object> nestedRecord(TypeDescriptor type, Object part) {
    List<TypeDescriptor.Component> components = type.components();
    Tuple parts = FieldCodec.decodeTuple(part, components.size(), type.className());
    if (parts == null) {
      return null;
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < components.size(); i++) {
      values.put(components.get(i).name(), decode(components.get(i).type(), parts.get(i)));
    }
    return Collections.unmodifiableMap(values);
  }
}
