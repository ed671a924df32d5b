package dev.tessera.tuple;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** jqwik generators for tuple parts of every supported type, biased towards edge cases. */
public final class TupleArbitraries {
  private TupleArbitraries() {}

  /**
   * {@code count} damaged copies of a packing that holds every kind of part, cut short (even
   * indexes) or with one bit flipped (odd ones), from {@code seed}.
   */
  public static List<byte[]> damagedPackings(long seed, int count) {
    Random random = new Random(seed);
    byte[] packed = Tuple.of(7L, "a\u0000b\u00e9\ud83d\ude00", new byte[] {0, 1}, -0.0, Float.NaN,
        true, new UUID(1, 2), Tuple.of(1L, null), null, BigInteger.TEN.pow(40)).pack();
    List<byte[]> damaged = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      if (i % 2 == 0) {
        damaged.add(Arrays.copyOf(packed, random.nextInt(packed.length)));
      } else {
        byte[] flipped = packed.clone();
        flipped[random.nextInt(flipped.length)] ^= (byte) (1 << random.nextInt(8));
        damaged.add(flipped);
      }
    }
    return damaged;
  }

  /** Random tuples of up to 5 parts, nested up to 3 levels. */
  public static Arbitrary<Tuple> tuples() {
    return tuples(0);
  }

  static Arbitrary<Tuple> tuples(int depth) {
    return parts(depth).list().ofMaxSize(5).map(Tuple::fromList);
  }

  /** One part of any type; nested tuples only below depth 3. */
  static Arbitrary<Object> parts(int depth) {
    List<Arbitrary<?>> kinds = new ArrayList<>(List.of(
        Arbitraries.just(null), byteStrings(), strings(), integers(), bigIntegers(), floats(), doubles(),
        Arbitraries.of(Boolean.FALSE, Boolean.TRUE), uuids(), versionstamps()));
    if (depth < 3) {
      kinds.add(Arbitraries.lazy(() -> tuples(depth + 1)));
    }
    return Arbitraries.oneOf(kinds.stream().map(a -> a.map(o -> (Object) o)).toList());
  }

  /** Byte strings heavy in 0x00, 0xFF and 0x01, the bytes the escaping and ordering hinge on. */
  static Arbitrary<byte[]> byteStrings() {
    Arbitrary<Byte> interesting = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(3, Arbitraries.of((byte) 0, (byte) 0xFF, (byte) 1, (byte) 0xFE)),
        net.jqwik.api.Tuple.of(2, Arbitraries.bytes()));
    return interesting.array(byte[].class).ofMaxSize(6);
  }

  /** Strings of code points heavy in U+0000, U+FFFF, two-, three- and four-byte UTF-8. */
  static Arbitrary<String> strings() {
    Arbitrary<Integer> codePoints = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, Arbitraries.of(0, 1, (int) 'a', (int) 'b', 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF,
            0x10000, 0x1F600, 0x10FFFF, 0xD7FF, 0xE000, 0xFFFD)),
        net.jqwik.api.Tuple.of(2, Arbitraries.integers().between((int) 'a', (int) 'd')),
        net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 0x10FFFF)
            .filter(cp -> cp < 0xD800 || cp > 0xDFFF)));
    return codePoints.list().ofMaxSize(6).map(cps -> {
      StringBuilder s = new StringBuilder();
      cps.forEach(s::appendCodePoint);
      return s.toString();
    });
  }

  /** All Java integer widths, longs with their edge cases. */
  static Arbitrary<Object> integers() {
    return Arbitraries.oneOf(
        Arbitraries.longs().map(v -> (Object) v),
        Arbitraries.of(0L, 1L, -1L, 255L, 256L, -255L, -256L, Long.MAX_VALUE, Long.MIN_VALUE,
            Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 1L << 56, -(1L << 56), (1L << 56) - 1).map(v -> (Object) v),
        Arbitraries.integers().map(v -> (Object) v),
        Arbitraries.shorts().map(v -> (Object) v),
        Arbitraries.bytes().map(v -> (Object) v),
        Arbitraries.longs().between(-300, 300).map(v -> (Object) v));
  }

  /** BigIntegers from 1 to 255 magnitude bytes on both sides, and the edges around 2^63 and 2^64. */
  static Arbitrary<BigInteger> bigIntegers() {
    BigInteger two64 = BigInteger.ONE.shiftLeft(64);
    BigInteger two63 = BigInteger.ONE.shiftLeft(63);
    BigInteger max255 = BigInteger.ONE.shiftLeft(255 * 8).subtract(BigInteger.ONE);
    Arbitrary<BigInteger> edges = Arbitraries.of(two64, two64.subtract(BigInteger.ONE), two64.add(BigInteger.ONE),
        two63, two63.add(BigInteger.ONE), two64.negate(), two64.negate().add(BigInteger.ONE),
        two64.negate().subtract(BigInteger.ONE), two63.negate(), two63.negate().subtract(BigInteger.ONE),
        max255, max255.negate(), BigInteger.ZERO, BigInteger.ONE.negate());
    Arbitrary<BigInteger> random = Arbitraries.integers().between(1, 255).flatMap(n ->
        Arbitraries.bytes().array(byte[].class).ofSize(n).flatMap(mag ->
            Arbitraries.of(1, -1).map(sign -> new BigInteger(sign, mag))));
    return Arbitraries.oneOf(edges, random);
  }

  /** Floats from raw bits (every NaN payload, both signs) and the named edge values. */
  static Arbitrary<Float> floats() {
    return Arbitraries.oneOf(
        Arbitraries.integers().map(Float::intBitsToFloat),
        Arbitraries.of(0.0f, -0.0f, 1.0f, -1.0f, Float.NaN, -Float.NaN, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE),
        Arbitraries.floats().between(-10f, 10f));
  }

  /** Doubles from raw bits (every NaN payload, both signs) and the named edge values. */
  static Arbitrary<Double> doubles() {
    return Arbitraries.oneOf(
        Arbitraries.longs().map(Double::longBitsToDouble),
        Arbitraries.of(0.0, -0.0, 1.0, -1.0, Double.NaN, -Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE),
        Arbitraries.doubles().between(-10, 10));
  }

  static Arbitrary<UUID> uuids() {
    Arbitrary<Long> halves = Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(0L, -1L, Long.MIN_VALUE));
    return net.jqwik.api.Combinators.combine(halves, halves).as(UUID::new);
  }

  static Arbitrary<Versionstamp> versionstamps() {
    return net.jqwik.api.Combinators.combine(
        Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE)),
        Arbitraries.integers().between(0, 0xFFFF)).as(Versionstamp::of);
  }
}
