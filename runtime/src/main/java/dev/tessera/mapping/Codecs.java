package dev.tessera.mapping;

import dev.tessera.internal.mapping.FieldCodec;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleReader;
import dev.tessera.tuple.TupleWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * The codecs of every type Tessera stores: one constant per scalar type (a primitive and its box
 * have one each: the primitive's decoder rejects {@code null}) and combinators for enums, {@code
 * Optional}, {@code List}, {@code Set}, {@code Map} and nested records. Generated repositories name
 * these constants and methods (the processor checks the names against this class in its tests), and
 * every one delegates to {@link FieldCodec}, so the stored bytes are those {@link FieldCodec}
 * documents.
 *
 * <pre>{@code
 * Codec<Map<String, List<Integer>>> codec =
 *     Codecs.map(Codecs.STRING, Codecs.list(Codecs.BOXED_INT));
 * }</pre>
 *
 * <p>Stateless and thread-safe; every codec is immutable.
 */
public final class Codecs {
  private Codecs() {}

  /** {@code boolean}: a tuple boolean; decoding rejects null. */
  public static final Codec<Boolean> BOOLEAN =
      new Codec<>() {
        @Override
        public Object encode(Boolean value) {
          return FieldCodec.encodeBoolean(value);
        }

        @Override
        public Boolean decode(Object part) {
          return FieldCodec.decodeBoolean(part);
        }

        @Override
        public Boolean read(TupleReader parts) {
          return FieldCodec.readBoolean(parts);
        }

        @Override
        public void write(TupleWriter parts, Boolean value) {
          FieldCodec.writeBoolean(parts, value);
        }
      };

  /** {@code Boolean}: a tuple boolean or null. */
  public static final Codec<Boolean> BOXED_BOOLEAN =
      new Codec<>() {
        @Override
        public Object encode(Boolean value) {
          return FieldCodec.encodeBoxedBoolean(value);
        }

        @Override
        public Boolean decode(Object part) {
          return FieldCodec.decodeBoxedBoolean(part);
        }

        @Override
        public Boolean read(TupleReader parts) {
          return FieldCodec.readBoxedBoolean(parts);
        }

        @Override
        public void write(TupleWriter parts, Boolean value) {
          FieldCodec.writeBoxedBoolean(parts, value);
        }
      };

  /** {@code byte}: a tuple integer; decoding rejects null and values out of range. */
  public static final Codec<Byte> BYTE =
      new Codec<>() {
        @Override
        public Object encode(Byte value) {
          return FieldCodec.encodeByte(value);
        }

        @Override
        public Byte decode(Object part) {
          return FieldCodec.decodeByte(part);
        }

        @Override
        public Byte read(TupleReader parts) {
          return FieldCodec.readByte(parts);
        }

        @Override
        public void write(TupleWriter parts, Byte value) {
          FieldCodec.writeByte(parts, value);
        }
      };

  /** {@code Byte}: a tuple integer or null. */
  public static final Codec<Byte> BOXED_BYTE =
      new Codec<>() {
        @Override
        public Object encode(Byte value) {
          return FieldCodec.encodeBoxedByte(value);
        }

        @Override
        public Byte decode(Object part) {
          return FieldCodec.decodeBoxedByte(part);
        }

        @Override
        public Byte read(TupleReader parts) {
          return FieldCodec.readBoxedByte(parts);
        }

        @Override
        public void write(TupleWriter parts, Byte value) {
          FieldCodec.writeBoxedIntegral(parts, value);
        }
      };

  /** {@code short}: a tuple integer; decoding rejects null and values out of range. */
  public static final Codec<Short> SHORT =
      new Codec<>() {
        @Override
        public Object encode(Short value) {
          return FieldCodec.encodeShort(value);
        }

        @Override
        public Short decode(Object part) {
          return FieldCodec.decodeShort(part);
        }

        @Override
        public Short read(TupleReader parts) {
          return FieldCodec.readShort(parts);
        }

        @Override
        public void write(TupleWriter parts, Short value) {
          FieldCodec.writeShort(parts, value);
        }
      };

  /** {@code Short}: a tuple integer or null. */
  public static final Codec<Short> BOXED_SHORT =
      new Codec<>() {
        @Override
        public Object encode(Short value) {
          return FieldCodec.encodeBoxedShort(value);
        }

        @Override
        public Short decode(Object part) {
          return FieldCodec.decodeBoxedShort(part);
        }

        @Override
        public Short read(TupleReader parts) {
          return FieldCodec.readBoxedShort(parts);
        }

        @Override
        public void write(TupleWriter parts, Short value) {
          FieldCodec.writeBoxedIntegral(parts, value);
        }
      };

  /** {@code int}: a tuple integer; decoding rejects null and values out of range. */
  public static final Codec<Integer> INT =
      new Codec<>() {
        @Override
        public Object encode(Integer value) {
          return FieldCodec.encodeInt(value);
        }

        @Override
        public Integer decode(Object part) {
          return FieldCodec.decodeInt(part);
        }

        @Override
        public Integer read(TupleReader parts) {
          return FieldCodec.readInt(parts);
        }

        @Override
        public void write(TupleWriter parts, Integer value) {
          FieldCodec.writeInt(parts, value);
        }
      };

  /** {@code Integer}: a tuple integer or null. */
  public static final Codec<Integer> BOXED_INT =
      new Codec<>() {
        @Override
        public Object encode(Integer value) {
          return FieldCodec.encodeBoxedInt(value);
        }

        @Override
        public Integer decode(Object part) {
          return FieldCodec.decodeBoxedInt(part);
        }

        @Override
        public Integer read(TupleReader parts) {
          return FieldCodec.readBoxedInt(parts);
        }

        @Override
        public void write(TupleWriter parts, Integer value) {
          FieldCodec.writeBoxedIntegral(parts, value);
        }
      };

  /** {@code long}: a tuple integer; decoding rejects null and values out of range. */
  public static final Codec<Long> LONG =
      new Codec<>() {
        @Override
        public Object encode(Long value) {
          return FieldCodec.encodeLong(value);
        }

        @Override
        public Long decode(Object part) {
          return FieldCodec.decodeLong(part);
        }

        @Override
        public Long read(TupleReader parts) {
          return FieldCodec.readLong(parts);
        }

        @Override
        public void write(TupleWriter parts, Long value) {
          FieldCodec.writeLong(parts, value);
        }
      };

  /** {@code Long}: a tuple integer or null. */
  public static final Codec<Long> BOXED_LONG =
      new Codec<>() {
        @Override
        public Object encode(Long value) {
          return FieldCodec.encodeBoxedLong(value);
        }

        @Override
        public Long decode(Object part) {
          return FieldCodec.decodeBoxedLong(part);
        }

        @Override
        public Long read(TupleReader parts) {
          return FieldCodec.readBoxedLong(parts);
        }

        @Override
        public void write(TupleWriter parts, Long value) {
          FieldCodec.writeBoxedIntegral(parts, value);
        }
      };

  /** {@code char}: its UTF-16 code unit as a tuple integer, so it sorts by code unit; decoding rejects null. */
  public static final Codec<Character> CHAR =
      new Codec<>() {
        @Override
        public Object encode(Character value) {
          return FieldCodec.encodeChar(value);
        }

        @Override
        public Character decode(Object part) {
          return FieldCodec.decodeChar(part);
        }

        @Override
        public Character read(TupleReader parts) {
          return FieldCodec.readChar(parts);
        }

        @Override
        public void write(TupleWriter parts, Character value) {
          FieldCodec.writeChar(parts, value);
        }
      };

  /** {@code Character}: its UTF-16 code unit as a tuple integer, or null. */
  public static final Codec<Character> BOXED_CHAR =
      new Codec<>() {
        @Override
        public Object encode(Character value) {
          return FieldCodec.encodeBoxedChar(value);
        }

        @Override
        public Character decode(Object part) {
          return FieldCodec.decodeBoxedChar(part);
        }

        @Override
        public Character read(TupleReader parts) {
          return FieldCodec.readBoxedChar(parts);
        }

        @Override
        public void write(TupleWriter parts, Character value) {
          FieldCodec.writeBoxedChar(parts, value);
        }
      };

  /** {@code float}: a tuple float, every NaN as the canonical NaN; decoding rejects null. */
  public static final Codec<Float> FLOAT =
      new Codec<>() {
        @Override
        public Object encode(Float value) {
          return FieldCodec.encodeFloat(value);
        }

        @Override
        public Float decode(Object part) {
          return FieldCodec.decodeFloat(part);
        }

        @Override
        public Float read(TupleReader parts) {
          return FieldCodec.readFloat(parts);
        }

        @Override
        public void write(TupleWriter parts, Float value) {
          FieldCodec.writeFloat(parts, value);
        }
      };

  /** {@code Float}: a tuple float or null, every NaN as the canonical NaN. */
  public static final Codec<Float> BOXED_FLOAT =
      new Codec<>() {
        @Override
        public Object encode(Float value) {
          return FieldCodec.encodeBoxedFloat(value);
        }

        @Override
        public Float decode(Object part) {
          return FieldCodec.decodeBoxedFloat(part);
        }

        @Override
        public Float read(TupleReader parts) {
          return FieldCodec.readBoxedFloat(parts);
        }

        @Override
        public void write(TupleWriter parts, Float value) {
          FieldCodec.writeBoxedFloat(parts, value);
        }
      };

  /** {@code double}: a tuple double, every NaN as the canonical NaN; decoding rejects null. */
  public static final Codec<Double> DOUBLE =
      new Codec<>() {
        @Override
        public Object encode(Double value) {
          return FieldCodec.encodeDouble(value);
        }

        @Override
        public Double decode(Object part) {
          return FieldCodec.decodeDouble(part);
        }

        @Override
        public Double read(TupleReader parts) {
          return FieldCodec.readDouble(parts);
        }

        @Override
        public void write(TupleWriter parts, Double value) {
          FieldCodec.writeDouble(parts, value);
        }
      };

  /** {@code Double}: a tuple double or null, every NaN as the canonical NaN. */
  public static final Codec<Double> BOXED_DOUBLE =
      new Codec<>() {
        @Override
        public Object encode(Double value) {
          return FieldCodec.encodeBoxedDouble(value);
        }

        @Override
        public Double decode(Object part) {
          return FieldCodec.decodeBoxedDouble(part);
        }

        @Override
        public Double read(TupleReader parts) {
          return FieldCodec.readBoxedDouble(parts);
        }

        @Override
        public void write(TupleWriter parts, Double value) {
          FieldCodec.writeBoxedDouble(parts, value);
        }
      };

  /** {@code String}: a tuple string or null. */
  public static final Codec<String> STRING =
      new Codec<>() {
        @Override
        public Object encode(String value) {
          return FieldCodec.encodeString(value);
        }

        @Override
        public String decode(Object part) {
          return FieldCodec.decodeString(part);
        }

        @Override
        public String read(TupleReader parts) {
          return FieldCodec.readString(parts);
        }

        @Override
        public void write(TupleWriter parts, String value) {
          FieldCodec.writeString(parts, value);
        }
      };

  /** {@code byte[]}: a tuple byte string (a copy) or null. */
  public static final Codec<byte[]> BYTES =
      new Codec<>() {
        @Override
        public Object encode(byte[] value) {
          return FieldCodec.encodeBytes(value);
        }

        @Override
        public byte[] decode(Object part) {
          return FieldCodec.decodeBytes(part);
        }

        @Override
        public byte[] read(TupleReader parts) {
          return FieldCodec.readBytes(parts);
        }

        @Override
        public void write(TupleWriter parts, byte[] value) {
          FieldCodec.writeBytes(parts, value);
        }
      };

  /** {@code UUID}: a tuple UUID or null. */
  public static final Codec<UUID> UUID =
      new Codec<>() {
        @Override
        public Object encode(UUID value) {
          return FieldCodec.encodeUuid(value);
        }

        @Override
        public UUID decode(Object part) {
          return FieldCodec.decodeUuid(part);
        }

        @Override
        public UUID read(TupleReader parts) {
          return FieldCodec.readUuid(parts);
        }

        @Override
        public void write(TupleWriter parts, UUID value) {
          FieldCodec.writeUuid(parts, value);
        }
      };

  /** {@code Instant}: the nested tuple {@code (epochSecond, nano)} or null. */
  public static final Codec<Instant> INSTANT =
      new Codec<>() {
        @Override
        public Object encode(Instant value) {
          return FieldCodec.encodeInstant(value);
        }

        @Override
        public Instant decode(Object part) {
          return FieldCodec.decodeInstant(part);
        }

        @Override
        public void write(TupleWriter parts, Instant value) {
          FieldCodec.writeInstant(parts, value);
        }
      };

  /** {@code LocalDate}: its epoch day or null. */
  public static final Codec<LocalDate> LOCAL_DATE =
      new Codec<>() {
        @Override
        public Object encode(LocalDate value) {
          return FieldCodec.encodeLocalDate(value);
        }

        @Override
        public LocalDate decode(Object part) {
          return FieldCodec.decodeLocalDate(part);
        }

        @Override
        public void write(TupleWriter parts, LocalDate value) {
          FieldCodec.writeLocalDate(parts, value);
        }
      };

  /** {@code LocalDateTime}: the nested tuple {@code (epochDay, nanoOfDay)} or null. */
  public static final Codec<LocalDateTime> LOCAL_DATE_TIME =
      new Codec<>() {
        @Override
        public Object encode(LocalDateTime value) {
          return FieldCodec.encodeLocalDateTime(value);
        }

        @Override
        public LocalDateTime decode(Object part) {
          return FieldCodec.decodeLocalDateTime(part);
        }

        @Override
        public void write(TupleWriter parts, LocalDateTime value) {
          FieldCodec.writeLocalDateTime(parts, value);
        }
      };

  /** {@code LocalTime}: its nano of day or null. */
  public static final Codec<LocalTime> LOCAL_TIME =
      new Codec<>() {
        @Override
        public Object encode(LocalTime value) {
          return FieldCodec.encodeLocalTime(value);
        }

        @Override
        public LocalTime decode(Object part) {
          return FieldCodec.decodeLocalTime(part);
        }

        @Override
        public void write(TupleWriter parts, LocalTime value) {
          FieldCodec.writeLocalTime(parts, value);
        }
      };

  /** {@code Duration}: the nested tuple {@code (seconds, nano)} (nano in [0, 10^9), so it sorts by length, negative durations first) or null. */
  public static final Codec<Duration> DURATION =
      new Codec<>() {
        @Override
        public Object encode(Duration value) {
          return FieldCodec.encodeDuration(value);
        }

        @Override
        public Duration decode(Object part) {
          return FieldCodec.decodeDuration(part);
        }

        @Override
        public void write(TupleWriter parts, Duration value) {
          FieldCodec.writeDuration(parts, value);
        }
      };

  /** {@code BigInteger}: a tuple integer or null. */
  public static final Codec<BigInteger> BIG_INTEGER =
      new Codec<>() {
        @Override
        public Object encode(BigInteger value) {
          return FieldCodec.encodeBigInteger(value);
        }

        @Override
        public BigInteger decode(Object part) {
          return FieldCodec.decodeBigInteger(part);
        }
      };

  /**
   * {@code BigDecimal}: records keep the nested tuple {@code (unscaled, scale)}, so a value reads
   * back with the scale it was stored with; index entries hold {@link
   * FieldCodec#encodeBigDecimalOrder its numeric order key}, so an index sorts numerically and
   * values that differ only in scale ({@code 1.10} and {@code 1.1}) are one index value.
   */
  public static final Codec<BigDecimal> BIG_DECIMAL =
      new Codec<>() {
        @Override
        public Object encode(BigDecimal value) {
          return FieldCodec.encodeBigDecimal(value);
        }

        @Override
        public BigDecimal decode(Object part) {
          return FieldCodec.decodeBigDecimal(part);
        }

        @Override
        public void write(TupleWriter parts, BigDecimal value) {
          FieldCodec.writeBigDecimal(parts, value);
        }

        @Override
        public Object indexKey(BigDecimal value) {
          return FieldCodec.encodeBigDecimalOrder(value);
        }
      };

  /**
   * {@code OffsetDateTime}: records keep the nested tuple {@code (epochSecond, nano,
   * offsetSeconds)}, so a value reads back with its offset; index entries hold its instant (as
   * {@link #INSTANT} stores it), so an index sorts by instant and two values naming the same
   * instant with different offsets are one index value.
   */
  public static final Codec<OffsetDateTime> OFFSET_DATE_TIME =
      new Codec<>() {
        @Override
        public Object encode(OffsetDateTime value) {
          return FieldCodec.encodeOffsetDateTime(value);
        }

        @Override
        public OffsetDateTime decode(Object part) {
          return FieldCodec.decodeOffsetDateTime(part);
        }

        @Override
        public void write(TupleWriter parts, OffsetDateTime value) {
          FieldCodec.writeOffsetDateTime(parts, value);
        }

        @Override
        public Object indexKey(OffsetDateTime value) {
          return FieldCodec.encodeInstant(value == null ? null : value.toInstant());
        }
      };

  // ---- primitives read without boxing ----
  // Generated mappings read a primitive component through these rather than through its constant's
  // read, which returns a box: the same value, read by the same FieldCodec method.

  /**
   * {@return what {@link #BOOLEAN} reads, unboxed}
   *
   * @param parts the reader, at the value's part
   */
  public static boolean readBoolean(TupleReader parts) {
    return FieldCodec.readBoolean(parts);
  }

  /**
   * {@return what {@link #BYTE} reads, unboxed}
   *
   * @param parts the reader, at the value's part
   */
  public static byte readByte(TupleReader parts) {
    return FieldCodec.readByte(parts);
  }

  /**
   * {@return what {@link #SHORT} reads, unboxed}
   *
   * @param parts the reader, at the value's part
   */
  public static short readShort(TupleReader parts) {
    return FieldCodec.readShort(parts);
  }

  /**
   * {@return what {@link #INT} reads, unboxed}
   *
   * @param parts the reader, at the value's part
   */
  public static int readInt(TupleReader parts) {
    return FieldCodec.readInt(parts);
  }

  /**
   * {@return what {@link #LONG} reads, unboxed}
   *
   * @param parts the reader, at the value's part
   */
  public static long readLong(TupleReader parts) {
    return FieldCodec.readLong(parts);
  }

  /**
   * {@return what {@link #CHAR} reads, unboxed}
   *
   * @param parts the reader, at the value's part
   */
  public static char readChar(TupleReader parts) {
    return FieldCodec.readChar(parts);
  }

  /**
   * {@return what {@link #FLOAT} reads, unboxed}
   *
   * @param parts the reader, at the value's part
   */
  public static float readFloat(TupleReader parts) {
    return FieldCodec.readFloat(parts);
  }

  /**
   * {@return what {@link #DOUBLE} reads, unboxed}
   *
   * @param parts the reader, at the value's part
   */
  public static double readDouble(TupleReader parts) {
    return FieldCodec.readDouble(parts);
  }

  // ---- primitives written without boxing ----
  // Generated mappings write a primitive component through these rather than through its
  // constant's write, which takes a box: the same bytes, written by the same FieldCodec method.

  /**
   * Writes what {@link #BOOLEAN} writes, from an unboxed value.
   *
   * @param parts the writer
   * @param value the value
   */
  public static void writeBoolean(TupleWriter parts, boolean value) {
    FieldCodec.writeBoolean(parts, value);
  }

  /**
   * Writes what {@link #BYTE} writes, from an unboxed value.
   *
   * @param parts the writer
   * @param value the value
   */
  public static void writeByte(TupleWriter parts, byte value) {
    FieldCodec.writeByte(parts, value);
  }

  /**
   * Writes what {@link #SHORT} writes, from an unboxed value.
   *
   * @param parts the writer
   * @param value the value
   */
  public static void writeShort(TupleWriter parts, short value) {
    FieldCodec.writeShort(parts, value);
  }

  /**
   * Writes what {@link #INT} writes, from an unboxed value.
   *
   * @param parts the writer
   * @param value the value
   */
  public static void writeInt(TupleWriter parts, int value) {
    FieldCodec.writeInt(parts, value);
  }

  /**
   * Writes what {@link #LONG} writes, from an unboxed value.
   *
   * @param parts the writer
   * @param value the value
   */
  public static void writeLong(TupleWriter parts, long value) {
    FieldCodec.writeLong(parts, value);
  }

  /**
   * Writes what {@link #CHAR} writes, from an unboxed value.
   *
   * @param parts the writer
   * @param value the value
   */
  public static void writeChar(TupleWriter parts, char value) {
    FieldCodec.writeChar(parts, value);
  }

  /**
   * Writes what {@link #FLOAT} writes, from an unboxed value.
   *
   * @param parts the writer
   * @param value the value
   */
  public static void writeFloat(TupleWriter parts, float value) {
    FieldCodec.writeFloat(parts, value);
  }

  /**
   * Writes what {@link #DOUBLE} writes, from an unboxed value.
   *
   * @param parts the writer
   * @param value the value
   */
  public static void writeDouble(TupleWriter parts, double value) {
    FieldCodec.writeDouble(parts, value);
  }

  /**
   * The codec of the scalar type a stored schema names, e.g. {@code int} ({@link #INT}), {@code
   * INT} ({@link #BOXED_INT}) or {@code BIG_DECIMAL} ({@link #BIG_DECIMAL}): the very constant a
   * generated repository declares for that type, so a tool working from the store's catalog
   * encodes, decodes and derives index keys exactly as the application does.
   *
   * @param type a scalar type descriptor
   * @return the codec, typed by the values it reads
   * @throws IllegalArgumentException for an enum, container or record type, which no constant
   *     stands for
   */
  public static Codec<?> scalar(TypeDescriptor type) {
    boolean primitive = type.primitive();
    switch (type.kind()) {
      case BOOLEAN:
        return primitive ? BOOLEAN : BOXED_BOOLEAN;
      case BYTE:
        return primitive ? BYTE : BOXED_BYTE;
      case SHORT:
        return primitive ? SHORT : BOXED_SHORT;
      case INT:
        return primitive ? INT : BOXED_INT;
      case LONG:
        return primitive ? LONG : BOXED_LONG;
      case CHAR:
        return primitive ? CHAR : BOXED_CHAR;
      case FLOAT:
        return primitive ? FLOAT : BOXED_FLOAT;
      case DOUBLE:
        return primitive ? DOUBLE : BOXED_DOUBLE;
      case STRING:
        return STRING;
      case BYTES:
        return BYTES;
      case UUID:
        return UUID;
      case INSTANT:
        return INSTANT;
      case LOCAL_DATE:
        return LOCAL_DATE;
      case LOCAL_DATE_TIME:
        return LOCAL_DATE_TIME;
      case LOCAL_TIME:
        return LOCAL_TIME;
      case DURATION:
        return DURATION;
      case BIG_INTEGER:
        return BIG_INTEGER;
      case BIG_DECIMAL:
        return BIG_DECIMAL;
      case OFFSET_DATE_TIME:
        return OFFSET_DATE_TIME;
      default:
        throw new IllegalArgumentException("no scalar codec stands for " + type);
    }
  }

  /**
   * {@return the codec of {@code type}'s constants: records store the name; index entries hold the
   * position in declaration order, so index ranges follow it}
   *
   * @param <E> the enum type
   * @param type the enum class
   */
  public static <E extends Enum<E>> Codec<E> enumOf(Class<E> type) {
    Objects.requireNonNull(type, "type");
    return new Codec<>() {
      @Override
      public Object encode(E value) {
        return FieldCodec.encodeEnum(value);
      }

      @Override
      public E decode(Object part) {
        return FieldCodec.decodeEnum(part, type);
      }

      @Override
      public E read(TupleReader parts) {
        return FieldCodec.readEnum(parts, type);
      }

      @Override
      public void write(TupleWriter parts, E value) {
        FieldCodec.writeEnum(parts, value);
      }

      @Override
      public Object indexKey(E value) {
        return FieldCodec.encodeEnumOrder(value);
      }
    };
  }

  /**
   * {@return {@code Optional} of {@code element}: empty (or a null reference) as the tuple null}
   *
   * @param <E> the element type
   * @param element the element's codec
   */
  public static <E> Codec<Optional<E>> optional(Codec<E> element) {
    Objects.requireNonNull(element, "element");
    return new Codec<>() {
      @Override
      public Object encode(Optional<E> value) {
        return FieldCodec.encodeOptional(value, element::encode);
      }

      @Override
      public Optional<E> decode(Object part) {
        return FieldCodec.decodeOptional(part, element::decode);
      }

      @Override
      public void write(TupleWriter parts, Optional<E> value) {
        if (value == null || value.isEmpty()) {
          parts.addNull();
        } else {
          element.write(parts, value.get());
        }
      }
    };
  }

  /**
   * {@return {@code List} of {@code element}: a nested tuple of the encoded elements, or null}
   *
   * @param <E> the element type
   * @param element the element's codec
   */
  public static <E> Codec<List<E>> list(Codec<E> element) {
    Objects.requireNonNull(element, "element");
    return new Codec<>() {
      @Override
      public Object encode(List<E> value) {
        return FieldCodec.encodeList(value, element::encode);
      }

      @Override
      public List<E> decode(Object part) {
        return FieldCodec.decodeList(part, element::decode);
      }
    };
  }

  /**
   * {@return {@code Set} of {@code element}: a nested tuple of the encoded elements, or null}
   *
   * @param <E> the element type
   * @param element the element's codec
   */
  public static <E> Codec<Set<E>> set(Codec<E> element) {
    Objects.requireNonNull(element, "element");
    return new Codec<>() {
      @Override
      public Object encode(Set<E> value) {
        return FieldCodec.encodeSet(value, element::encode);
      }

      @Override
      public Set<E> decode(Object part) {
        return FieldCodec.decodeSet(part, element::decode);
      }
    };
  }

  /**
   * {@return {@code Map} of {@code key} to {@code value}: a nested tuple of alternating keys and
   * values}
   *
   * @param <K> the key type
   * @param <V> the value type
   * @param key the keys' codec
   * @param value the values' codec
   */
  public static <K, V> Codec<Map<K, V>> map(Codec<K> key, Codec<V> value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    return new Codec<>() {
      @Override
      public Object encode(Map<K, V> map) {
        return FieldCodec.encodeMap(map, key::encode, value::encode);
      }

      @Override
      public Map<K, V> decode(Object part) {
        return FieldCodec.decodeMap(part, key::decode, value::decode);
      }
    };
  }

  /**
   * {@return a nested record: a nested tuple of its {@code size} components, or null}
   *
   * @param name the record's name, for messages about a stored value of another size
   * @param size the number of components
   * @param components the tuple of a (non-null) record's encoded components
   * @param constructor the record of a tuple of {@code size} encoded components
   * @param <R> the record type
   */
  public static <R> Codec<R> record(
      String name,
      int size,
      Function<? super R, Tuple> components,
      Function<Tuple, ? extends R> constructor) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(components, "components");
    Objects.requireNonNull(constructor, "constructor");
    return new Codec<>() {
      @Override
      public Object encode(R value) {
        return value == null ? null : components.apply(value);
      }

      @Override
      public R decode(Object part) {
        Tuple parts = FieldCodec.decodeTuple(part, size, name);
        return parts == null ? null : constructor.apply(parts);
      }
    };
  }
}
