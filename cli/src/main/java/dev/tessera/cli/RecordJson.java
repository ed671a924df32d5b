package dev.tessera.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;

/**
 * Writes the component values {@code ComponentValues} reads as one line of JSON, so that {@link
 * JsonRecordReader} reads back exactly the same values: integers, {@code BigInteger}s, {@code
 * BigDecimal}s (with their scale) and finite floating-point numbers as JSON numbers (a {@code
 * float} with the digits of {@link Float#toString}, so {@code -0.0} keeps its sign); NaN and the
 * infinities as the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}; byte arrays in
 * base64; UUIDs, characters and the {@code java.time} types in their ISO text ({@code
 * toString()}); lists and sets as arrays; maps and nested records as objects (map keys as their
 * text). Strings escape quotes, backslashes, control characters, U+2028, U+2029 and unpaired
 * surrogates ({@code \}{@code uXXXX}), so every string survives any output encoding and a
 * reader that splits lines. Stateless.
 */
final class RecordJson {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private RecordJson() {}

  /** {@code values} as one line of JSON. */
  static String line(Map<String, Object> values) {
    StringBuilder json = new StringBuilder(128);
    write(json, values);
    return json.toString();
  }

  /** A scalar value as the text a CSV cell or a JSON object key holds; collections as JSON. */
  static String text(Object value) {
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    if (value instanceof Map<?, ?> || value instanceof Collection<?>) {
      StringBuilder json = new StringBuilder();
      write(json, value);
      return json.toString();
    }
    return String.valueOf(value);
  }

  /** {@code text} as a JSON string, quotes included. */
  static String quoted(String text) {
    StringBuilder json = new StringBuilder(text.length() + 2);
    string(json, text);
    return json.toString();
  }

  private static void write(StringBuilder json, Object value) {
    if (value == null) {
      json.append("null");
    } else if (value instanceof Boolean || value instanceof Long || value instanceof Integer
        || value instanceof Short || value instanceof Byte || value instanceof BigInteger
        || value instanceof BigDecimal) {
      json.append(value);
    } else if (value instanceof Double || value instanceof Float) {
      if (Double.isFinite(((Number) value).doubleValue())) {
        json.append(value);
      } else {
        string(json, value.toString());
      }
    } else if (value instanceof Map<?, ?> map) {
      json.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        json.append(first ? "" : ",");
        first = false;
        string(json, text(entry.getKey()));
        json.append(':');
        write(json, entry.getValue());
      }
      json.append('}');
    } else if (value instanceof Collection<?> elements) {
      json.append('[');
      boolean first = true;
      for (Object element : elements) {
        json.append(first ? "" : ",");
        first = false;
        write(json, element);
      }
      json.append(']');
    } else {
      string(json, text(value));
    }
  }

  private static void string(StringBuilder json, String text) {
    json.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> json.append("\\\"");
        case '\\' -> json.append("\\\\");
        case '\n' -> json.append("\\n");
        case '\r' -> json.append("\\r");
        case '\t' -> json.append("\\t");
        case '\b' -> json.append("\\b");
        case '\f' -> json.append("\\f");
        default -> {
          if (c < 0x20 || c == '\u2028' || c == '\u2029' || unpairedSurrogate(text, i)) {
            json.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xF])
                .append(HEX[(c >> 4) & 0xF]).append(HEX[c & 0xF]);
          } else {
            json.append(c);
          }
        }
      }
    }
    json.append('"');
  }

  // A surrogate that is not half of a pair has no UTF-8 form: an encoder would replace it.
  private static boolean unpairedSurrogate(String text, int i) {
    char c = text.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
    }
    return false;
  }
}
