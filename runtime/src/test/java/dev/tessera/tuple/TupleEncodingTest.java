package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TupleEncodingTest {

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  @Test
  void packsEachTypeWithFoundationDbBytes() {
    assertThat(Tuple.of((Object) null).pack()).containsExactly(bytes(0x00));
    assertThat(Tuple.of(new byte[] {1, 0, 2}).pack()).containsExactly(bytes(0x01, 1, 0, 0xFF, 2, 0));
    assertThat(Tuple.of("a\u0000b").pack()).containsExactly(bytes(0x02, 'a', 0, 0xFF, 'b', 0));
    assertThat(Tuple.of(Tuple.of(null, "x")).pack())
        .containsExactly(bytes(0x05, 0x00, 0xFF, 0x02, 'x', 0, 0x00));
    assertThat(Tuple.of(0).pack()).containsExactly(bytes(0x14));
    assertThat(Tuple.of(1).pack()).containsExactly(bytes(0x15, 1));
    assertThat(Tuple.of(-1).pack()).containsExactly(bytes(0x13, 0xFE));
    assertThat(Tuple.of(256).pack()).containsExactly(bytes(0x16, 1, 0));
    assertThat(Tuple.of(Long.MIN_VALUE).pack())
        .containsExactly(bytes(0x0c, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF));
    assertThat(Tuple.of(BigInteger.ONE.shiftLeft(64)).pack())
        .containsExactly(bytes(0x1d, 9, 1, 0, 0, 0, 0, 0, 0, 0, 0));
    assertThat(Tuple.of(1.0f).pack()).containsExactly(bytes(0x20, 0xBF, 0x80, 0, 0));
    assertThat(Tuple.of(-0.0).pack()).containsExactly(bytes(0x21, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF));
    assertThat(Tuple.of(false, true).pack()).containsExactly(bytes(0x26, 0x27));
    assertThat(Tuple.of(new UUID(1, 2)).pack())
        .containsExactly(bytes(0x30, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2));
    assertThat(Tuple.of(Versionstamp.of(1, 2)).pack())
        .containsExactly(bytes(0x33, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0));
  }

  @Test
  void roundTripsEveryTypeAndNormalisesIntegers() {
    Tuple t = Tuple.of(null, new byte[] {0, 1}, "s\u0000\uD83D\uDE00", Tuple.of(null, 1), (byte) 1,
        (short) 2, 3, 4L, BigInteger.TEN, BigInteger.ONE.shiftLeft(100).negate(), 1.5f, -0.0, Double.NaN,
        false, true, UUID.randomUUID(), Versionstamp.of(-1, 65535));
    Tuple back = Tuple.unpack(t.pack());
    assertThat((Object) back).isEqualTo(t);
    assertThat(back.get(4)).isEqualTo(1L);
    assertThat(back.get(8)).isEqualTo(10L);
    assertThat(back.get(9)).isEqualTo(BigInteger.ONE.shiftLeft(100).negate());
    assertThat((Object) Tuple.of(5)).isEqualTo(Tuple.of(5L)).isEqualTo(Tuple.of(BigInteger.valueOf(5)))
        .hasSameHashCodeAs(Tuple.of(BigInteger.valueOf(5)));
    assertThat((Object) Tuple.of(1.0f)).isNotEqualTo(Tuple.of(1.0));
  }

  @Test
  void matchesFdbJava() {
    Tuple ours = Tuple.of("users", 42, null, new byte[] {0}, Tuple.of((Object) null), -1.5, 2.5f, true,
        BigInteger.ONE.shiftLeft(80));
    com.apple.foundationdb.tuple.Tuple theirs = com.apple.foundationdb.tuple.Tuple.from(
        "users", 42L, null, new byte[] {0}, com.apple.foundationdb.tuple.Tuple.from((Object) null),
        -1.5, 2.5f, true, BigInteger.ONE.shiftLeft(80));
    assertThat(ours.pack()).containsExactly(theirs.pack());
  }

  @Test
  void ordersByPackedBytes() {
    assertThat(Tuple.of(-5).compareTo(Tuple.of(3))).isNegative();
    assertThat(Tuple.of("a", 1).compareTo(Tuple.of("ab"))).isNegative();
    assertThat(Tuple.of(-0.0).compareTo(Tuple.of(0.0))).isNegative();
    assertThat(Tuple.of(3).compareTo(Tuple.of(-5))).isPositive();
  }

  @Test
  void rejectsUnsupportedTypesAndUnpairedSurrogates() {
    assertThatThrownBy(() -> Tuple.of("a", 'c'))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("java.lang.Character")
        .hasMessageContaining("index 1");
    assertThatThrownBy(() -> Tuple.of("ok", "bad\uD800"))
        .isInstanceOf(InvalidTuplePartException.class)
        .hasMessageContaining("part 1")
        .hasMessageContaining("unpaired surrogate");
  }

  @Test
  void rejectsGarbageWithDecodingException() {
    assertThatThrownBy(() -> Tuple.unpack(bytes(0x02, 'a'))).isInstanceOf(TupleDecodingException.class)
        .hasMessageContaining("offset 0");
    assertThatThrownBy(() -> Tuple.unpack(bytes(0xFF))).isInstanceOf(TupleDecodingException.class);
    assertThatThrownBy(() -> Tuple.unpack(bytes(0x33, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 1)))
        .isInstanceOf(TupleDecodingException.class).hasMessageContaining("user version 1");
  }

  @Test
  void rendersReadably() {
    assertThat(Tuple.of("users", 42, new byte[] {0x0a, (byte) 0xff}).toString())
        .isEqualTo("(\"users\", 42, b\"0a ff\")");
  }
}
