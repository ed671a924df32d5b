package dev.tessera.cli;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;

/**
 * Writes the component values {@code ComponentValues} reads as one line of JSON: integers,
 * {@code BigInteger}s, {@code BigDecimal}s and finite floating-point numbers as JSON numbers;
 * NaN and the infinities as the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"};
 * byte arrays in base64; UUIDs, characters and the {@code java.time} types in their ISO text
 * ({@code toString()}); lists and sets as arrays; maps and nested records as objects (map keys
 * as their text). Stateless.
 */
final class RecordJson {
  private RecordJson() {}

  /** {@code values} as one line of JSON. */
  static String line(Map<String, Object> values) {
    StringWriter text = new StringWriter();
    try (JsonWriter json = new JsonWriter(text)) {
      json.setSerializeNulls(true);
      write(json, values);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return text.toString();
  }

  /** A scalar value as the text a CSV cell or a JSON object key holds. */
  static String text(Object value) {
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    if (value instanceof Map<?, ?> || value instanceof Collection<?>) {
      StringWriter text = new StringWriter();
      try (JsonWriter json = new JsonWriter(text)) {
        json.setSerializeNulls(true);
        write(json, value);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return text.toString();
    }
    return String.valueOf(value);
  }

  private static void write(JsonWriter json, Object value) throws IOException {
    if (value == null) {
      json.nullValue();
    } else if (value instanceof Boolean b) {
      json.value(b);
    } else if (value instanceof Long || value instanceof Integer || value instanceof Short
        || value instanceof Byte || value instanceof BigInteger || value instanceof BigDecimal) {
      json.value((Number) value);
    } else if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (Double.isFinite(d)) {
        json.value((Number) value);
      } else {
        json.value(value.toString());
      }
    } else if (value instanceof Map<?, ?> map) {
      json.beginObject();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        json.name(text(entry.getKey()));
        write(json, entry.getValue());
      }
      json.endObject();
    } else if (value instanceof Collection<?> elements) {
      json.beginArray();
      for (Object element : elements) {
        write(json, element);
      }
      json.endArray();
    } else {
      json.value(text(value));
    }
  }
}
