package dev.tessera.cli;

import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.mapping.TypeDescriptor.Kind;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one line of JSON as {@link RecordJson} writes it back into the plain component values
 * {@code ComponentValues} reads and encodes, each by the type its schema gives: the inverse of
 * {@code dump}'s rendering, bit for bit (a number keeps its digits until its type reads them, so
 * {@code -0.0} keeps its sign and a {@code BigDecimal} its scale). The JSON must be strict: no
 * comments, unquoted names, single quotes, bare {@code NaN} or repeated names. Stateless.
 */
final class JsonRecordReader {
  /** Every type kind this reader reads exactly. */
  private static final Set<Kind> KINDS = EnumSet.of(Kind.BOOLEAN, Kind.BYTE, Kind.SHORT,
      Kind.INT, Kind.LONG, Kind.FLOAT, Kind.DOUBLE, Kind.BIG_INTEGER, Kind.BIG_DECIMAL, Kind.CHAR,
      Kind.STRING, Kind.ENUM, Kind.BYTES, Kind.UUID, Kind.INSTANT, Kind.LOCAL_DATE,
      Kind.LOCAL_DATE_TIME, Kind.LOCAL_TIME, Kind.OFFSET_DATE_TIME, Kind.DURATION, Kind.OPTIONAL,
      Kind.LIST, Kind.SET, Kind.MAP, Kind.RECORD);
  /** Kinds whose map keys {@link RecordJson#text} writes as JSON: read the key text as JSON. */
  private static final Set<Kind> JSON_KEYS = EnumSet.of(Kind.BOOLEAN, Kind.BYTE, Kind.SHORT,
      Kind.INT, Kind.LONG, Kind.FLOAT, Kind.DOUBLE, Kind.BIG_INTEGER, Kind.BIG_DECIMAL, Kind.LIST,
      Kind.SET, Kind.MAP, Kind.RECORD);
  private static final Pattern POSITION = Pattern.compile(" at line \\d+ column (\\d+)");

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

  /** A JSON number as written: its type decides how it is read. */
  private record JsonNumber(String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  /**
   * Why {@code schema} holds a component this reader cannot read exactly, or {@code null} if it
   * reads every component.
   */
  static String unreadable(RecordSchema schema) {
    for (ComponentSchema component : schema.components()) {
      String kind = unreadableKind(component.descriptor());
      if (kind != null) {
        return "field '" + component.name() + "' has type " + component.type() + ", whose "
            + kind + " values load cannot read exactly";
      }
    }
    return null;
  }

  private static String unreadableKind(TypeDescriptor type) {
    if (!KINDS.contains(type.kind())) {
      return type.kind().name();
    }
    for (TypeDescriptor argument : type.arguments()) {
      String kind = unreadableKind(argument);
      if (kind != null) {
        return kind;
      }
    }
    for (TypeDescriptor.Component component : type.components()) {
      String kind = unreadableKind(component.type());
      if (kind != null) {
        return kind;
      }
    }
    return null;
  }

  /**
   * The components of {@code line} in {@code schema}'s order.
   *
   * @throws BadField if the line is not a JSON object holding exactly the schema's components,
   *     each of its type
   */
  static Map<String, Object> read(String line, RecordSchema schema) {
    if (!(parse(line) instanceof Map<?, ?> object)) {
      throw new BadField("", "not a JSON object");
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (ComponentSchema component : schema.components()) {
      if (!object.containsKey(component.name())) {
        throw new BadField(component.name(), "missing (" + component.type() + ")");
      }
      values.put(component.name(), value(component.name(),
          component.descriptor(), object.get(component.name())));
    }
    for (Object name : object.keySet()) {
      if (!values.containsKey(name)) {
        throw new BadField((String) name, "not a component of " + schema.entityName()
            + " (its components: " + String.join(", ", values.keySet()) + ")");
      }
    }
    return values;
  }

  // ------------------------------------------------------------------ JSON to plain values

  /** {@code text} as maps, lists, strings, booleans, {@link JsonNumber}s and nulls. */
  private static Object parse(String text) {
    JsonReader json = new JsonReader(new StringReader(text));
    json.setStrictness(Strictness.STRICT);
    try {
      Object value = element(json, "");
      if (json.peek() != JsonToken.END_DOCUMENT) {
        throw notJson(json.toString(), "more text after the JSON value");
      }
      return value;
    } catch (IOException | IllegalStateException | NumberFormatException e) {
      String message = e.getMessage() == null ? "" : e.getMessage();
      int at = message.indexOf(" at line ");
      String reason = at < 0 ? message : message.substring(0, at);
      if (reason.contains("Strictness") || reason.contains("JsonReader") || reason.isEmpty()) {
        reason = "malformed JSON";
      }
      throw notJson(message, reason.substring(0, 1).toLowerCase(java.util.Locale.ROOT)
          + reason.substring(1));
    }
  }

  private static BadField notJson(String located, String reason) {
    Matcher position = POSITION.matcher(located);
    return new BadField("", "not JSON" + (position.find() ? " at column " + position.group(1) : "")
        + ": " + reason);
  }

  private static Object element(JsonReader json, String path) throws IOException {
    switch (json.peek()) {
      case BEGIN_OBJECT -> {
        Map<String, Object> object = new LinkedHashMap<>();
        json.beginObject();
        while (json.hasNext()) {
          String name = json.nextName();
          String field = path.isEmpty() ? name : path + "." + name;
          if (object.containsKey(name)) {
            throw new BadField(field, "appears twice");
          }
          object.put(name, element(json, field));
        }
        json.endObject();
        return object;
      }
      case BEGIN_ARRAY -> {
        List<Object> array = new ArrayList<>();
        json.beginArray();
        while (json.hasNext()) {
          array.add(element(json, path + "[" + array.size() + "]"));
        }
        json.endArray();
        return array;
      }
      case STRING -> {
        return json.nextString();
      }
      case NUMBER -> {
        return new JsonNumber(json.nextString());
      }
      case BOOLEAN -> {
        return json.nextBoolean();
      }
      case NULL -> {
        json.nextNull();
        return null;
      }
      default -> throw new IllegalStateException("Expected a value but was " + json.peek());
    }
  }

  // ------------------------------------------------------------------ plain values to components

  private static Object value(String field, TypeDescriptor type, Object json) {
    if (json == null) {
      if (type.primitive()) {
        throw new BadField(field, "null for primitive " + type);
      }
      return null;
    }
    try {
      return switch (type.kind()) {
        case BOOLEAN -> as(field, type, json, Boolean.class);
        case BYTE -> (byte) integral(field, type, json, Byte.MIN_VALUE, Byte.MAX_VALUE);
        case SHORT -> (short) integral(field, type, json, Short.MIN_VALUE, Short.MAX_VALUE);
        case INT -> (int) integral(field, type, json, Integer.MIN_VALUE, Integer.MAX_VALUE);
        case LONG -> integral(field, type, json, Long.MIN_VALUE, Long.MAX_VALUE);
        case FLOAT -> floatValue(field, type, json);
        case DOUBLE -> doubleValue(field, type, json);
        case BIG_INTEGER -> number(field, type, json).toBigIntegerExact();
        case BIG_DECIMAL -> number(field, type, json);
        case CHAR -> {
          String text = as(field, type, json, String.class);
          if (text.length() != 1) {
            throw mistyped(field, type, json);
          }
          yield text.charAt(0);
        }
        case STRING, ENUM -> as(field, type, json, String.class);
        case BYTES -> Base64.getDecoder().decode(as(field, type, json, String.class));
        case UUID -> UUID.fromString(as(field, type, json, String.class));
        case INSTANT -> Instant.parse(as(field, type, json, String.class));
        case LOCAL_DATE -> LocalDate.parse(as(field, type, json, String.class));
        case LOCAL_DATE_TIME -> LocalDateTime.parse(as(field, type, json, String.class));
        case LOCAL_TIME -> LocalTime.parse(as(field, type, json, String.class));
        case OFFSET_DATE_TIME -> OffsetDateTime.parse(as(field, type, json, String.class));
        case DURATION -> Duration.parse(as(field, type, json, String.class));
        case OPTIONAL -> value(field, type.arguments().get(0), json);
        case LIST -> elements(field, type, json);
        case SET -> set(field, type, json);
        case MAP -> map(field, type, json);
        case RECORD -> nested(field, type, json);
        default -> throw new BadField(field, "has type " + type + ", which load cannot read");
      };
    } catch (ArithmeticException | IllegalArgumentException | DateTimeParseException e) {
      throw mistyped(field, type, json);
    }
  }

  private static List<Object> elements(String field, TypeDescriptor type, Object json) {
    List<?> array = as(field, type, json, List.class);
    List<Object> elements = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      elements.add(value(field + "[" + i + "]", type.arguments().get(0), array.get(i)));
    }
    return elements;
  }

  private static Set<Object> set(String field, TypeDescriptor type, Object json) {
    List<Object> elements = elements(field, type, json);
    Set<Object> set = new LinkedHashSet<>(elements);
    if (set.size() != elements.size()) {
      throw new BadField(field, "holds an element twice; a " + type + " holds each once");
    }
    return set;
  }

  // Map keys are written as their text; numbers, booleans and composite keys as their JSON.
  private static Map<Object, Object> map(String field, TypeDescriptor type, Object json) {
    Map<?, ?> object = as(field, type, json, Map.class);
    TypeDescriptor keyType = type.arguments().get(0);
    while (keyType.kind() == Kind.OPTIONAL) {
      keyType = keyType.arguments().get(0);
    }
    Map<Object, Object> map = new LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : object.entrySet()) {
      String key = (String) entry.getKey();
      String path = field + "." + key;
      Object keyJson = key;
      if (JSON_KEYS.contains(keyType.kind())) {
        try {
          keyJson = parse(key);
        } catch (BadField notJson) {
          keyJson = key; // "NaN", "Infinity", or a mistyped key reported as such below
        }
      }
      Object mapKey = value(path, keyType, keyJson);
      if (map.containsKey(mapKey)) {
        throw new BadField(path, "is a key twice (as another text); a " + type
            + " holds each key once");
      }
      map.put(mapKey, value(path, type.arguments().get(1), entry.getValue()));
    }
    return map;
  }

  private static Map<String, Object> nested(String field, TypeDescriptor type, Object json) {
    Map<?, ?> object = as(field, type, json, Map.class);
    Map<String, Object> values = new LinkedHashMap<>();
    for (TypeDescriptor.Component component : type.components()) {
      String path = field + "." + component.name();
      if (!object.containsKey(component.name())) {
        throw new BadField(path, "missing (" + component.type() + ")");
      }
      values.put(component.name(), value(path, component.type(), object.get(component.name())));
    }
    for (Object name : object.keySet()) {
      if (!values.containsKey(name)) {
        throw new BadField(field + "." + name, "not a component of " + type.className());
      }
    }
    return values;
  }

  private static <V> V as(String field, TypeDescriptor type, Object json, Class<V> expected) {
    if (!expected.isInstance(json)) {
      throw mistyped(field, type, json);
    }
    return expected.cast(json);
  }

  private static BigDecimal number(String field, TypeDescriptor type, Object json) {
    return new BigDecimal(as(field, type, json, JsonNumber.class).text());
  }

  private static long integral(
      String field, TypeDescriptor type, Object json, long min, long max) {
    BigInteger n = number(field, type, json).toBigIntegerExact();
    if (n.compareTo(BigInteger.valueOf(min)) < 0 || n.compareTo(BigInteger.valueOf(max)) > 0) {
      throw new BadField(field, json + " is out of range for " + type);
    }
    return n.longValue();
  }

  // Parsed from the digits as written (a BigDecimal has no -0.0); NaN and the infinities are the
  // strings dump writes for them, and a finite number too large for the type is refused.
  private static double doubleValue(String field, TypeDescriptor type, Object json) {
    if (json instanceof String text) {
      return nonFinite(field, type, json, text);
    }
    double value = Double.parseDouble(as(field, type, json, JsonNumber.class).text());
    if (Double.isInfinite(value)) {
      throw new BadField(field, json + " is out of range for " + type);
    }
    return value;
  }

  private static float floatValue(String field, TypeDescriptor type, Object json) {
    if (json instanceof String text) {
      return (float) nonFinite(field, type, json, text);
    }
    float value = Float.parseFloat(as(field, type, json, JsonNumber.class).text());
    if (Float.isInfinite(value)) {
      throw new BadField(field, json + " is out of range for " + type);
    }
    return value;
  }

  private static double nonFinite(String field, TypeDescriptor type, Object json, String text) {
    return switch (text) {
      case "NaN" -> Double.NaN;
      case "Infinity" -> Double.POSITIVE_INFINITY;
      case "-Infinity" -> Double.NEGATIVE_INFINITY;
      default -> throw mistyped(field, type, json);
    };
  }

  private static BadField mistyped(String field, TypeDescriptor type, Object json) {
    String shown = json instanceof String text ? RecordJson.quoted(text) : RecordJson.text(json);
    return new BadField(field, "expected " + type + ", found "
        + (shown.length() > 60 ? shown.substring(0, 57) + "..." : shown));
  }
}
