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

/** {@link Tuple#addParts}: the tuple {@code addAll(Tuple.of(more))} gives, and its exceptions. */
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

    for (List<Object> bad : List.of(List.<Object>of("ok", "a\ud800"), List.<Object>of(new Object()))) {
      Object[] parts = bad.toArray();
      Throwable expected = catchThrowable(() -> Tuple.of(parts));
      assertThatThrownBy(() -> prefix.addParts(parts))
          .isInstanceOf(expected.getClass())
          .hasMessage(expected.getMessage());
    }
  }
}
