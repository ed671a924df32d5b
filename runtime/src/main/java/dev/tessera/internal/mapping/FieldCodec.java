package dev.tessera.internal.mapping;

import dev.tessera.mapping.Codecs;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleReader;
import dev.tessera.tuple.TupleWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Encodes record component values into tuple parts and decodes them back. Generated mappings call
 * them through the typed {@link Codecs} (and tools through the catalog), so every entity
 * stores a given type the same way.
 *
 * <p>Each {@code encodeX} returns a part for {@link Tuple#of}; each {@code decodeX} reads what
 * {@link Tuple#get} returns for it. Reference types encode {@code null} as the tuple null;
 * primitive decoders reject it. Encodings of the key types are order-preserving (packed bytes sort
 * as the values do): integers as tuple integers, {@code Instant} as {@code (epochSecond, nano)},
 * {@code LocalDate} as its epoch day, {@code LocalDateTime} as {@code (epochDay, nanoOfDay)}, enums
 * by name. A decoder given a part of the wrong type or range throws {@link
 * IllegalArgumentException}.
 *
 * <pre>{@code
 * Object part = FieldCodec.encodeInstant(Instant.parse("2024-01-01T00:00:00Z"));
 * Instant back = FieldCodec.decodeInstant(Tuple.unpack(Tuple.of(part).pack()).get(0));
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class FieldCodec {
  private FieldCodec() {}

  // ---- boolean ----

  /** Encodes a {@code boolean}. */
  public static Object encodeBoolean(boolean value) {
    return value;
  }

  /** Encodes a {@code Boolean} or {@code null}. */
  public static Object encodeBoxedBoolean(Boolean value) {
    return value;
  }

  /** Decodes a {@code boolean}; rejects {@code null}. */
  public static boolean decodeBoolean(Object part) {
    return require(decodeBoxedBoolean(part), "boolean");
  }

  /** Decodes a {@code Boolean} or {@code null}. */
  public static Boolean decodeBoxedBoolean(Object part) {
    return as(part, Boolean.class, "boolean");
  }

  // ---- integers ----

  /** Encodes a {@code byte} as a tuple integer. */
  public static Object encodeByte(byte value) {
    return (long) value;
  }

  /** Encodes a {@code Byte} or {@code null}. */
  public static Object encodeBoxedByte(Byte value) {
    return value == null ? null : (Object) value.longValue();
  }

  /** Decodes a {@code byte}; rejects {@code null} and values out of range. */
  public static byte decodeByte(Object part) {
    return require(decodeBoxedByte(part), "byte");
  }

  /** Decodes a {@code Byte} or {@code null}. */
  public static Byte decodeBoxedByte(Object part) {
    Long value = decodeBoxedLong(part);
    return value == null ? null : (byte) inRange(value, Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
  }

  /** Encodes a {@code short} as a tuple integer. */
  public static Object encodeShort(short value) {
    return (long) value;
  }

  /** Encodes a {@code Short} or {@code null}. */
  public static Object encodeBoxedShort(Short value) {
    return value == null ? null : (Object) value.longValue();
  }

  /** Decodes a {@code short}; rejects {@code null} and values out of range. */
  public static short decodeShort(Object part) {
    return require(decodeBoxedShort(part), "short");
  }

  /** Decodes a {@code Short} or {@code null}. */
  public static Short decodeBoxedShort(Object part) {
    Long value = decodeBoxedLong(part);
    return value == null
        ? null
        : (short) inRange(value, Short.MIN_VALUE, Short.MAX_VALUE, "short");
  }

  /** Encodes an {@code int} as a tuple integer. */
  public static Object encodeInt(int value) {
    return (long) value;
  }

  /** Encodes an {@code Integer} or {@code null}. */
  public static Object encodeBoxedInt(Integer value) {
    return value == null ? null : (Object) value.longValue();
  }

  /** Decodes an {@code int}; rejects {@code null} and values out of range. */
  public static int decodeInt(Object part) {
    return require(decodeBoxedInt(part), "int");
  }

  /** Decodes an {@code Integer} or {@code null}. */
  public static Integer decodeBoxedInt(Object part) {
    Long value = decodeBoxedLong(part);
    return value == null
        ? null
        : (int) inRange(value, Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
  }

  /** Encodes a {@code long} as a tuple integer. */
  public static Object encodeLong(long value) {
    return value;
  }

  /** Encodes a {@code Long} or {@code null}. */
  public static Object encodeBoxedLong(Long value) {
    return value;
  }

  /** Decodes a {@code long}; rejects {@code null} and values out of range. */
  public static long decodeLong(Object part) {
    return require(decodeBoxedLong(part), "long");
  }

  /** Decodes a {@code Long} or {@code null}. */
  public static Long decodeBoxedLong(Object part) {
    if (part instanceof BigInteger) {
      BigInteger big = (BigInteger) part;
      if (big.bitLength() > 63) {
        throw new IllegalArgumentException("integer " + big + " is out of the range of long");
      }
      return big.longValue();
    }
    return as(part, Long.class, "integer");
  }

  /** Encodes a {@code char} as a tuple integer (its UTF-16 code unit). */
  public static Object encodeChar(char value) {
    return (long) value;
  }

  /** Encodes a {@code Character} or {@code null}. */
  public static Object encodeBoxedChar(Character value) {
    return value == null ? null : (Object) (long) value.charValue();
  }

  /** Decodes a {@code char}; rejects {@code null} and values out of range. */
  public static char decodeChar(Object part) {
    return require(decodeBoxedChar(part), "char");
  }

  /** Decodes a {@code Character} or {@code null}. */
  public static Character decodeBoxedChar(Object part) {
    Long value = decodeBoxedLong(part);
    return value == null
        ? null
        : (char) inRange(value, Character.MIN_VALUE, Character.MAX_VALUE, "char");
  }

  // ---- floating point ----

  /**
   * Encodes a {@code float} as a tuple float. Every NaN is stored as the canonical {@link
   * Float#NaN}, so NaNs are one index value (sorting after infinity), as {@link Float#equals} has it.
   */
  public static Object encodeFloat(float value) {
    return canonical(value);
  }

  /** Encodes a {@code Float} or {@code null}; NaN as in {@link #encodeFloat}. */
  public static Object encodeBoxedFloat(Float value) {
    return value == null ? null : encodeFloat(value);
  }

  /** Decodes a {@code float}; rejects {@code null}. */
  public static float decodeFloat(Object part) {
    return require(decodeBoxedFloat(part), "float");
  }

  /** Decodes a {@code Float} or {@code null}. */
  public static Float decodeBoxedFloat(Object part) {
    return as(part, Float.class, "float");
  }

  /**
   * Encodes a {@code double} as a tuple double. Every NaN is stored as the canonical {@link
   * Double#NaN}: the tuple encoding keeps a NaN's payload bits, so NaNs computed differently would
   * otherwise be different index values and escape a lookup or a unique index. {@link
   * Double#equals} treats all NaNs as equal too; they sort after positive infinity.
   */
  public static Object encodeDouble(double value) {
    return canonical(value);
  }

  /** Encodes a {@code Double} or {@code null}; NaN as in {@link #encodeDouble}. */
  public static Object encodeBoxedDouble(Double value) {
    return value == null ? null : encodeDouble(value);
  }

  /** Decodes a {@code double}; rejects {@code null}. */
  public static double decodeDouble(Object part) {
    return require(decodeBoxedDouble(part), "double");
  }

  /** Decodes a {@code Double} or {@code null}. */
  public static Double decodeBoxedDouble(Object part) {
    return as(part, Double.class, "double");
  }

  // ---- strings, bytes, enums, UUID ----

  /** Encodes a {@code String} or {@code null}. */
  public static Object encodeString(String value) {
    return value;
  }

  /** Decodes a {@code String} or {@code null}. */
  public static String decodeString(Object part) {
    return as(part, String.class, "string");
  }

  /** Encodes a {@code byte[]} or {@code null} as a tuple byte string. */
  public static Object encodeBytes(byte[] value) {
    return value == null ? null : value.clone();
  }

  /** Decodes a {@code byte[]} or {@code null}. */
  public static byte[] decodeBytes(Object part) {
    byte[] bytes = as(part, byte[].class, "byte string");
    return bytes == null ? null : bytes.clone();
  }

  /** Encodes an enum constant by its name, or {@code null}. */
  public static Object encodeEnum(Enum<?> value) {
    return nameOf(value);
  }

  /**
   * Encodes an enum constant as an index value: its position in declaration order ({@link
   * Enum#ordinal()}), or {@code null}, so index ranges over an enum follow declaration order.
   * Records store the name ({@link #encodeEnum}); generated code puts the enum's constants into
   * the index descriptor, so a reordered enum rebuilds its indexes.
   */
  public static Object encodeEnumOrder(Enum<?> value) {
    return value == null ? null : (long) value.ordinal();
  }

  /**
   * Decodes an enum constant from its name, or {@code null}.
   *
   * @throws IllegalArgumentException for a name {@code type} does not declare
   */
  public static <E extends Enum<E>> E decodeEnum(Object part, Class<E> type) {
    String name = as(part, String.class, "enum name");
    if (name == null) {
      return null;
    }
    try {
      return Enum.valueOf(type, name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "'" + name + "' is not a constant of " + type.getName(), e);
    }
  }

  /** Encodes a {@code UUID} or {@code null} as a tuple UUID. */
  public static Object encodeUuid(UUID value) {
    return value;
  }

  /** Decodes a {@code UUID} or {@code null}. */
  public static UUID decodeUuid(Object part) {
    return as(part, UUID.class, "UUID");
  }

  // ---- time ----

  /** Encodes an {@code Instant} or {@code null} as the nested tuple {@code (epochSecond, nano)}. */
  public static Object encodeInstant(Instant value) {
    return value == null ? null : Tuple.of(value.getEpochSecond(), (long) value.getNano());
  }

  /** Decodes an {@code Instant} or {@code null}. */
  public static Instant decodeInstant(Object part) {
    Tuple pair = decodeTuple(part, 2, "Instant");
    return pair == null
        ? null
        : inTimeRange("Instant", pair,
            () -> Instant.ofEpochSecond(decodeLong(pair.get(0)), decodeLong(pair.get(1))));
  }

  /** Encodes a {@code LocalDate} or {@code null} as its epoch day. */
  public static Object encodeLocalDate(LocalDate value) {
    return value == null ? null : (Object) value.toEpochDay();
  }

  /** Decodes a {@code LocalDate} or {@code null}. */
  public static LocalDate decodeLocalDate(Object part) {
    Long day = decodeBoxedLong(part);
    return day == null ? null : inTimeRange("LocalDate", day, () -> LocalDate.ofEpochDay(day));
  }

  /**
   * Encodes a {@code LocalDateTime} or {@code null} as the nested tuple {@code (epochDay,
   * nanoOfDay)}.
   */
  public static Object encodeLocalDateTime(LocalDateTime value) {
    return value == null
        ? null
        : Tuple.of(value.toLocalDate().toEpochDay(), value.toLocalTime().toNanoOfDay());
  }

  /** Decodes a {@code LocalDateTime} or {@code null}. */
  public static LocalDateTime decodeLocalDateTime(Object part) {
    Tuple pair = decodeTuple(part, 2, "LocalDateTime");
    return pair == null
        ? null
        : inTimeRange("LocalDateTime", pair, () -> LocalDateTime.of(
            LocalDate.ofEpochDay(decodeLong(pair.get(0))),
            LocalTime.ofNanoOfDay(decodeLong(pair.get(1)))));
  }

  /** Encodes a {@code LocalTime} or {@code null} as its nano of day. */
  public static Object encodeLocalTime(LocalTime value) {
    return value == null ? null : (Object) value.toNanoOfDay();
  }

  /** Decodes a {@code LocalTime} or {@code null}. */
  public static LocalTime decodeLocalTime(Object part) {
    Long nanos = decodeBoxedLong(part);
    return nanos == null ? null : inTimeRange("LocalTime", nanos, () -> LocalTime.ofNanoOfDay(nanos));
  }

  /** Encodes a {@code Duration} or {@code null} as the nested tuple {@code (seconds, nanos)}. */
  public static Object encodeDuration(Duration value) {
    return value == null ? null : Tuple.of(value.getSeconds(), (long) value.getNano());
  }

  /** Decodes a {@code Duration} or {@code null}. */
  public static Duration decodeDuration(Object part) {
    Tuple pair = decodeTuple(part, 2, "Duration");
    return pair == null
        ? null
        : inTimeRange("Duration", pair,
            () -> Duration.ofSeconds(decodeLong(pair.get(0)), decodeLong(pair.get(1))));
  }

  // ---- big numbers ----

  /** Encodes a {@code BigInteger} or {@code null} as a tuple integer. */
  public static Object encodeBigInteger(BigInteger value) {
    return value;
  }

  /** Decodes a {@code BigInteger} or {@code null}. */
  public static BigInteger decodeBigInteger(Object part) {
    if (part instanceof Long) {
      return BigInteger.valueOf((Long) part);
    }
    return as(part, BigInteger.class, "integer");
  }

  /** Encodes a {@code BigDecimal} or {@code null} as the nested tuple {@code (unscaled, scale)}. */
  public static Object encodeBigDecimal(BigDecimal value) {
    return value == null ? null : Tuple.of(value.unscaledValue(), (long) value.scale());
  }

  /** Decodes a {@code BigDecimal} or {@code null}. */
  public static BigDecimal decodeBigDecimal(Object part) {
    Tuple pair = decodeTuple(part, 2, "BigDecimal");
    return pair == null
        ? null
        : new BigDecimal(require(decodeBigInteger(pair.get(0)), "BigDecimal unscaled value"), decodeInt(pair.get(1)));
  }

  /**
   * The index key of a {@code BigDecimal} or {@code null}: a nested tuple whose packed bytes sort
   * numerically, equal for values that differ only in scale ({@code 1.10} and {@code 1.1}). Zero is
   * {@code (0)}; a positive value is {@code (1, exponent, digits)} and a negative one {@code (-1,
   * -exponent, complemented digits + ":")}, where {@code digits} are the decimal digits of the
   * value without trailing zeros and {@code exponent} the power of ten of the first digit. Records
   * keep {@link #encodeBigDecimal (unscaled, scale)}; this key is never decoded.
   */
  public static Object encodeBigDecimalOrder(BigDecimal value) {
    if (value == null) {
      return null;
    }
    if (value.signum() == 0) {
      return Tuple.of(0L);
    }
    BigDecimal stripped = value.stripTrailingZeros();
    String digits = stripped.unscaledValue().abs().toString();
    long exponent = (long) stripped.precision() - stripped.scale() - 1;
    if (stripped.signum() > 0) {
      return Tuple.of(1L, exponent, digits);
    }
    // Larger magnitudes sort first: negate the exponent and complement each digit; the ':' after
    // the digits sorts above every digit, so a longer digit string (a larger magnitude) sorts first.
    StringBuilder complement = new StringBuilder(digits.length() + 1);
    for (int i = 0; i < digits.length(); i++) {
      complement.append((char) ('9' - digits.charAt(i) + '0'));
    }
    return Tuple.of(-1L, -exponent, complement.append(':').toString());
  }

  // ---- offset date-time ----

  /**
   * Encodes an {@code OffsetDateTime} or {@code null} as the nested tuple {@code (epochSecond,
   * nano, offsetSeconds)}: the instant, then the offset, which the record keeps.
   */
  public static Object encodeOffsetDateTime(OffsetDateTime value) {
    return value == null
        ? null
        : Tuple.of(
            value.toEpochSecond(), (long) value.getNano(), (long) value.getOffset().getTotalSeconds());
  }

  /** Decodes an {@code OffsetDateTime} or {@code null}. */
  public static OffsetDateTime decodeOffsetDateTime(Object part) {
    Tuple parts = decodeTuple(part, 3, "OffsetDateTime");
    return parts == null
        ? null
        : inTimeRange("OffsetDateTime", parts, () -> OffsetDateTime.ofInstant(
            Instant.ofEpochSecond(decodeLong(parts.get(0)), decodeLong(parts.get(1))),
            ZoneOffset.ofTotalSeconds(decodeInt(parts.get(2)))));
  }

  // ---- containers ----

  /**
   * Encodes an {@code Optional}: empty (or a {@code null} reference) as the tuple null, a present
   * value as its encoding.
   */
  public static <E> Object encodeOptional(Optional<E> value, Function<? super E, ?> element) {
    return value == null || value.isEmpty() ? null : element.apply(value.get());
  }

  /** Decodes an {@code Optional}: the tuple null as empty. */
  public static <E> Optional<E> decodeOptional(Object part, Function<Object, E> element) {
    return part == null ? Optional.empty() : Optional.ofNullable(element.apply(part));
  }

  /** Encodes a {@code List} or {@code null} as a nested tuple of its encoded elements. */
  public static <E> Object encodeList(List<E> value, Function<? super E, ?> element) {
    return encodeElements(value, element);
  }

  /** Decodes a {@code List} (unmodifiable, may hold nulls) or {@code null}. */
  public static <E> List<E> decodeList(Object part, Function<Object, E> element) {
    Tuple tuple = decodeTuple(part);
    if (tuple == null) {
      return null;
    }
    List<E> list = new ArrayList<>(tuple.size());
    for (Object item : tuple) {
      list.add(element.apply(item));
    }
    return Collections.unmodifiableList(list);
  }

  /** Encodes a {@code Set} or {@code null} as a nested tuple of its encoded elements. */
  public static <E> Object encodeSet(Set<E> value, Function<? super E, ?> element) {
    return encodeElements(value, element);
  }

  /** Decodes a {@code Set} (unmodifiable, in stored order) or {@code null}. */
  public static <E> Set<E> decodeSet(Object part, Function<Object, E> element) {
    Tuple tuple = decodeTuple(part);
    if (tuple == null) {
      return null;
    }
    Set<E> set = new LinkedHashSet<>();
    for (Object item : tuple) {
      set.add(element.apply(item));
    }
    return Collections.unmodifiableSet(set);
  }

  /** Encodes a {@code Map} or {@code null} as a nested tuple of alternating keys and values. */
  public static <K, V> Object encodeMap(
      Map<K, V> value, Function<? super K, ?> key, Function<? super V, ?> val) {
    if (value == null) {
      return null;
    }
    List<Object> parts = new ArrayList<>(value.size() * 2);
    for (Map.Entry<K, V> entry : value.entrySet()) {
      parts.add(key.apply(entry.getKey()));
      parts.add(val.apply(entry.getValue()));
    }
    return Tuple.fromList(parts);
  }

  /** Decodes a {@code Map} (unmodifiable, in stored order) or {@code null}. */
  public static <K, V> Map<K, V> decodeMap(
      Object part, Function<Object, K> key, Function<Object, V> val) {
    Tuple tuple = decodeTuple(part);
    if (tuple == null) {
      return null;
    }
    if (tuple.size() % 2 != 0) {
      throw new IllegalArgumentException(
          "a map needs alternating keys and values, found " + tuple.size() + " parts");
    }
    Map<K, V> map = new LinkedHashMap<>();
    for (int i = 0; i < tuple.size(); i += 2) {
      map.put(key.apply(tuple.get(i)), val.apply(tuple.get(i + 1)));
    }
    return Collections.unmodifiableMap(map);
  }

  /** Decodes a nested tuple or {@code null}. */
  public static Tuple decodeTuple(Object part) {
    return as(part, Tuple.class, "nested tuple");
  }

  /**
   * Decodes a nested tuple of exactly {@code size} parts (e.g. a nested record's components), or
   * {@code null}.
   *
   * @param what the decoded type, for the message
   */
  public static Tuple decodeTuple(Object part, int size, String what) {
    Tuple tuple = decodeTuple(part);
    if (tuple != null && tuple.size() != size) {
      throw new IllegalArgumentException(
          what + " needs " + size + " parts, found " + tuple.size() + ": " + tuple);
    }
    return tuple;
  }

  // ---- reading straight from packed bytes ----
  // Each readX reads the next part of a TupleReader and returns what decodeX returns for that part
  // (Tuple.unpack's value of it). A part decodeX rejects is rejected too, though with another
  // message or a TupleDecodingException: repositories then decode the record through decodeX to
  // report it (see EntityMapping#read).

  /** Reads a {@code boolean}, as {@link #decodeBoolean} decodes it. */
  public static boolean readBoolean(TupleReader parts) {
    return parts.nextBoolean();
  }

  /** Reads a {@code Boolean} or {@code null}, as {@link #decodeBoxedBoolean} decodes it. */
  public static Boolean readBoxedBoolean(TupleReader parts) {
    return parts.skipNull() ? null : parts.nextBoolean();
  }

  /** Reads a {@code byte}, as {@link #decodeByte} decodes it. */
  public static byte readByte(TupleReader parts) {
    return (byte) inRange(parts.nextLong(), Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
  }

  /** Reads a {@code Byte} or {@code null}, as {@link #decodeBoxedByte} decodes it. */
  public static Byte readBoxedByte(TupleReader parts) {
    return parts.skipNull() ? null : readByte(parts);
  }

  /** Reads a {@code short}, as {@link #decodeShort} decodes it. */
  public static short readShort(TupleReader parts) {
    return (short) inRange(parts.nextLong(), Short.MIN_VALUE, Short.MAX_VALUE, "short");
  }

  /** Reads a {@code Short} or {@code null}, as {@link #decodeBoxedShort} decodes it. */
  public static Short readBoxedShort(TupleReader parts) {
    return parts.skipNull() ? null : readShort(parts);
  }

  /** Reads an {@code int}, as {@link #decodeInt} decodes it. */
  public static int readInt(TupleReader parts) {
    return (int) inRange(parts.nextLong(), Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
  }

  /** Reads an {@code Integer} or {@code null}, as {@link #decodeBoxedInt} decodes it. */
  public static Integer readBoxedInt(TupleReader parts) {
    return parts.skipNull() ? null : readInt(parts);
  }

  /** Reads a {@code long}, as {@link #decodeLong} decodes it. */
  public static long readLong(TupleReader parts) {
    return parts.nextLong();
  }

  /** Reads a {@code Long} or {@code null}, as {@link #decodeBoxedLong} decodes it. */
  public static Long readBoxedLong(TupleReader parts) {
    return parts.skipNull() ? null : parts.nextLong();
  }

  /** Reads a {@code char}, as {@link #decodeChar} decodes it. */
  public static char readChar(TupleReader parts) {
    return (char) inRange(parts.nextLong(), Character.MIN_VALUE, Character.MAX_VALUE, "char");
  }

  /** Reads a {@code Character} or {@code null}, as {@link #decodeBoxedChar} decodes it. */
  public static Character readBoxedChar(TupleReader parts) {
    return parts.skipNull() ? null : readChar(parts);
  }

  /** Reads a {@code float}, as {@link #decodeFloat} decodes it. */
  public static float readFloat(TupleReader parts) {
    return parts.nextFloat();
  }

  /** Reads a {@code Float} or {@code null}, as {@link #decodeBoxedFloat} decodes it. */
  public static Float readBoxedFloat(TupleReader parts) {
    return parts.skipNull() ? null : parts.nextFloat();
  }

  /** Reads a {@code double}, as {@link #decodeDouble} decodes it. */
  public static double readDouble(TupleReader parts) {
    return parts.nextDouble();
  }

  /** Reads a {@code Double} or {@code null}, as {@link #decodeBoxedDouble} decodes it. */
  public static Double readBoxedDouble(TupleReader parts) {
    return parts.skipNull() ? null : parts.nextDouble();
  }

  /** Reads a {@code String} or {@code null}, as {@link #decodeString} decodes it. */
  public static String readString(TupleReader parts) {
    return parts.skipNull() ? null : parts.nextString();
  }

  /** Reads a {@code byte[]} (a new array) or {@code null}, as {@link #decodeBytes} decodes it. */
  public static byte[] readBytes(TupleReader parts) {
    return parts.skipNull() ? null : parts.nextBytes();
  }

  /** Reads a {@code UUID} or {@code null}, as {@link #decodeUuid} decodes it. */
  public static UUID readUuid(TupleReader parts) {
    return parts.skipNull() ? null : parts.nextUuid();
  }

  /** Reads an enum constant or {@code null}, as {@link #decodeEnum} decodes it. */
  public static <E extends Enum<E>> E readEnum(TupleReader parts, Class<E> type) {
    return parts.skipNull() ? null : decodeEnum(parts.nextString(), type);
  }

  // ---- writing straight into packed bytes ----
  // Each writeX appends to a TupleWriter the bytes that packing encodeX's part appends, and throws
  // what encodeX and packing its part throw; the primitives and strings go in without a box.

  /**
   * Writes a {@code Byte}, {@code Short}, {@code Integer} or {@code Long}, or {@code null}, as
   * {@code encodeBoxedByte}, {@code encodeBoxedShort}, {@code encodeBoxedInt} and {@code
   * encodeBoxedLong} encode them: an integer part, or the null part.
   */
  public static void writeBoxedIntegral(TupleWriter parts, Number value) {
    if (value == null) {
      parts.addNull();
    } else {
      parts.addLong(value.longValue());
    }
  }

  /** Writes a {@code boolean}, as {@link #encodeBoolean} encodes it. */
  public static void writeBoolean(TupleWriter parts, boolean value) {
    parts.addBoolean(value);
  }

  /** Writes a {@code Boolean} or {@code null}, as {@link #encodeBoxedBoolean} encodes it. */
  public static void writeBoxedBoolean(TupleWriter parts, Boolean value) {
    if (value == null) {
      parts.addNull();
    } else {
      parts.addBoolean(value);
    }
  }

  /** Writes a {@code byte}, as {@link #encodeByte} encodes it. */
  public static void writeByte(TupleWriter parts, byte value) {
    parts.addLong(value);
  }

  /** Writes a {@code short}, as {@link #encodeShort} encodes it. */
  public static void writeShort(TupleWriter parts, short value) {
    parts.addLong(value);
  }

  /** Writes an {@code int}, as {@link #encodeInt} encodes it. */
  public static void writeInt(TupleWriter parts, int value) {
    parts.addLong(value);
  }

  /** Writes a {@code long}, as {@link #encodeLong} encodes it. */
  public static void writeLong(TupleWriter parts, long value) {
    parts.addLong(value);
  }

  /** Writes a {@code char}, as {@link #encodeChar} encodes it. */
  public static void writeChar(TupleWriter parts, char value) {
    parts.addLong(value);
  }

  /** Writes a {@code Character} or {@code null}, as {@link #encodeBoxedChar} encodes it. */
  public static void writeBoxedChar(TupleWriter parts, Character value) {
    if (value == null) {
      parts.addNull();
    } else {
      parts.addLong(value.charValue());
    }
  }

  /** Writes a {@code float}, as {@link #encodeFloat} encodes it (every NaN as the canonical NaN). */
  public static void writeFloat(TupleWriter parts, float value) {
    parts.addFloat(canonical(value));
  }

  /** Writes a {@code Float} or {@code null}, as {@link #encodeBoxedFloat} encodes it. */
  public static void writeBoxedFloat(TupleWriter parts, Float value) {
    if (value == null) {
      parts.addNull();
    } else {
      parts.addFloat(canonical(value));
    }
  }

  /** Writes a {@code double}, as {@link #encodeDouble} encodes it (every NaN as the canonical NaN). */
  public static void writeDouble(TupleWriter parts, double value) {
    parts.addDouble(canonical(value));
  }

  /** Writes a {@code Double} or {@code null}, as {@link #encodeBoxedDouble} encodes it. */
  public static void writeBoxedDouble(TupleWriter parts, Double value) {
    if (value == null) {
      parts.addNull();
    } else {
      parts.addDouble(canonical(value));
    }
  }

  /** Writes a {@code String} or {@code null}, as {@link #encodeString} encodes it. */
  public static void writeString(TupleWriter parts, String value) {
    parts.addString(value);
  }

  /** Writes a {@code byte[]} or {@code null}, as {@link #encodeBytes} encodes it (without a copy). */
  public static void writeBytes(TupleWriter parts, byte[] value) {
    parts.addBytes(value);
  }

  /** Writes a {@code UUID} or {@code null}, as {@link #encodeUuid} encodes it. */
  public static void writeUuid(TupleWriter parts, UUID value) {
    parts.addUuid(value);
  }

  /** Writes an enum constant or {@code null}, as {@link #encodeEnum} encodes it. */
  public static void writeEnum(TupleWriter parts, Enum<?> value) {
    parts.addString(nameOf(value));
  }

  /** Writes a {@code LocalDate} or {@code null}, as {@link #encodeLocalDate} encodes it. */
  public static void writeLocalDate(TupleWriter parts, LocalDate value) {
    if (value == null) {
      parts.addNull();
    } else {
      parts.addLong(value.toEpochDay());
    }
  }

  /** Writes a {@code LocalTime} or {@code null}, as {@link #encodeLocalTime} encodes it. */
  public static void writeLocalTime(TupleWriter parts, LocalTime value) {
    if (value == null) {
      parts.addNull();
    } else {
      parts.addLong(value.toNanoOfDay());
    }
  }

  /** Writes an {@code Instant} or {@code null}, as {@link #encodeInstant} encodes it. */
  public static void writeInstant(TupleWriter parts, Instant value) {
    if (value == null) {
      parts.addNull();
    } else {
      writePair(parts, value.getEpochSecond(), value.getNano());
    }
  }

  /** Writes a {@code LocalDateTime} or {@code null}, as {@link #encodeLocalDateTime} encodes it. */
  public static void writeLocalDateTime(TupleWriter parts, LocalDateTime value) {
    if (value == null) {
      parts.addNull();
    } else {
      writePair(parts, value.toLocalDate().toEpochDay(), value.toLocalTime().toNanoOfDay());
    }
  }

  /** Writes a {@code Duration} or {@code null}, as {@link #encodeDuration} encodes it. */
  public static void writeDuration(TupleWriter parts, Duration value) {
    if (value == null) {
      parts.addNull();
    } else {
      writePair(parts, value.getSeconds(), value.getNano());
    }
  }

  /** Writes an {@code OffsetDateTime} or {@code null}, as {@link #encodeOffsetDateTime} encodes it. */
  public static void writeOffsetDateTime(TupleWriter parts, OffsetDateTime value) {
    if (value == null) {
      parts.addNull();
    } else {
      parts.beginNested();
      parts.addLong(value.toEpochSecond());
      parts.addLong(value.getNano());
      parts.addLong(value.getOffset().getTotalSeconds());
      parts.endNested();
    }
  }

  /** Writes a {@code BigDecimal} or {@code null}, as {@link #encodeBigDecimal} encodes it. */
  public static void writeBigDecimal(TupleWriter parts, BigDecimal value) {
    if (value == null) {
      parts.addNull();
    } else {
      parts.beginNested();
      parts.add(value.unscaledValue());
      parts.addLong(value.scale());
      parts.endNested();
    }
  }

  /** The nested tuple {@code (first, second)}. */
  private static void writePair(TupleWriter parts, long first, long second) {
    parts.beginNested();
    parts.addLong(first);
    parts.addLong(second);
    parts.endNested();
  }

  private static float canonical(float value) {
    return Float.isNaN(value) ? Float.NaN : value;
  }

  private static double canonical(double value) {
    return Double.isNaN(value) ? Double.NaN : value;
  }

  private static String nameOf(Enum<?> value) {
    return value == null ? null : value.name();
  }

  private static <E> Object encodeElements(Collection<E> value, Function<? super E, ?> element) {
    if (value == null) {
      return null;
    }
    List<Object> parts = new ArrayList<>(value.size());
    for (E item : value) {
      parts.add(element.apply(item));
    }
    return Tuple.fromList(parts);
  }

  private static <V> V as(Object part, Class<V> type, String what) {
    if (part == null || type.isInstance(part)) {
      return type.cast(part);
    }
    throw new IllegalArgumentException(
        "expected a " + what + " but found " + part.getClass().getSimpleName() + " " + part);
  }

  /**
   * Runs a java.time factory on stored numbers, reporting values outside its range (which it
   * signals with {@code DateTimeException} or {@code ArithmeticException}) as {@link
   * IllegalArgumentException}, like every other decoder.
   */
  private static <V> V inTimeRange(String what, Object stored, Supplier<V> factory) {
    try {
      return factory.get();
    } catch (DateTimeException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "stored " + stored + " is out of the range of " + what + ": " + e.getMessage(), e);
    }
  }

  private static <V> V require(V value, String what) {
    if (value == null) {
      throw new IllegalArgumentException("expected a " + what + " but found null");
    }
    return value;
  }

  private static long inRange(long value, long min, long max, String what) {
    if (value < min || value > max) {
      throw new IllegalArgumentException("integer " + value + " is out of the range of " + what);
    }
    return value;
  }
}
