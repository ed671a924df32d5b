package dev.tessera.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TypeDescriptor;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * Reads one line of JSON as {@link RecordJson} writes it back into the plain component values
 * {@code ComponentValues} reads and encodes, each by the type its schema gives: the inverse of
 * {@code dump}'s rendering. Stateless.
 */
final class JsonRecordReader {
  private JsonRecordReader() {}

  /** A line that does not hold a record of the schema; names the field (a dotted path). */
  static final class BadField extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String field;

    BadField(String field, String message) {
      super(message);
      this.field = field;
    }

    /** The field, e.g. {@code address.zip}, or empty for the line as a whole. */
    String field() {
      return field;
    }
  }

  /**
   * The components of {@code line} in {@code schema}'s order.
   *
   * @throws BadField if the line is not a JSON object holding exactly the schema's components,
   *     each of its type
   */
  static Map<String, Object> read(String line, RecordSchema schema) {
    JsonElement json;
    try {
      json = JsonParser.parseString(line);
    } catch (JsonParseException e) {
      throw new BadField("", "not JSON: " + e.getMessage());
    }
    if (!json.isJsonObject()) {
      throw new BadField("", "not a JSON object");
    }
    JsonObject object = json.getAsJsonObject();
    Map<String, Object> values = new LinkedHashMap<>();
    for (ComponentSchema component : schema.components()) {
      if (!object.has(component.name())) {
        throw new BadField(component.name(), "missing (" + component.type() + ")");
      }
      values.put(component.name(), value(component.name(),
          TypeDescriptor.parse(component.type()), object.get(component.name())));
    }
    for (String name : object.keySet()) {
      if (!values.containsKey(name)) {
        throw new BadField(name, "not a component of " + schema.entityName() + " (its components: "
            + String.join(", ", values.keySet()) + ")");
      }
    }
    return values;
  }

  private static Object value(String field, TypeDescriptor type, JsonElement json) {
    if (json.isJsonNull()) {
      if (type.primitive()) {
        throw new BadField(field, "null for primitive " + type);
      }
      return null;
    }
    try {
      return switch (type.kind()) {
        case "BOOLEAN" -> {
          JsonPrimitive p = primitive(field, type, json);
          if (!p.isBoolean()) {
            throw mistyped(field, type, json);
          }
          yield p.getAsBoolean();
        }
        case "BYTE" -> (byte) integral(field, type, json, Byte.MIN_VALUE, Byte.MAX_VALUE);
        case "SHORT" -> (short) integral(field, type, json, Short.MIN_VALUE, Short.MAX_VALUE);
        case "INT" -> (int) integral(field, type, json, Integer.MIN_VALUE, Integer.MAX_VALUE);
        case "LONG" -> integral(field, type, json, Long.MIN_VALUE, Long.MAX_VALUE);
        case "FLOAT" -> (float) floating(field, type, json);
        case "DOUBLE" -> floating(field, type, json);
        case "BIG_INTEGER" -> number(field, type, json).toBigIntegerExact();
        case "BIG_DECIMAL" -> number(field, type, json);
        case "CHAR" -> {
          String text = text(field, type, json);
          if (text.length() != 1) {
            throw mistyped(field, type, json);
          }
          yield text.charAt(0);
        }
        case "STRING", "ENUM" -> text(field, type, json);
        case "BYTES" -> Base64.getDecoder().decode(text(field, type, json));
        case "UUID" -> UUID.fromString(text(field, type, json));
        case "INSTANT" -> Instant.parse(text(field, type, json));
        case "LOCAL_DATE" -> LocalDate.parse(text(field, type, json));
        case "LOCAL_DATE_TIME" -> LocalDateTime.parse(text(field, type, json));
        case "LOCAL_TIME" -> LocalTime.parse(text(field, type, json));
        case "DURATION" -> Duration.parse(text(field, type, json));
        case "OPTIONAL" -> value(field, type.arguments().get(0), json);
        case "LIST" -> elements(field, type, json);
        case "SET" -> new LinkedHashSet<>(elements(field, type, json));
        case "MAP" -> map(field, type, json);
        case "RECORD" -> nested(field, type, json);
        default -> throw new BadField(field, "has type " + type + ", which load cannot read");
      };
    } catch (ArithmeticException | IllegalArgumentException | DateTimeParseException e) {
      throw mistyped(field, type, json);
    }
  }

  private static List<Object> elements(String field, TypeDescriptor type, JsonElement json) {
    if (!json.isJsonArray()) {
      throw mistyped(field, type, json);
    }
    JsonArray array = json.getAsJsonArray();
    List<Object> elements = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      elements.add(value(field + "[" + i + "]", type.arguments().get(0), array.get(i)));
    }
    return elements;
  }

  // Map keys are written as their text: read each key as the JSON its type would be.
  private static Map<Object, Object> map(String field, TypeDescriptor type, JsonElement json) {
    if (!json.isJsonObject()) {
      throw mistyped(field, type, json);
    }
    TypeDescriptor keyType = type.arguments().get(0);
    Function<String, JsonElement> keyJson = switch (keyType.kind()) {
      case "BOOLEAN", "BYTE", "SHORT", "INT", "LONG", "FLOAT", "DOUBLE", "BIG_INTEGER",
          "BIG_DECIMAL" -> JsonRecordReader::keyAsJson;
      default -> JsonPrimitive::new;
    };
    Map<Object, Object> map = new LinkedHashMap<>();
    for (Map.Entry<String, JsonElement> entry : json.getAsJsonObject().entrySet()) {
      String path = field + "." + entry.getKey();
      map.put(value(path, keyType, keyJson.apply(entry.getKey())),
          value(path, type.arguments().get(1), entry.getValue()));
    }
    return map;
  }

  private static JsonPrimitive keyAsJson(String key) {
    if (key.equals("true") || key.equals("false")) {
      return new JsonPrimitive(Boolean.valueOf(key));
    }
    try {
      return new JsonPrimitive(new BigDecimal(key));
    } catch (NumberFormatException e) {
      return new JsonPrimitive(key); // a NaN or infinity key, or a mistyped one reported as such
    }
  }

  private static Map<String, Object> nested(String field, TypeDescriptor type, JsonElement json) {
    if (!json.isJsonObject()) {
      throw mistyped(field, type, json);
    }
    JsonObject object = json.getAsJsonObject();
    Map<String, Object> values = new LinkedHashMap<>();
    for (TypeDescriptor.Component component : type.components()) {
      String path = field + "." + component.name();
      if (!object.has(component.name())) {
        throw new BadField(path, "missing (" + component.type() + ")");
      }
      values.put(component.name(), value(path, component.type(), object.get(component.name())));
    }
    for (String name : object.keySet()) {
      if (!values.containsKey(name)) {
        throw new BadField(field + "." + name, "not a component of " + type.className());
      }
    }
    return values;
  }

  private static JsonPrimitive primitive(String field, TypeDescriptor type, JsonElement json) {
    if (!json.isJsonPrimitive()) {
      throw mistyped(field, type, json);
    }
    return json.getAsJsonPrimitive();
  }

  private static String text(String field, TypeDescriptor type, JsonElement json) {
    JsonPrimitive p = primitive(field, type, json);
    if (!p.isString()) {
      throw mistyped(field, type, json);
    }
    return p.getAsString();
  }

  private static BigDecimal number(String field, TypeDescriptor type, JsonElement json) {
    JsonPrimitive p = primitive(field, type, json);
    if (!p.isNumber()) {
      throw mistyped(field, type, json);
    }
    return new BigDecimal(p.getAsString());
  }

  private static long integral(
      String field, TypeDescriptor type, JsonElement json, long min, long max) {
    BigInteger n = number(field, type, json).toBigIntegerExact();
    if (n.compareTo(BigInteger.valueOf(min)) < 0 || n.compareTo(BigInteger.valueOf(max)) > 0) {
      throw new BadField(field, json + " is out of range for " + type);
    }
    return n.longValue();
  }

  // dump writes NaN and the infinities as strings, every other value as a number.
  private static double floating(String field, TypeDescriptor type, JsonElement json) {
    JsonPrimitive p = primitive(field, type, json);
    if (p.isString()) {
      return switch (p.getAsString()) {
        case "NaN" -> Double.NaN;
        case "Infinity" -> Double.POSITIVE_INFINITY;
        case "-Infinity" -> Double.NEGATIVE_INFINITY;
        default -> throw mistyped(field, type, json);
      };
    }
    return number(field, type, json).doubleValue();
  }

  private static BadField mistyped(String field, TypeDescriptor type, JsonElement json) {
    String shown = json.toString();
    return new BadField(field, "expected " + type + ", found "
        + (shown.length() > 60 ? shown.substring(0, 57) + "..." : shown));
  }
}
