package dev.tessera.kv;

import dev.tessera.tuple.Tuple;
import java.util.HexFormat;
import java.util.List;

/** Renders the start of a key for messages, so a huge key does not flood a log. Stateless. */
final class KeyPreview {
  private static final int MAX_CHARS = 120;

  /** {@link KeyDescriber#tuples()}: every key as its tuple. */
  static final KeyDescriber TUPLES = new KeyDescriber() {
    @Override
    public String subspace(Tuple key) {
      return null;
    }

    @Override
    public String parts(Tuple key) {
      return of(key);
    }
  };

  private KeyPreview() {}

  /** The key's parts as {@code (3, 42, ...)}, cut after about 120 characters. */
  static String of(Tuple key) {
    return key == null ? "null" : of(key, 0, List.of());
  }

  /**
   * The parts of {@code key} from {@code from} on, each led by its label while labels last, as
   * {@code (email: "a@x.com", id: 42)}, cut after about 120 characters.
   */
  static String of(Tuple key, int from, List<String> labels) {
    StringBuilder out = new StringBuilder("(");
    for (int index = from; index < key.size(); index++) {
      if (index > from) {
        out.append(", ");
      }
      int label = index - from;
      if (label < labels.size()) {
        out.append(labels.get(label)).append(": ");
      }
      out.append(render(key.get(index)));
      if (out.length() > MAX_CHARS) {
        return out.substring(0, MAX_CHARS) + "...)";
      }
    }
    return out.append(')').toString();
  }

  private static String render(Object part) {
    if (part instanceof String s) {
      return '"' + s.replace("\u0000", "\\u0000") + '"';
    }
    if (part instanceof byte[] bytes) {
      return "0x" + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, MAX_CHARS));
    }
    return String.valueOf(part);
  }
}
