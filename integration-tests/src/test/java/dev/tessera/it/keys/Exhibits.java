package dev.tessera.it.keys;

import dev.tessera.it.keys.Exhibit.Kind;
import dev.tessera.it.keys.Exhibit.Part;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Random {@link Exhibit}s drawn from edge values (-0.0, NaN, infinities, BigDecimal scales, the
 * same instant at several offsets, Unicode, NUL, empty strings and collections, nulls), and the
 * plain component values the catalog path reads and writes for them.
 */
final class Exhibits {
  static final long[] LONGS = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 255, -256, 1L << 40};
  static final double[] DOUBLES = {0.0, -0.0, 1.5, -1.5, Double.NaN, Double.NEGATIVE_INFINITY,
      Double.POSITIVE_INFINITY, Double.MAX_VALUE, Double.MIN_VALUE, Double.longBitsToDouble(0x7ff0000000000123L)};
  static final float[] FLOATS = {0f, -0f, 1.5f, Float.NaN, Float.NEGATIVE_INFINITY, Float.MIN_VALUE,
      Float.MAX_VALUE};
  static final List<String> STRINGS = List.of("", "\u0000", "a\u0000b", "Ärger", "ärger", "ARGER",
      "straße", "STRASSE", "\uD83D\uDE00", "ǻ", "İstanbul", "\uFFFF", "Οδυσσέας", "ﬁ", "x");
  static final List<String> DECIMALS = List.of("0", "0.00", "-0", "1.1", "1.10", "-1.10", "-1.1",
      "1E+3", "1000", "-0.001", "123456789012345678901234567890.5", "-2.5", "9.99");
  static final int[] OFFSETS_HOURS = {0, 5, -14, 18, -3};

  private Exhibits() {}

  static Exhibit random(long id, Random random) {
    return new Exhibit(
        id,
        random.nextBoolean(),
        maybe(random, random.nextBoolean()),
        (byte) pick(random, LONGS),
        maybe(random, (byte) pick(random, LONGS)),
        (short) pick(random, LONGS),
        maybe(random, (short) pick(random, LONGS)),
        (int) pick(random, LONGS),
        maybe(random, (int) pick(random, LONGS)),
        pick(random, LONGS),
        maybe(random, pick(random, LONGS)),
        (char) pick(random, new long[] {0, 'a', 'é', 0xFFFF, 0xD800}),
        maybe(random, (char) pick(random, new long[] {0, 'Z', 0xFFFF})),
        FLOATS[random.nextInt(FLOATS.length)],
        maybe(random, FLOATS[random.nextInt(FLOATS.length)]),
        DOUBLES[random.nextInt(DOUBLES.length)],
        maybe(random, DOUBLES[random.nextInt(DOUBLES.length)]),
        maybe(random, DOUBLES[random.nextInt(DOUBLES.length)]),
        maybe(random, string(random)),
        maybe(random, string(random)),
        maybe(random, bytes(random)),
        maybe(random, new UUID(pick(random, LONGS), pick(random, LONGS))),
        maybe(random, Instant.ofEpochSecond(pick(random, new long[] {0, -1, 1_700_000_000L}),
            random.nextInt(3) * 499_999_999L)),
        maybe(random, LocalDate.ofEpochDay(pick(random, new long[] {0, -1, 20_000, -700_000}))),
        maybe(random, LocalDateTime.of(2026, 1 + random.nextInt(12), 1, random.nextInt(24), 0, 0,
            random.nextInt(2))),
        maybe(random, LocalTime.ofNanoOfDay(pick(random, new long[] {0, 1, 86_399_999_999_999L}))),
        maybe(random, Duration.ofSeconds(pick(random, new long[] {0, -1, 1, -86_400}),
            random.nextInt(2) * 999_999_999L)),
        maybe(random, BigInteger.valueOf(pick(random, LONGS)).multiply(BigInteger.TEN.pow(random.nextInt(30)))),
        maybe(random, decimal(random)),
        maybe(random, decimal(random)),
        maybe(random, moment(random)),
        maybe(random, list(random, () -> string(random))),
        maybe(random, new LinkedHashSet<>(list(random, () -> decimal(random)))),
        maybe(random, list(random, () -> moment(random))),
        maybe(random, Kind.values()[random.nextInt(2)]),
        random.nextBoolean() ? Optional.empty() : Optional.of(string(random)),
        maybe(random, history(random)),
        maybe(random, part(random)),
        maybe(random, list(random, () -> part(random))));
  }

  /**
   * The components of {@code exhibit} as the plain values the catalog path reads and writes (see
   * {@code ComponentValues}): boxes, enums by name, an empty {@code Optional} as null, nested
   * records as maps.
   */
  static Map<String, Object> plain(Exhibit e) {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("id", e.id());
    values.put("flag", e.flag());
    values.put("boxedFlag", e.boxedFlag());
    values.put("small", e.small());
    values.put("boxedSmall", e.boxedSmall());
    values.put("shortValue", e.shortValue());
    values.put("boxedShort", e.boxedShort());
    values.put("count", e.count());
    values.put("boxedCount", e.boxedCount());
    values.put("total", e.total());
    values.put("boxedTotal", e.boxedTotal());
    values.put("letter", e.letter());
    values.put("boxedLetter", e.boxedLetter());
    values.put("weight", e.weight());
    values.put("boxedWeight", e.boxedWeight());
    values.put("score", e.score());
    values.put("boxedScore", e.boxedScore());
    values.put("ratio", e.ratio());
    values.put("label", e.label());
    values.put("code", e.code());
    values.put("bytes", e.bytes());
    values.put("uuid", e.uuid());
    values.put("instant", e.instant());
    values.put("date", e.date());
    values.put("dateTime", e.dateTime());
    values.put("time", e.time());
    values.put("duration", e.duration());
    values.put("big", e.big());
    values.put("amount", e.amount());
    values.put("price", e.price());
    values.put("taken", e.taken());
    values.put("tags", e.tags());
    values.put("serials", e.serials());
    values.put("moments", e.moments());
    values.put("kind", e.kind() == null ? null : e.kind().name());
    values.put("note", e.note() == null ? null : e.note().orElse(null));
    values.put("history", e.history());
    values.put("part", plain(e.part()));
    List<Object> parts = null;
    if (e.parts() != null) {
      parts = new ArrayList<>();
      for (Part part : e.parts()) {
        parts.add(plain(part));
      }
    }
    values.put("parts", parts);
    return values;
  }

  /**
   * {@code value} with every byte array replaced by its hex digits, so plain values compare with
   * {@code equals} (the rest already does: {@code Double.equals} tells -0.0 from 0.0 and matches
   * NaN, {@code BigDecimal.equals} compares the scale, {@code OffsetDateTime.equals} the offset).
   */
  static Object comparable(Object value) {
    if (value instanceof byte[] bytes) {
      return "bytes:" + HexFormat.of().formatHex(bytes);
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(comparable(k), comparable(v)));
      return copy;
    }
    if (value instanceof Set<?> set) {
      Set<Object> copy = new LinkedHashSet<>();
      set.forEach(v -> copy.add(comparable(v)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(v -> copy.add(comparable(v)));
      return copy;
    }
    return value;
  }

  private static Map<String, Object> plain(Part part) {
    if (part == null) {
      return null;
    }
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("name", part.name());
    values.put("weight", part.weight() == null ? null : part.weight().orElse(null));
    return values;
  }

  private static long pick(Random random, long[] values) {
    return values[random.nextInt(values.length)];
  }

  private static <V> V maybe(Random random, V value) {
    return random.nextInt(5) == 0 ? null : value;
  }

  private static String string(Random random) {
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(3); i > 0; i--) {
      text.append(STRINGS.get(random.nextInt(STRINGS.size())));
    }
    return text.toString();
  }

  private static byte[] bytes(Random random) {
    byte[] bytes = new byte[random.nextInt(4)];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) pick(random, new long[] {0, 0xFF, 'a', 1});
    }
    return bytes;
  }

  private static BigDecimal decimal(Random random) {
    return new BigDecimal(DECIMALS.get(random.nextInt(DECIMALS.size())));
  }

  private static OffsetDateTime moment(Random random) {
    // Few instants, many offsets: the same instant often appears at several offsets.
    Instant instant = Instant.ofEpochSecond(1_767_225_600L + 3600L * random.nextInt(3));
    return instant.atOffset(ZoneOffset.ofHours(OFFSETS_HOURS[random.nextInt(OFFSETS_HOURS.length)]));
  }

  private static <V> List<V> list(Random random, java.util.function.Supplier<V> element) {
    List<V> list = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      list.add(element.get());
    }
    return list;
  }

  private static Map<String, List<Integer>> history(Random random) {
    Map<String, List<Integer>> history = new LinkedHashMap<>();
    for (int i = random.nextInt(3); i > 0; i--) {
      history.put(string(random), list(random, () -> random.nextBoolean() ? null : random.nextInt()));
    }
    return history;
  }

  private static Part part(Random random) {
    return new Part(maybe(random, string(random)),
        random.nextBoolean() ? Optional.empty() : Optional.of(DOUBLES[random.nextInt(DOUBLES.length)]));
  }
}
