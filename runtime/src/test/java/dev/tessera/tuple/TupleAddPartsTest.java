package dev.tessera.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The one-step builders: {@link Tuple#addParts} gives the tuple {@code addAll(Tuple.of(more))}
 * gives, and {@link Tuple#packOf} the bytes {@code Tuple.of(parts).pack()} gives, with the same
 * exceptions.
 */
class TupleAddPartsTest {

  @Provide
  Arbitrary<Tuple> tuples() {
    return TupleArbitraries.tuples();
  }

  @Property(tries = 3000)
  void appendingPartsIsAppendingTheirTuple(@ForAll("tuples") Tuple prefix, @ForAll("tuples") Tuple more) {
    Object[] parts = more.items().toArray();
    Tuple appended = prefix.addParts(parts);
    assertThat((Object) appended).isEqualTo(prefix.addAll(Tuple.of(parts)));
    assertThat(appended.pack()).isEqualTo(prefix.addAll(more).pack());
    if (parts.length == 1) {
      assertThat((Object) prefix.addParts(parts[0])).isEqualTo(appended);
    }
  }

  @Property(tries = 3000)
  void packingPartsIsPackingTheirTuple(@ForAll("tuples") Tuple tuple) {
    Object[] parts = tuple.items().toArray();
    Object[] given = parts.clone();
    assertThat(Tuple.packOf(parts)).isEqualTo(tuple.pack());
    assertThat(parts).as("the caller's array is left as it was").isEqualTo(given);
  }

  @Test
  void packingNormalisesAndChecksAsTupleOfDoes() {
    Object[] parts = {1, (short) 2, (byte) 3, new byte[] {0}, java.math.BigInteger.TEN, null, "s"};
    assertThat(Tuple.packOf(parts)).isEqualTo(Tuple.of(parts).pack());
    assertThat(parts[0]).isEqualTo(1); // not replaced by its Long
    assertThat(Tuple.packOf((Object[]) null)).isEqualTo(Tuple.of((Object[]) null).pack());
    assertThat(Tuple.packOf()).isEmpty();
    for (List<Object> bad : List.of(List.<Object>of("ok", "a\ud800"), List.<Object>of(new Object()))) {
      Object[] badParts = bad.toArray();
      Throwable expected = catchThrowable(() -> Tuple.of(badParts));
      assertThatThrownBy(() -> Tuple.packOf(badParts))
          .isInstanceOf(expected.getClass())
          .hasMessage(expected.getMessage());
      Throwable single = catchThrowable(() -> Tuple.of(badParts[badParts.length - 1]));
      assertThatThrownBy(() -> Tuple.of(1L).addParts(badParts[badParts.length - 1]))
          .isInstanceOf(single.getClass())
          .hasMessage(single.getMessage());
    }
  }

  @Test
  void partsAreNormalisedAndCheckedAsTupleOfChecksThem() {
    Tuple prefix = Tuple.of(7L, "x");
    byte[] bytes = {1, 0};
    Tuple appended = prefix.addParts(1, (short) 2, bytes, null);
    bytes[0] = 9; // the tuple holds a copy
    assertThat((Object) appended).isEqualTo(Tuple.of(7L, "x", 1L, 2L, new byte[] {1, 0}, null));
    assertThat((Object) prefix.addParts((Object) null)).isEqualTo(Tuple.of(7L, "x", null));
    assertThat((Object) prefix.addParts()).isEqualTo(prefix);
    assertThat((Object) prefix.addParts((Object[]) null)).isEqualTo(Tuple.of(7L, "x", null));

    for (List<Object> bad : List.of(List.<Object>of("ok", "a\ud800"), List.<Object>of(new Object()))) {
      Object[] parts = bad.toArray();
      Throwable expected = catchThrowable(() -> Tuple.of(parts));
      assertThatThrownBy(() -> prefix.addParts(parts))
          .isInstanceOf(expected.getClass())
          .hasMessage(expected.getMessage());
    }
  }
}
