package dev.tessera.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.tuple.Tuple;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every encoding survives a real pack/unpack round trip, decoders reject what they cannot read, and
 * key encodings sort as their values do.
 */
class FieldCodecTest {

  /** Packs the part alone in a tuple and reads it back, as a stored record would be. */
  static Object stored(Object part) {
    return Tuple.unpack(Tuple.of(part).pack()).get(0);
  }

  static <T> T roundTrip(T value, Function<T, Object> encode, Function<Object, T> decode) {
    return decode.apply(stored(encode.apply(value)));
  }

  @Test
  void primitivesRoundTripIncludingExtremes() {
    assertThat(FieldCodec.decodeBoolean(stored(FieldCodec.encodeBoolean(true)))).isTrue();
    assertThat(FieldCodec.decodeBoolean(stored(FieldCodec.encodeBoolean(false)))).isFalse();
    for (byte b : new byte[] {Byte.MIN_VALUE, -1, 0, Byte.MAX_VALUE}) {
      assertThat(FieldCodec.decodeByte(stored(FieldCodec.encodeByte(b)))).isEqualTo(b);
    }
    for (short s : new short[] {Short.MIN_VALUE, -1, 0, Short.MAX_VALUE}) {
      assertThat(FieldCodec.decodeShort(stored(FieldCodec.encodeShort(s)))).isEqualTo(s);
    }
    for (int i : new int[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE}) {
      assertThat(FieldCodec.decodeInt(stored(FieldCodec.encodeInt(i)))).isEqualTo(i);
    }
    for (long l : new long[] {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE}) {
      assertThat(FieldCodec.decodeLong(stored(FieldCodec.encodeLong(l)))).isEqualTo(l);
    }
    for (char c : new char[] {Character.MIN_VALUE, 'a', '\u00e9', Character.MAX_VALUE}) {
      assertThat(FieldCodec.decodeChar(stored(FieldCodec.encodeChar(c)))).isEqualTo(c);
    }
    for (float f : new float[] {Float.NEGATIVE_INFINITY, -0.0f, 0.0f, 1.5f, Float.NaN}) {
      // Boxed equals: NaN equals NaN and -0.0 differs from 0.0, bit for bit.
      assertThat(Float.valueOf(FieldCodec.decodeFloat(stored(FieldCodec.encodeFloat(f)))))
          .isEqualTo(Float.valueOf(f));
    }
    for (double d : new double[] {-Double.MAX_VALUE, -0.0, 0.0, Math.PI, Double.NaN}) {
      assertThat(Double.valueOf(FieldCodec.decodeDouble(stored(FieldCodec.encodeDouble(d)))))
          .isEqualTo(Double.valueOf(d));
    }
  }

  @Test
  void boxesRoundTripValuesAndNull() {
    assertThat(roundTrip(Boolean.TRUE, FieldCodec::encodeBoxedBoolean, FieldCodec::decodeBoxedBoolean)).isTrue();
    assertThat(roundTrip((byte) -7, FieldCodec::encodeBoxedByte, FieldCodec::decodeBoxedByte)).isEqualTo((byte) -7);
    assertThat(roundTrip((short) 300, FieldCodec::encodeBoxedShort, FieldCodec::decodeBoxedShort)).isEqualTo((short) 300);
    assertThat(roundTrip(-42, FieldCodec::encodeBoxedInt, FieldCodec::decodeBoxedInt)).isEqualTo(-42);
    assertThat(roundTrip(1L << 40, FieldCodec::encodeBoxedLong, FieldCodec::decodeBoxedLong)).isEqualTo(1L << 40);
    assertThat(roundTrip('x', FieldCodec::encodeBoxedChar, FieldCodec::decodeBoxedChar)).isEqualTo('x');
    assertThat(roundTrip(2.5f, FieldCodec::encodeBoxedFloat, FieldCodec::decodeBoxedFloat)).isEqualTo(2.5f);
    assertThat(roundTrip(-2.5, FieldCodec::encodeBoxedDouble, FieldCodec::decodeBoxedDouble)).isEqualTo(-2.5);

    assertThat(FieldCodec.decodeBoxedBoolean(stored(FieldCodec.encodeBoxedBoolean(null)))).isNull();
    assertThat(FieldCodec.decodeBoxedByte(stored(FieldCodec.encodeBoxedByte(null)))).isNull();
    assertThat(FieldCodec.decodeBoxedShort(stored(FieldCodec.encodeBoxedShort(null)))).isNull();
    assertThat(FieldCodec.decodeBoxedInt(stored(FieldCodec.encodeBoxedInt(null)))).isNull();
    assertThat(FieldCodec.decodeBoxedLong(stored(FieldCodec.encodeBoxedLong(null)))).isNull();
    assertThat(FieldCodec.decodeBoxedChar(stored(FieldCodec.encodeBoxedChar(null)))).isNull();
    assertThat(FieldCodec.decodeBoxedFloat(stored(FieldCodec.encodeBoxedFloat(null)))).isNull();
    assertThat(FieldCodec.decodeBoxedDouble(stored(FieldCodec.encodeBoxedDouble(null)))).isNull();
  }

  @Test
  void referenceTypesRoundTripValuesAndNull() {
    assertThat(roundTrip("héllo\u0000world", FieldCodec::encodeString, FieldCodec::decodeString))
        .isEqualTo("héllo\u0000world");
    assertThat(roundTrip(new byte[] {0, -1, 0, 7}, FieldCodec::encodeBytes, FieldCodec::decodeBytes))
        .containsExactly(0, -1, 0, 7);
    UUID uuid = UUID.randomUUID();
    assertThat(roundTrip(uuid, FieldCodec::encodeUuid, FieldCodec::decodeUuid)).isEqualTo(uuid);
    assertThat(
            FieldCodec.decodeEnum(stored(FieldCodec.encodeEnum(ChronoUnit.DAYS)), ChronoUnit.class))
        .isEqualTo(ChronoUnit.DAYS);
    Instant instant = Instant.parse("1969-07-20T20:17:40.123456789Z");
    assertThat(roundTrip(instant, FieldCodec::encodeInstant, FieldCodec::decodeInstant)).isEqualTo(instant);
    assertThat(roundTrip(LocalDate.of(-44, 3, 15), FieldCodec::encodeLocalDate, FieldCodec::decodeLocalDate))
        .isEqualTo(LocalDate.of(-44, 3, 15));
    LocalDateTime dateTime = LocalDateTime.of(2024, 2, 29, 23, 59, 59, 999_999_999);
    assertThat(roundTrip(dateTime, FieldCodec::encodeLocalDateTime, FieldCodec::decodeLocalDateTime))
        .isEqualTo(dateTime);
    assertThat(roundTrip(LocalTime.MAX, FieldCodec::encodeLocalTime, FieldCodec::decodeLocalTime))
        .isEqualTo(LocalTime.MAX);
    Duration duration = Duration.ofSeconds(-5, 300);
    assertThat(roundTrip(duration, FieldCodec::encodeDuration, FieldCodec::decodeDuration)).isEqualTo(duration);
    for (BigInteger big :
        List.of(BigInteger.ZERO, BigInteger.valueOf(-5), BigInteger.TWO.pow(100).negate(), BigInteger.TWO.pow(64))) {
      assertThat(roundTrip(big, FieldCodec::encodeBigInteger, FieldCodec::decodeBigInteger)).isEqualTo(big);
    }
    for (BigDecimal decimal :
        List.of(new BigDecimal("0.00"), new BigDecimal("-123.4500"), new BigDecimal("1E+40"),
            new BigDecimal(BigInteger.TWO.pow(90), 7))) {
      // equals, not compareTo: the scale survives too.
      assertThat(roundTrip(decimal, FieldCodec::encodeBigDecimal, FieldCodec::decodeBigDecimal)).isEqualTo(decimal);
    }

    assertThat(FieldCodec.decodeString(stored(FieldCodec.encodeString(null)))).isNull();
    assertThat(FieldCodec.decodeBytes(stored(FieldCodec.encodeBytes(null)))).isNull();
    assertThat(FieldCodec.decodeEnum(stored(FieldCodec.encodeEnum(null)), ChronoUnit.class)).isNull();
    assertThat(FieldCodec.decodeUuid(stored(FieldCodec.encodeUuid(null)))).isNull();
    assertThat(FieldCodec.decodeInstant(stored(FieldCodec.encodeInstant(null)))).isNull();
    assertThat(FieldCodec.decodeLocalDate(stored(FieldCodec.encodeLocalDate(null)))).isNull();
    assertThat(FieldCodec.decodeLocalDateTime(stored(FieldCodec.encodeLocalDateTime(null)))).isNull();
    assertThat(FieldCodec.decodeLocalTime(stored(FieldCodec.encodeLocalTime(null)))).isNull();
    assertThat(FieldCodec.decodeDuration(stored(FieldCodec.encodeDuration(null)))).isNull();
    assertThat(FieldCodec.decodeBigInteger(stored(FieldCodec.encodeBigInteger(null)))).isNull();
    assertThat(FieldCodec.decodeBigDecimal(stored(FieldCodec.encodeBigDecimal(null)))).isNull();
  }

  @Test
  void containersRoundTripWithNestedElementsAndNulls() {
    Object optional = FieldCodec.encodeOptional(Optional.of("x"), FieldCodec::encodeString);
    assertThat(FieldCodec.decodeOptional(stored(optional), FieldCodec::decodeString)).contains("x");
    Object empty = FieldCodec.encodeOptional(Optional.<String>empty(), FieldCodec::encodeString);
    assertThat(FieldCodec.decodeOptional(stored(empty), FieldCodec::decodeString)).isEmpty();

    List<Integer> numbers = Arrays.asList(3, null, -1);
    Object list = FieldCodec.encodeList(numbers, FieldCodec::encodeBoxedInt);
    assertThat(FieldCodec.decodeList(stored(list), FieldCodec::decodeBoxedInt)).isEqualTo(numbers);

    Set<ChronoUnit> units = Set.of(ChronoUnit.DAYS, ChronoUnit.HOURS);
    Object set = FieldCodec.encodeSet(units, FieldCodec::encodeEnum);
    assertThat(FieldCodec.decodeSet(stored(set), p -> FieldCodec.decodeEnum(p, ChronoUnit.class)))
        .isEqualTo(units);

    Map<String, List<Instant>> history = new LinkedHashMap<>();
    history.put("b", List.of(Instant.EPOCH, Instant.ofEpochSecond(-1, 5)));
    history.put("a", List.of());
    Object map =
        FieldCodec.encodeMap(
            history, FieldCodec::encodeString, v -> FieldCodec.encodeList(v, FieldCodec::encodeInstant));
    Map<String, List<Instant>> decoded =
        FieldCodec.decodeMap(
            stored(map), FieldCodec::decodeString, v -> FieldCodec.decodeList(v, FieldCodec::decodeInstant));
    assertThat(decoded).isEqualTo(history);
    assertThat(decoded.keySet()).containsExactly("b", "a");

    assertThat(FieldCodec.decodeList(stored(FieldCodec.encodeList(null, FieldCodec::encodeString)), FieldCodec::decodeString)).isNull();
    assertThat(FieldCodec.decodeMap(stored(FieldCodec.encodeMap(null, FieldCodec::encodeString, FieldCodec::encodeString)), FieldCodec::decodeString, FieldCodec::decodeString)).isNull();
  }

  @Test
  void decodersRejectWrongTypesRangesAndNulls() {
    assertThatThrownBy(() -> FieldCodec.decodeString(7L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected a string but found Long 7");
    assertThatThrownBy(() -> FieldCodec.decodeInt(1L << 40))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("out of the range of int");
    assertThatThrownBy(() -> FieldCodec.decodeLong(BigInteger.TWO.pow(70)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("out of the range of long");
    assertThatThrownBy(() -> FieldCodec.decodeInt(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("found null");
    assertThatThrownBy(() -> FieldCodec.decodeEnum("WEEKS_X", ChronoUnit.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'WEEKS_X' is not a constant of java.time.temporal.ChronoUnit");
    assertThatThrownBy(() -> FieldCodec.decodeInstant(Tuple.of(1L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Instant needs 2 parts");
    assertThatThrownBy(() -> FieldCodec.decodeMap(Tuple.of("k"), FieldCodec::decodeString, FieldCodec::decodeString))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("alternating keys and values");
  }

  @Test
  void storedNumbersOutsideTheRangeOfATimeTypeOrANullUnscaledValueAreIllegalArguments() {
    assertThatThrownBy(() -> FieldCodec.decodeLocalDate(Long.MAX_VALUE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("out of the range of LocalDate");
    assertThatThrownBy(() -> FieldCodec.decodeLocalTime(-1L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("out of the range of LocalTime");
    assertThatThrownBy(() -> FieldCodec.decodeInstant(Tuple.of(Long.MAX_VALUE, Long.MAX_VALUE)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("out of the range of Instant");
    assertThatThrownBy(() -> FieldCodec.decodeDuration(Tuple.of(Long.MAX_VALUE, Long.MAX_VALUE)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("out of the range of Duration");
    assertThatThrownBy(() -> FieldCodec.decodeLocalDateTime(Tuple.of(0L, -5L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("out of the range of LocalDateTime");
    assertThatThrownBy(() -> FieldCodec.decodeBigDecimal(Tuple.of(null, 2L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected a BigDecimal unscaled value but found null");
  }

  @Test
  void byteArraysAreCopiedBothWays() {
    byte[] original = {1, 2};
    byte[] encoded = (byte[]) FieldCodec.encodeBytes(original);
    original[0] = 9;
    assertThat(encoded).containsExactly(1, 2);
  }
}
