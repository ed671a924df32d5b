package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import java.util.HexFormat;

/** Renders the start of a key for messages, so a huge key does not flood a log. Stateless. */
final class KeyPreview {
  private static final int MAX_CHARS = 120;

  private KeyPreview() {}

  /** The key's parts as {@code ("users", 42, ...)}, cut after about 120 characters. */
  static String of(Tuple key) {
    if (key == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder("(");
    int index = 0;
    for (Object part : key.items()) {
      if (index++ > 0) {
        out.append(", ");
      }
      out.append(render(part));
      if (out.length() > MAX_CHARS) {
        return out.substring(0, MAX_CHARS) + "...)";
      }
    }
    return out.append(')').toString();
  }

  private static String render(Object part) {
    if (part instanceof String s) {
      return '"' + s + '"';
    }
    if (part instanceof byte[] bytes) {
      return "0x" + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, MAX_CHARS));
    }
    return String.valueOf(part);
  }
}
