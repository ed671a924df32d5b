package dev.tessera.tuple;

import java.util.UUID;

/**
 * Renders tuples for people: strings quoted and escaped, byte strings as {@code b"0a ff"}, floats with
 * an {@code f} suffix so they are told apart from doubles, nested tuples in parentheses.
 *
 * <p>Stateless; thread-safe.
 */
final class TupleFormatter {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private TupleFormatter() {}

  static String format(Tuple tuple) {
    StringBuilder out = new StringBuilder();
    append(tuple, out);
    return out.toString();
  }

  private static void append(Tuple tuple, StringBuilder out) {
    out.append('(');
    Object[] parts = tuple.parts();
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        out.append(", ");
      }
      appendPart(parts[i], out);
    }
    out.append(')');
  }

  private static void appendPart(Object part, StringBuilder out) {
    if (part instanceof String) {
      appendString((String) part, out);
    } else if (part instanceof byte[]) {
      out.append("b\"");
      byte[] bytes = (byte[]) part;
      for (int i = 0; i < bytes.length; i++) {
        if (i > 0) {
          out.append(' ');
        }
        out.append(HEX[(bytes[i] >> 4) & 0xF]).append(HEX[bytes[i] & 0xF]);
      }
      out.append('"');
    } else if (part instanceof Tuple) {
      append((Tuple) part, out);
    } else if (part instanceof Float) {
      out.append(part).append('f');
    } else if (part instanceof Versionstamp) {
      out.append("Versionstamp(").append(part).append(')');
    } else if (part instanceof UUID) {
      out.append("UUID(").append(part).append(')');
    } else {
      out.append(part);
    }
  }

  private static void appendString(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x20 || c == 0x7F) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }
}
