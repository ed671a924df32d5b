package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TupleApiTest {

  @Test
  void injectedSeparatorsStayInsideTheirPart() {
    Tuple key = Tuple.of("users", "alice/settings/hacked", "settings");
    Tuple decoded = Tuple.unpack(key.pack());
    assertThat(decoded.size()).isEqualTo(3);
    assertThat(decoded.getString(1)).isEqualTo("alice/settings/hacked");
    assertThat(decoded.startsWith(Tuple.of("users", "alice"))).isFalse();
    assertThat(TupleRange.prefix(Tuple.of("users", "alice")).contains(key.pack())).isFalse();
  }

  @Test
  void partsWithTheSameCharactersAreDifferentKeys() {
    List<Tuple> keys = List.of(Tuple.of("abc", "def"), Tuple.of("ab", "cdef"), Tuple.of("abc", "", "def"));
    Set<String> packings = keys.stream().map(t -> Arrays.toString(t.pack())).collect(Collectors.toSet());
    assertThat(packings).hasSize(3);
    assertThat(Set.copyOf(keys)).hasSize(3);
    for (Tuple key : keys) {
      assertThat((Object) Tuple.unpack(key.pack())).isEqualTo(key);
    }
  }

  @Test
  void integersOfEveryWidthAreOneType() {
    Tuple t = Tuple.of((byte) -3, (short) 300, 70_000, 5_000_000_000L, BigInteger.valueOf(-7),
        BigInteger.ONE.shiftLeft(70));
    assertThat(t.items()).containsExactly(-3L, 300L, 70_000L, 5_000_000_000L, -7L, BigInteger.ONE.shiftLeft(70));
    assertThat(t.getLong(0)).isEqualTo(-3);
    assertThat(t.getBigInteger(1)).isEqualTo(BigInteger.valueOf(300));
    assertThat(t.getBigInteger(5)).isEqualTo(BigInteger.ONE.shiftLeft(70));
    assertThatThrownBy(() -> t.getLong(5)).isInstanceOf(ArithmeticException.class)
        .hasMessageContaining("part 5");
    assertThat((Object) Tuple.of((byte) 1, (short) 1, 1, 1L)).isEqualTo(Tuple.of(BigInteger.ONE, 1, 1, 1));
  }

  @Test
  void bigIntegersAreLimitedTo255Bytes() {
    BigInteger max = BigInteger.ONE.shiftLeft(255 * 8).subtract(BigInteger.ONE);
    assertThat((Object) Tuple.unpack(Tuple.of(max, max.negate()).pack())).isEqualTo(Tuple.of(max, max.negate()));
    assertThatThrownBy(() -> Tuple.of("x", max.add(BigInteger.ONE)))
        .isInstanceOf(InvalidTuplePartException.class)
        .hasMessageContaining("part 1")
        .hasMessageContaining("256 bytes")
        .satisfies(e -> assertThat(((InvalidTuplePartException) e).partIndex()).isEqualTo(1));
    assertThatThrownBy(() -> Tuple.of(max.add(BigInteger.ONE).negate()))
        .isInstanceOf(InvalidTuplePartException.class);
  }

  @Test
  void typedAccessorsReturnTheirTypeAndNameTheMismatch() {
    UUID uuid = UUID.randomUUID();
    Versionstamp stamp = Versionstamp.of(9, 9);
    Tuple t = Tuple.of("s", Tuple.of(1), new byte[] {1}, true, 2.5, 1.5f, uuid, stamp, null);
    assertThat(t.getString(0)).isEqualTo("s");
    assertThat((Object) t.getNestedTuple(1)).isEqualTo(Tuple.of(1));
    assertThat(t.getBytes(2)).containsExactly(1);
    assertThat(t.getBoolean(3)).isTrue();
    assertThat(t.getDouble(4)).isEqualTo(2.5);
    assertThat(t.getFloat(5)).isEqualTo(1.5f);
    assertThat(t.getUuid(6)).isEqualTo(uuid);
    assertThat((Object) t.getVersionstamp(7)).isEqualTo(stamp);
    assertThat(t.getString(8)).isNull();
    assertThat((Object) t.getNestedTuple(8)).isNull();
    assertThatThrownBy(() -> t.getString(3)).isInstanceOf(ClassCastException.class)
        .hasMessageContaining("part 3 is Boolean, not a String");
    assertThatThrownBy(() -> t.getLong(8)).isInstanceOf(ClassCastException.class)
        .hasMessageContaining("part 8 is null, not an integer");
    assertThatThrownBy(() -> t.getDouble(5)).isInstanceOf(ClassCastException.class);
    assertThatThrownBy(() -> t.get(9)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void isImmutableAndNeverSharesArrays() {
    byte[] part = {1, 2};
    Tuple t = Tuple.of(part);
    part[0] = 9;
    assertThat(t.getBytes(0)).containsExactly(1, 2);
    ((byte[]) t.get(0))[0] = 9;
    ((byte[]) t.items().get(0))[0] = 9;
    assertThat(t.getBytes(0)).containsExactly(1, 2);
    byte[] packed = t.pack();
    packed[1] = 9;
    assertThat(t.pack()).containsExactly(0x01, 1, 2, 0x00);
    assertThatThrownBy(() -> t.items().add("x")).isInstanceOf(UnsupportedOperationException.class);
    var iterator = t.iterator();
    iterator.next();
    assertThatThrownBy(iterator::remove).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void buildsNewTuplesFromOldOnes() {
    Tuple base = Tuple.of("a", 1);
    assertThat((Object) base.add(null)).isEqualTo(Tuple.of("a", 1, null));
    assertThat((Object) base.addAll(Tuple.of(2, "b"))).isEqualTo(Tuple.of("a", 1, 2, "b"));
    assertThat((Object) base).isEqualTo(Tuple.of("a", 1));
    assertThat((Object) Tuple.of("a", 1, 2).subTuple(1, 3)).isEqualTo(Tuple.of(1, 2));
    assertThat(Tuple.of("a").subTuple(1, 1).size()).isZero();
    assertThatThrownBy(() -> base.subTuple(1, 3)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThat((Object) Tuple.fromList(List.of("a", 1))).isEqualTo(base);
    List<Object> withNull = new ArrayList<>();
    withNull.add(null);
    assertThat((Object) Tuple.fromList(withNull)).isEqualTo(Tuple.of((Object) null));
    assertThat((Object) Tuple.of((Object[]) null)).isEqualTo(Tuple.of((Object) null));
    assertThat(Stream.of(1, 2).map(i -> base.add(i)).map(Tuple::size)).containsExactly(3, 3);
    List<Object> seen = new ArrayList<>();
    base.forEach(seen::add);
    assertThat(seen).containsExactly("a", 1L);
    assertThatThrownBy(() -> base.add(new Object())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("java.lang.Object at index 2");
    assertThatThrownBy(() -> base.add("\uDC00x")).isInstanceOf(InvalidTuplePartException.class)
        .hasMessageContaining("part 2").hasMessageContaining("U+DC00 at char 0");
  }

  @Test
  void rejectsUnsupportedTypesNamingTypeAndIndex() {
    for (Object unsupported : new Object[] {'c', List.of(1), new int[] {1}, new Object(), java.time.Instant.EPOCH}) {
      assertThatThrownBy(() -> Tuple.of("ok", null, unsupported))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(unsupported.getClass().getName())
          .hasMessageContaining("index 2");
    }
  }

  @Test
  void packsIntoCallerBuffers() {
    Tuple t = Tuple.of("key", 7);
    byte[] buffer = new byte[t.packedSize() + 2];
    assertThat(t.packInto(buffer, 1)).isEqualTo(1 + t.packedSize());
    assertThat(Arrays.copyOfRange(buffer, 1, 1 + t.packedSize())).isEqualTo(t.pack());
    assertThatThrownBy(() -> t.packInto(new byte[2], 0)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void toStringIsReadable() {
    Tuple t = Tuple.of("users", 42, new byte[] {0x0a, (byte) 0xff}, null, true, 1.5f, 2.5,
        Tuple.of("q\"\\\n\u0001"), new UUID(0, 1), Versionstamp.of(1, 2), BigInteger.ONE.shiftLeft(64));
    assertThat((Object) t).hasToString("(\"users\", 42, b\"0a ff\", null, true, 1.5f, 2.5, (\"q\\\"\\\\\\n\\u0001\"),"
        + " UUID(00000000-0000-0000-0000-000000000001), Versionstamp(00000000000000010002),"
        + " 18446744073709551616)");
    assertThat((Object) Tuple.of()).hasToString("()");
  }

  @Test
  void emptyTuplePacksToNothing() {
    assertThat(Tuple.of().pack()).isEmpty();
    assertThat((Object) Tuple.unpack(new byte[0])).isEqualTo(Tuple.of());
    assertThat(Tuple.of().compareTo(Tuple.of((Object) null))).isNegative();
  }
}
