package dev.tessera.mapping;

import dev.tessera.tuple.Tuple;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

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
 * <p>Stateless and thread-safe.
 */
public final class ComponentValues {
  private ComponentValues() {}

  /**
   * The components of {@code record} (an unpacked stored value written with {@code schema}), by
   * name in stored order.
   *
   * @throws IllegalArgumentException if the value was not written with {@code schema} or a part
   *     does not decode as its component's type (the message names the component)
   */
  public static Map<String, Object> read(RecordSchema schema, Tuple record) {
    if (!schema.isCurrent(record)) {
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
            decode(TypeDescriptor.parse(component.type()), record.get(i + 1)));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("component '" + component.name() + "' ("
            + component.type() + ") of entity '" + schema.entityName() + "' does not decode: "
            + e.getMessage(), e);
      }
    }
    return Collections.unmodifiableMap(values);
  }

  private static Object decode(TypeDescriptor type, Object part) {
    if (part == null && type.primitive()) {
      throw new IllegalArgumentException("null for primitive " + type);
    }
    switch (type.kind()) {
      case "BOOLEAN":
        return FieldCodec.decodeBoxedBoolean(part);
      case "BYTE":
        return FieldCodec.decodeBoxedByte(part);
      case "SHORT":
        return FieldCodec.decodeBoxedShort(part);
      case "INT":
        return FieldCodec.decodeBoxedInt(part);
      case "LONG":
        return FieldCodec.decodeBoxedLong(part);
      case "CHAR":
        return FieldCodec.decodeBoxedChar(part);
      case "FLOAT":
        return FieldCodec.decodeBoxedFloat(part);
      case "DOUBLE":
        return FieldCodec.decodeBoxedDouble(part);
      case "STRING":
      case "ENUM": // stored by constant name
        return FieldCodec.decodeString(part);
      case "BYTES":
        return FieldCodec.decodeBytes(part);
      case "UUID":
        return FieldCodec.decodeUuid(part);
      case "INSTANT":
        return FieldCodec.decodeInstant(part);
      case "LOCAL_DATE":
        return FieldCodec.decodeLocalDate(part);
      case "LOCAL_DATE_TIME":
        return FieldCodec.decodeLocalDateTime(part);
      case "LOCAL_TIME":
        return FieldCodec.decodeLocalTime(part);
      case "DURATION":
        return FieldCodec.decodeDuration(part);
      case "BIG_INTEGER":
        return FieldCodec.decodeBigInteger(part);
      case "BIG_DECIMAL":
        return FieldCodec.decodeBigDecimal(part);
      case "OPTIONAL":
        return part == null ? null : decode(type.arguments().get(0), part);
      case "LIST":
        return FieldCodec.decodeList(part, element -> decode(type.arguments().get(0), element));
      case "SET":
        List<Object> elements =
            FieldCodec.decodeList(part, element -> decode(type.arguments().get(0), element));
        return elements == null ? null : Collections.unmodifiableSet(new LinkedHashSet<>(elements));
      case "MAP":
        return FieldCodec.decodeMap(part,
            key -> decode(type.arguments().get(0), key),
            value -> decode(type.arguments().get(1), value));
      case "RECORD":
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
