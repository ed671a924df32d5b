package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VersionstampTest {

  @Test
  void toStringIsTwentyLowerCaseHexDigits() {
    assertThat(Versionstamp.of(42, 1)).hasToString("000000000000002a0001");
    assertThat(Versionstamp.of(-1, 0xFFFF)).hasToString("ffffffffffffffffffff");
    assertThat(Versionstamp.of(0x0123456789abcdefL, 0xfedc)).hasToString("0123456789abcdeffedc");
  }

  @Test
  void hexAndBytesRoundTrip() {
    Random random = new Random(7);
    for (int i = 0; i < 1000; i++) {
      Versionstamp v = Versionstamp.of(random.nextLong(), random.nextInt(0x10000));
      assertThat(Versionstamp.parse(v.toString())).isEqualTo(v).hasSameHashCodeAs(v);
      assertThat(Versionstamp.parse(v.toString().toUpperCase(java.util.Locale.ROOT))).isEqualTo(v);
      assertThat(Versionstamp.fromBytes(v.toBytes())).isEqualTo(v);
      assertThat(v.toBytes()).hasSize(10);
    }
    assertThat(Versionstamp.of(0x0102030405060708L, 0x090a).toBytes())
        .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
  }

  @Test
  void ordersLikeItsBytesUnsigned() {
    Random random = new Random(11);
    List<Versionstamp> stamps = new ArrayList<>();
    long[] versions = {0, 1, Long.MAX_VALUE, Long.MIN_VALUE, -1};
    for (long version : versions) {
      for (int order : new int[] {0, 1, 0x7FFF, 0x8000, 0xFFFF}) {
        stamps.add(Versionstamp.of(version, order));
      }
    }
    for (int i = 0; i < 200; i++) {
      stamps.add(Versionstamp.of(random.nextLong(), random.nextInt(0x10000)));
    }
    List<Versionstamp> byCompareTo = new ArrayList<>(stamps);
    byCompareTo.sort(Comparator.naturalOrder());
    List<Versionstamp> byBytes = new ArrayList<>(stamps);
    byBytes.sort((a, b) -> Arrays.compareUnsigned(a.toBytes(), b.toBytes()));
    assertThat(byCompareTo).containsExactlyElementsOf(byBytes);
    assertThat(Versionstamp.of(Long.MIN_VALUE, 0)).isGreaterThan(Versionstamp.of(Long.MAX_VALUE, 0xFFFF));
    assertThat(Versionstamp.of(5, 2)).isGreaterThan(Versionstamp.of(5, 1));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "000000000000002a000", "000000000000002a00011", "000000000000002a000g",
      "0x0000000000002a0001", " 00000000000002a0001", "000000000000002a000\u0661"})
  void badHexIsRejectedClearly(String hex) {
    assertThatThrownBy(() -> Versionstamp.parse(hex))
        .isInstanceOf(VersionstampFormatException.class)
        .hasMessageContaining("Invalid versionstamp \"" + hex + "\"")
        .satisfies(e -> assertThat(((VersionstampFormatException) e).input()).isEqualTo('"' + hex + '"'));
  }

  @Test
  void badInputsNameTheProblem() {
    assertThatThrownBy(() -> Versionstamp.parse("000000000000002a000g"))
        .hasMessageContaining("character 19 ('g') is not a hex digit");
    assertThatThrownBy(() -> Versionstamp.parse(null)).isInstanceOf(VersionstampFormatException.class);
    assertThatThrownBy(() -> Versionstamp.fromBytes(new byte[12]))
        .isInstanceOf(VersionstampFormatException.class)
        .hasMessageContaining("expected exactly 10 bytes");
    assertThatThrownBy(() -> Versionstamp.of(1, 0x10000)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("65536");
    assertThatThrownBy(() -> Versionstamp.of(1, -1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void toBytesIsAFreshArray() {
    Versionstamp v = Versionstamp.of(3, 4);
    byte[] bytes = v.toBytes();
    bytes[0] = 9;
    assertThat(v.toBytes()[0]).isZero();
    assertThat(v.commitVersion()).isEqualTo(3);
    assertThat(v.order()).isEqualTo(4);
  }
}
