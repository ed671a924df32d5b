package dev.tessera.mapping;

import dev.tessera.tuple.TupleReader;
import dev.tessera.tuple.TupleWriter;

/**
 * How values of one Java type are stored: {@link #encode} turns a value into a tuple part (what
 * {@link dev.tessera.tuple.Tuple#of} accepts) and {@link #write} appends that part to a packing
 * directly; {@link #decode} reads what {@link dev.tessera.tuple.Tuple#get} returns for that part
 * and {@link #read} reads it from a packing directly; {@link #indexKey} gives the part an index
 * entry holds, whose packed bytes sort as the values should. Generated repositories declare one codec
 * per record component, built from the constants and combinators of {@link Codecs}.
 *
 * <pre>{@code
 * Codec<List<Instant>> codec = Codecs.list(Codecs.INSTANT);
 * Object part = codec.encode(List.of(Instant.EPOCH));
 * List<Instant> back = codec.decode(part);
 * }</pre>
 *
 * <p>Implementations are immutable and thread-safe.
 *
 * @param <V> the Java type of the values
 */
public interface Codec<V> {

  /**
   * {@return the tuple part storing {@code value}; {@code null} gives the tuple null (except for
   * codecs of primitive types, which are never given {@code null})}
   *
   * @param value the value, {@code null} for a reference type
   */
  Object encode(V value);

  /**
   * {@return the value stored as {@code part}}
   *
   * @param part a tuple part this codec wrote
   * @throws IllegalArgumentException if {@code part} is not a value this codec writes
   */
  V decode(Object part);

  /**
   * Reads the value stored as the next part of {@code parts}, straight from the packed bytes: the
   * value {@link #decode decode(parts.next())} returns. A part {@link #decode} rejects is rejected
   * here too, possibly with a {@link dev.tessera.tuple.TupleDecodingException} instead of its
   * message. This default decodes the part as {@link dev.tessera.tuple.Tuple#get} returns it; the
   * scalar codecs of {@link Codecs} read their values without boxing or building a tuple.
   *
   * @param parts the reader, at the value's part
   * @return the value
   * @throws IllegalArgumentException if the part is not a value this codec writes
   * @throws dev.tessera.tuple.TupleDecodingException if no valid part of the expected type is next
   */
  default V read(TupleReader parts) {
    return decode(parts.next());
  }

  /**
   * Appends the part storing {@code value} to {@code parts}, straight into the packed bytes: the
   * bytes {@link TupleWriter#add parts.add(encode(value))} appends, and what {@link #encode}
   * throws for a value it rejects (the same exception and message). This default does just that;
   * the scalar codecs of {@link Codecs} (the time types and {@code BigDecimal} as nested tuples
   * written in place), enums and {@code Optional} write their values without boxing them or
   * building a part.
   *
   * @param parts the writer
   * @param value the value, {@code null} for a reference type
   * @throws dev.tessera.tuple.InvalidTuplePartException if the part cannot be encoded
   */
  default void write(TupleWriter parts, V value) {
    parts.add(encode(value));
  }

  /**
   * {@return the tuple part an index entry holds for {@code value}: the stored part unless an index
   * orders (or compares) values differently from how records store them, as for enums (by
   * declaration order) and {@code BigDecimal} (numerically, whatever the scale)}
   *
   * @param value the value
   */
  default Object indexKey(V value) {
    return encode(value);
  }
}
