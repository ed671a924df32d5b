package dev.tessera.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleDecodingException;
import dev.tessera.tuple.TupleReader;
import dev.tessera.tuple.Versionstamp;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link Codec#read} of every codec agrees with {@link Codec#decode} of the part {@link
 * Tuple#unpack} gives: for every part of every tuple type (edge values included), it reads the
 * value decode returns, or fails where decode fails, and reads exactly one part.
 */
class CodecReadTest {
  private enum Colour { RED, GREEN }

  private record Pair(String name, int count) {}

  private static Map<String, Codec<?>> codecs() {
    Map<String, Codec<?>> codecs = new LinkedHashMap<>();
    for (String name : List.of("BOOLEAN", "BOXED_BOOLEAN", "BYTE", "BOXED_BYTE", "SHORT",
        "BOXED_SHORT", "INT", "BOXED_INT", "LONG", "BOXED_LONG", "CHAR", "BOXED_CHAR", "FLOAT",
        "BOXED_FLOAT", "DOUBLE", "BOXED_DOUBLE", "STRING", "BYTES", "UUID", "INSTANT", "LOCAL_DATE",
        "LOCAL_DATE_TIME", "LOCAL_TIME", "OFFSET_DATE_TIME", "DURATION", "BIG_INTEGER",
        "BIG_DECIMAL")) {
      try {
        codecs.put(name, (Codec<?>) Codecs.class.getField(name).get(null));
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(name, e);
      }
    }
    codecs.put("readBoolean", unboxed(Codecs.BOOLEAN, Codecs::readBoolean));
    codecs.put("readByte", unboxed(Codecs.BYTE, Codecs::readByte));
    codecs.put("readShort", unboxed(Codecs.SHORT, Codecs::readShort));
    codecs.put("readInt", unboxed(Codecs.INT, Codecs::readInt));
    codecs.put("readLong", unboxed(Codecs.LONG, Codecs::readLong));
    codecs.put("readChar", unboxed(Codecs.CHAR, Codecs::readChar));
    codecs.put("readFloat", unboxed(Codecs.FLOAT, Codecs::readFloat));
    codecs.put("readDouble", unboxed(Codecs.DOUBLE, Codecs::readDouble));
    codecs.put("enum", Codecs.enumOf(Colour.class));
    codecs.put("optional", Codecs.optional(Codecs.BOXED_INT));
    codecs.put("list", Codecs.list(Codecs.STRING));
    codecs.put("set", Codecs.set(Codecs.LONG));
    codecs.put("map", Codecs.map(Codecs.STRING, Codecs.DOUBLE));
    codecs.put("record", Codecs.<Pair>record("Pair", 2,
        pair -> Tuple.of(Codecs.STRING.encode(pair.name()), Codecs.INT.encode(pair.count())),
        parts -> new Pair(Codecs.STRING.decode(parts.get(0)), Codecs.INT.decode(parts.get(1)))));
    return codecs;
  }

  /** {@code codec} whose read is the unboxed reader {@code read} (generated code calls it). */
  private static <V> Codec<V> unboxed(Codec<V> codec, Function<TupleReader, V> read) {
    return new Codec<>() {
      @Override
      public Object encode(V value) {
        return codec.encode(value);
      }

      @Override
      public V decode(Object part) {
        return codec.decode(part);
      }

      @Override
      public V read(TupleReader parts) {
        return read.apply(parts);
      }
    };
  }

  /** Parts of every tuple type, around every range a codec checks. */
  private static List<Object> parts() {
    List<Object> parts = new ArrayList<>();
    parts.add(null);
    for (long edge : new long[] {0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, Byte.MIN_VALUE - 1,
        Byte.MAX_VALUE + 1, Short.MIN_VALUE, Short.MAX_VALUE, Short.MIN_VALUE - 1,
        Short.MAX_VALUE + 1, Character.MAX_VALUE, Character.MAX_VALUE + 1, Integer.MIN_VALUE,
        Integer.MAX_VALUE, Integer.MIN_VALUE - 1L, Integer.MAX_VALUE + 1L, Long.MIN_VALUE,
        Long.MAX_VALUE, 86_399_999_999_999L, 86_400_000_000_000L, 365_241_780_471L,
        -365_243_219_162L, 365_241_780_472L}) {
      parts.add(edge);
    }
    parts.add(BigInteger.ONE.shiftLeft(63));
    parts.add(BigInteger.ONE.shiftLeft(63).negate().subtract(BigInteger.ONE));
    parts.add(BigInteger.TEN.pow(300));
    for (String text : List.of("", "RED", "GREEN", "blue", "\u0000", "a\u0000b", "\u00e9t\u00e9",
        "\ud83d\ude00", "\uffff")) {
      parts.add(text);
    }
    parts.add(new byte[0]);
    parts.add(new byte[] {0, (byte) 0xFF, 0});
    for (double d : new double[] {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 1.5}) {
      parts.add(d);
    }
    for (float f : new float[] {0.0f, -0.0f, Float.NaN, Float.MIN_VALUE, Float.MAX_VALUE}) {
      parts.add(f);
    }
    parts.add(true);
    parts.add(false);
    parts.add(new UUID(0, 0));
    parts.add(new UUID(-1, Long.MIN_VALUE));
    parts.add(Versionstamp.of(1, 2));
    parts.add(Tuple.of());
    parts.add(Tuple.of((Object) null));
    parts.add(Tuple.of("a", 1L));
    parts.add(Tuple.of(1L, 2L));
    parts.add(Tuple.of(1L, 2L, 3L));
    parts.add(Tuple.of(BigInteger.TEN.pow(100), -400L));
    parts.add(Codecs.INSTANT.encode(Instant.MAX));
    parts.add(Codecs.OFFSET_DATE_TIME.encode(
        OffsetDateTime.of(2026, 5, 1, 12, 0, 0, 5, ZoneOffset.ofHours(-7))));
    parts.add(Codecs.DURATION.encode(Duration.ofSeconds(-5, 3)));
    parts.add(Codecs.LOCAL_DATE_TIME.encode(LocalDateTime.MIN));
    parts.add(Codecs.BIG_DECIMAL.encode(new BigDecimal("-1.10E-400")));
    parts.add(Codecs.LOCAL_DATE.encode(LocalDate.MAX));
    parts.add(Codecs.LOCAL_TIME.encode(LocalTime.MAX));
    parts.add(Tuple.of("k", 1.5, "l", null));
    parts.add(Tuple.of(Tuple.of(1L)));
    return parts;
  }

  @Test
  void readAgreesWithDecodeForEveryCodecAndEveryPart() {
    int decoded = 0;
    int rejected = 0;
    for (Map.Entry<String, Codec<?>> codec : codecs().entrySet()) {
      for (Object part : parts()) {
        byte[] packed = Tuple.of(part, "next").pack();
        Object expected;
        try {
          expected = codec.getValue().decode(Tuple.unpack(packed).get(0));
        } catch (IllegalArgumentException rejects) {
          expected = rejects;
        }
        TupleReader reader = TupleReader.of(packed);
        Object actual;
        try {
          actual = codec.getValue().read(reader);
        } catch (IllegalArgumentException | TupleDecodingException rejects) {
          actual = rejects;
        }
        String what = codec.getKey() + " reading " + Tuple.of(part);
        if (expected instanceof IllegalArgumentException) {
          rejected++;
          assertThat(actual).as(what).isInstanceOfAny(
              IllegalArgumentException.class, TupleDecodingException.class);
        } else {
          decoded++;
          assertThat(actual instanceof RuntimeException).as(what + " threw " + actual).isFalse();
          // Float and Double equals: NaN equals NaN, -0.0 differs from 0.0; arrays by content
          assertThat(Objects.deepEquals(actual, expected))
              .as(what + ": read " + actual + ", decoded " + expected).isTrue();
          assertThat(reader.nextString()).as(what + ": one part read").isEqualTo("next");
          reader.requireEnd();
        }
      }
    }
    assertThat(decoded).isGreaterThan(200);
    assertThat(rejected).isGreaterThan(1000);
  }

  @Test
  void primitiveReadsKeepNegativeZeroAndNaN() {
    assertThat(Double.doubleToRawLongBits(
            Codecs.DOUBLE.read(TupleReader.of(Tuple.of(-0.0).pack()))))
        .isEqualTo(Double.doubleToRawLongBits(-0.0));
    assertThat(Codecs.BOXED_FLOAT.read(TupleReader.of(Tuple.of(Float.NaN).pack()))).isNaN();
    assertThat(Codecs.BOXED_LONG.read(TupleReader.of(Tuple.of((Object) null).pack()))).isNull();
    assertThat(Codecs.CHAR.read(TupleReader.of(Tuple.of(0L).pack()))).isEqualTo('\u0000');
    assertThat(Codecs.BYTES.read(TupleReader.of(Tuple.of(new byte[] {0, 1}).pack())))
        .containsExactly(0, 1);
    assertThat(Codecs.enumOf(Colour.class).read(TupleReader.of(Tuple.of("GREEN").pack())))
        .isEqualTo(Colour.GREEN);
    assertThat(Codecs.list(Codecs.STRING).read(TupleReader.of(Tuple.of(Tuple.of()).pack())))
        .isEmpty();
    assertThat(Optional.ofNullable(
            Codecs.STRING.read(TupleReader.of(Tuple.of("a\u0000\ud83d\ude00").pack()))))
        .contains("a\u0000\ud83d\ude00");
  }
}
