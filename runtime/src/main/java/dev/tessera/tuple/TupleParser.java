package dev.tessera.tuple;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Reads the notation {@link TupleFormatter} writes back into a tuple: {@code ("users", 42, -1.5,
 * 2.5f, true, null, b"0a ff", UUID(…), Versionstamp(…), ("nested"))}. Only that notation is
 * accepted (no unquoted words, no Java literals); whitespace between parts is free. Nesting is
 * bounded by {@link Tuple#MAX_NESTING_DEPTH}, so no input recurses without limit.
 *
 * <p>One instance parses one text; not thread-safe (use {@link #parse}).
 */
final class TupleParser {
  private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
  private static final Pattern DECIMAL =
      Pattern.compile("-?(([0-9]+\\.[0-9]+([eE]-?[0-9]+)?)|([0-9]+[eE]-?[0-9]+)|Infinity)|NaN");

  private final String text;
  private int position;

  private TupleParser(String text) {
    this.text = text;
  }

  static Tuple parse(String text) {
    if (text == null) {
      throw new TupleSyntaxException("null", 0, "expected a tuple such as (\"users\", 42)");
    }
    TupleParser parser = new TupleParser(text);
    parser.skipSpace();
    Tuple tuple = parser.tuple(1);
    parser.skipSpace();
    if (parser.position != text.length()) {
      throw parser.error("unexpected text after the closing ')'");
    }
    return tuple;
  }

  private Tuple tuple(int depth) {
    if (depth > Tuple.MAX_NESTING_DEPTH) {
      throw error("tuples nested deeper than " + Tuple.MAX_NESTING_DEPTH + " levels");
    }
    expect('(', "expected '(' to start a tuple");
    List<Object> parts = new ArrayList<>();
    skipSpace();
    if (accept(')')) {
      return Tuple.of();
    }
    while (true) {
      skipSpace();
      parts.add(part(depth));
      skipSpace();
      if (accept(')')) {
        return Tuple.fromList(parts);
      }
      expect(',', "expected ',' or ')' after a part");
    }
  }

  private Object part(int depth) {
    if (position >= text.length()) {
      throw error("expected a part, found the end of the text");
    }
    char c = text.charAt(position);
    if (c == '(') {
      return tuple(depth + 1);
    }
    if (c == '"') {
      return string();
    }
    if (text.startsWith("b\"", position)) {
      position += 2;
      return bytes();
    }
    if (text.startsWith("UUID(", position)) {
      int start = position;
      String inside = wrapped("UUID(");
      try {
        if (inside.length() != 36) {
          throw new IllegalArgumentException("not 36 characters");
        }
        return UUID.fromString(inside);
      } catch (IllegalArgumentException e) {
        position = start;
        throw error("invalid UUID '" + inside + "'");
      }
    }
    if (text.startsWith("Versionstamp(", position)) {
      int start = position;
      String inside = wrapped("Versionstamp(");
      try {
        return Versionstamp.parse(inside);
      } catch (VersionstampFormatException e) {
        position = start;
        throw error(e.getMessage());
      }
    }
    return word();
  }

  private String wrapped(String opening) {
    position += opening.length();
    int close = text.indexOf(')', position);
    if (close < 0) {
      throw error("expected ')' to close " + opening);
    }
    String inside = text.substring(position, close).trim();
    position = close + 1;
    return inside;
  }

  /** null, true, false or a number: the text up to the next delimiter. */
  private Object word() {
    int start = position;
    while (position < text.length() && ",() \t\r\n\"".indexOf(text.charAt(position)) < 0) {
      position++;
    }
    String word = text.substring(start, position);
    switch (word) {
      case "null":
        return null;
      case "true":
        return true;
      case "false":
        return false;
      default:
        break;
    }
    if (INTEGER.matcher(word).matches()) {
      BigInteger value = new BigInteger(word);
      return value.bitLength() < Long.SIZE ? (Object) value.longValue() : value;
    }
    if (word.endsWith("f") && DECIMAL.matcher(word.substring(0, word.length() - 1)).matches()) {
      return Float.parseFloat(word.substring(0, word.length() - 1));
    }
    if (DECIMAL.matcher(word).matches()) {
      return Double.parseDouble(word);
    }
    position = start;
    throw error(word.isEmpty()
        ? "expected a part"
        : "'" + word + "' is not a part: expected a quoted string, a number, true, false, null,"
            + " b\"..\", UUID(..), Versionstamp(..) or a nested tuple");
  }

  private String string() {
    int start = position;
    position++; // the opening quote
    StringBuilder out = new StringBuilder();
    while (position < text.length()) {
      char c = text.charAt(position++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (position >= text.length()) {
        break;
      }
      char escaped = text.charAt(position++);
      switch (escaped) {
        case '"':
        case '\\':
          out.append(escaped);
          break;
        case 'n':
          out.append('\n');
          break;
        case 't':
          out.append('\t');
          break;
        case 'r':
          out.append('\r');
          break;
        case 'u':
          out.append(unicodeEscape());
          break;
        default:
          position -= 2;
          throw error("unknown escape '\\" + escaped + "' in a string");
      }
    }
    position = start;
    throw error("the string is not closed by '\"'");
  }

  private char unicodeEscape() {
    if (position + 4 > text.length()) {
      throw error("expected 4 hex digits after \\u");
    }
    int value = 0;
    for (int i = 0; i < 4; i++) {
      int digit = Character.digit(text.charAt(position + i), 16);
      if (digit < 0 || text.charAt(position + i) > 'f') {
        throw error("expected 4 hex digits after \\u");
      }
      value = value << 4 | digit;
    }
    position += 4;
    return (char) value;
  }

  private byte[] bytes() {
    List<Byte> out = new ArrayList<>();
    while (true) {
      skipSpace();
      if (accept('"')) {
        byte[] bytes = new byte[out.size()];
        for (int i = 0; i < bytes.length; i++) {
          bytes[i] = out.get(i);
        }
        return bytes;
      }
      if (position + 2 > text.length()) {
        throw error("the byte string is not closed by '\"'");
      }
      int high = hexDigit(text.charAt(position));
      int low = hexDigit(text.charAt(position + 1));
      if (high < 0 || low < 0) {
        throw error("expected two hex digits per byte in b\"..\"");
      }
      out.add((byte) (high << 4 | low));
      position += 2;
    }
  }

  private static int hexDigit(char c) {
    return c > 'f' ? -1 : Character.digit(c, 16);
  }

  private void skipSpace() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  private boolean accept(char c) {
    if (position < text.length() && text.charAt(position) == c) {
      position++;
      return true;
    }
    return false;
  }

  private void expect(char c, String problem) {
    if (!accept(c)) {
      throw error(problem);
    }
  }

  private TupleSyntaxException error(String problem) {
    return new TupleSyntaxException(text, position, problem);
  }
}
