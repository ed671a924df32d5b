package dev.tessera.query.spatial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class SortableBitsTest {

  @Provide
  Arbitrary<Double> doubles() {
    return Arbitraries.oneOf(
        Arbitraries.doubles().withSpecialValue(-0.0).withSpecialValue(Double.MIN_VALUE),
        Arbitraries.of(
            Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -Double.MIN_VALUE, -0.0, 0.0,
            Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, Double.POSITIVE_INFINITY),
        Arbitraries.longs().map(Double::longBitsToDouble).filter(d -> !Double.isNaN(d)));
  }

  @Provide
  Arbitrary<Float> floats() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            Float.NEGATIVE_INFINITY, -Float.MAX_VALUE, -Float.MIN_VALUE, -0.0f, 0.0f,
            Float.MIN_VALUE, Float.MAX_VALUE, Float.POSITIVE_INFINITY),
        Arbitraries.integers().map(Float::intBitsToFloat).filter(f -> !Float.isNaN(f)));
  }

  @Property(tries = 2000)
  void intBitsSortAsTheInts(@ForAll int a, @ForAll int b) {
    assertThat(Integer.signum(Long.compareUnsigned(SortableBits.ofInt(a), SortableBits.ofInt(b))))
        .isEqualTo(Integer.signum(Integer.compare(a, b)));
    assertThat(SortableBits.ofInt(a) >>> 32).isZero();
    assertThat(SortableBits.toInt(SortableBits.ofInt(a))).isEqualTo(a);
  }

  @Property(tries = 2000)
  void longBitsSortAsTheLongs(@ForAll long a, @ForAll long b) {
    assertThat(Integer.signum(Long.compareUnsigned(SortableBits.ofLong(a), SortableBits.ofLong(b))))
        .isEqualTo(Integer.signum(Long.compare(a, b)));
    assertThat(SortableBits.toLong(SortableBits.ofLong(a))).isEqualTo(a);
  }

  @Property(tries = 3000)
  void doubleBitsSortNumerically(@ForAll("doubles") double a, @ForAll("doubles") double b) {
    int numeric = a < b ? -1 : a > b ? 1 : 0; // -0.0 == 0.0, unlike Double.compare
    assertThat(Integer.signum(Long.compareUnsigned(SortableBits.ofDouble(a), SortableBits.ofDouble(b))))
        .isEqualTo(numeric);
    assertThat(SortableBits.toDouble(SortableBits.ofDouble(a))).isEqualTo(a == 0.0 ? 0.0 : a);
  }

  @Property(tries = 3000)
  void floatBitsSortNumerically(@ForAll("floats") float a, @ForAll("floats") float b) {
    int numeric = a < b ? -1 : a > b ? 1 : 0;
    assertThat(Integer.signum(Long.compareUnsigned(SortableBits.ofFloat(a), SortableBits.ofFloat(b))))
        .isEqualTo(numeric);
    assertThat(SortableBits.ofFloat(a) >>> 32).isZero();
    assertThat(SortableBits.toFloat(SortableBits.ofFloat(a))).isEqualTo(a == 0.0f ? 0.0f : a);
  }

  @Example
  void extremesMapToTheEndsOfTheUnsignedRange() {
    assertThat(SortableBits.ofInt(Integer.MIN_VALUE)).isZero();
    assertThat(SortableBits.ofInt(Integer.MAX_VALUE)).isEqualTo(0xFFFF_FFFFL);
    assertThat(SortableBits.ofInt(-1)).isEqualTo(0x7FFF_FFFFL);
    assertThat(SortableBits.ofInt(0)).isEqualTo(0x8000_0000L);
    assertThat(SortableBits.ofLong(Long.MIN_VALUE)).isZero();
    assertThat(SortableBits.ofLong(Long.MAX_VALUE)).isEqualTo(-1L);
    assertThat(SortableBits.ofDouble(Double.NEGATIVE_INFINITY))
        .isEqualTo(~Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY));
    assertThat(SortableBits.ofDouble(0.0)).isEqualTo(Long.MIN_VALUE);
    assertThat(SortableBits.ofDouble(-0.0)).isEqualTo(SortableBits.ofDouble(0.0));
    assertThat(SortableBits.ofFloat(-0.0f)).isEqualTo(SortableBits.ofFloat(0.0f));
    assertThat(Double.doubleToRawLongBits(SortableBits.toDouble(SortableBits.ofDouble(-0.0))))
        .isEqualTo(Double.doubleToRawLongBits(0.0));
  }

  @Example
  void nanIsRejected() {
    assertThatThrownBy(() -> SortableBits.ofDouble(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NaN");
    assertThatThrownBy(() -> SortableBits.ofDouble(Double.longBitsToDouble(0xFFF8_0000_0000_0001L)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SortableBits.ofFloat(Float.NaN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NaN");
  }
}
