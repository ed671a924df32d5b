package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.internal.mapping.FieldCodec;
import dev.tessera.tuple.Tuple;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Key encodings preserve order: for any two values, the unsigned byte order of their packed keys
 * equals the values' natural order (negative numbers, times before the epoch and nanosecond
 * differences included).
 */
class KeyOrderTest {

  private static int packedOrder(Object left, Object right) {
    return Integer.signum(
        Arrays.compareUnsigned(Tuple.of("e", left).pack(), Tuple.of("e", right).pack()));
  }

  @Property
  void longsSortNumerically(@ForAll long a, @ForAll long b) {
    assertThat(packedOrder(FieldCodec.encodeLong(a), FieldCodec.encodeLong(b)))
        .isEqualTo(Integer.signum(Long.compare(a, b)));
  }

  @Property
  void intsSortNumerically(@ForAll int a, @ForAll int b) {
    assertThat(packedOrder(FieldCodec.encodeInt(a), FieldCodec.encodeInt(b)))
        .isEqualTo(Integer.signum(Integer.compare(a, b)));
  }

  @Property
  void doublesSortNumerically(@ForAll double a, @ForAll double b) {
    assertThat(packedOrder(FieldCodec.encodeDouble(a), FieldCodec.encodeDouble(b)))
        .isEqualTo(Integer.signum(Double.compare(a, b)));
  }

  @Property
  void bigIntegersSortNumerically(@ForAll BigInteger a, @ForAll BigInteger b) {
    BigInteger wideA = a.shiftLeft(70);
    assertThat(packedOrder(FieldCodec.encodeBigInteger(wideA), FieldCodec.encodeBigInteger(b)))
        .isEqualTo(Integer.signum(wideA.compareTo(b)));
  }

  @Property
  void instantsSortChronologically(
      @ForAll @LongRange(min = -1_000_000_000_000L, max = 1_000_000_000_000L) long secondsA,
      @ForAll @IntRange(min = 0, max = 999_999_999) int nanosA,
      @ForAll @LongRange(min = -3, max = 3) long secondsDelta,
      @ForAll @IntRange(min = 0, max = 999_999_999) int nanosB) {
    // Close pairs too, so nanosecond and sign-crossing differences are exercised.
    Instant a = Instant.ofEpochSecond(secondsA, nanosA);
    Instant b = Instant.ofEpochSecond(secondsA + secondsDelta, nanosB);
    assertThat(packedOrder(FieldCodec.encodeInstant(a), FieldCodec.encodeInstant(b)))
        .isEqualTo(Integer.signum(a.compareTo(b)));
  }

  @Property
  void localDatesSortChronologically(
      @ForAll @LongRange(min = -365_000_000L, max = 365_000_000L) long dayA,
      @ForAll @LongRange(min = -365_000_000L, max = 365_000_000L) long dayB) {
    LocalDate a = LocalDate.ofEpochDay(dayA);
    LocalDate b = LocalDate.ofEpochDay(dayB);
    assertThat(packedOrder(FieldCodec.encodeLocalDate(a), FieldCodec.encodeLocalDate(b)))
        .isEqualTo(Integer.signum(a.compareTo(b)));
  }

  @Property
  void localDateTimesSortChronologically(
      @ForAll @LongRange(min = -365_000_000L, max = 365_000_000L) long day,
      @ForAll @LongRange(min = -1, max = 1) long dayDelta,
      @ForAll @LongRange(min = 0, max = 86_399_999_999_999L) long nanoA,
      @ForAll @LongRange(min = 0, max = 86_399_999_999_999L) long nanoB) {
    LocalDateTime a = LocalDateTime.of(LocalDate.ofEpochDay(day), LocalTime.ofNanoOfDay(nanoA));
    LocalDateTime b =
        LocalDateTime.of(LocalDate.ofEpochDay(day + dayDelta), LocalTime.ofNanoOfDay(nanoB));
    assertThat(packedOrder(FieldCodec.encodeLocalDateTime(a), FieldCodec.encodeLocalDateTime(b)))
        .isEqualTo(Integer.signum(a.compareTo(b)));
  }

  @Property
  void stringsSortByCodePoint(@ForAll String a, @ForAll String b) {
    assertThat(packedOrder(FieldCodec.encodeString(a), FieldCodec.encodeString(b)))
        .isEqualTo(Integer.signum(compareCodePoints(a, b)));
  }

  private static int compareCodePoints(String a, String b) {
    return Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
  }
}
