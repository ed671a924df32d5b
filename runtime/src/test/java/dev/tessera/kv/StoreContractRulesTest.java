package dev.tessera.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.internal.kv.Counter;
import dev.tessera.internal.kv.KeyOrder;
import dev.tessera.internal.kv.ListCursor;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The store-contract rules every backend and the transaction view share: the cursor form users may
 * hold (unchanged), the counter's stored bytes and arithmetic, and the key just after a key.
 */
class StoreContractRulesTest {

  @Test
  void aCursorIsTheLastKeyPackedInBase64urlWithoutPaddingAsBefore() {
    byte[] key = Tuple.of("users", 42).pack(); // 02 75 73 65 72 73 00 15 2a
    String cursor = ListCursor.encode(key);
    assertThat(cursor).isEqualTo("AnVzZXJzABUq");
    assertThat(ListCursor.decode(cursor, TupleRange.prefix(Tuple.of("users")), 511)).isEqualTo(key);
  }

  @Test
  void aMalformedOrForeignCursorIsRefusedNamingIt() {
    TupleRange users = TupleRange.prefix(Tuple.of("users"));
    assertThatThrownBy(() -> ListCursor.decode("not base64!", users, 511))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Malformed list cursor 'not base64!'");
    assertThatThrownBy(() -> ListCursor.decode("", users, 511))
        .hasMessageContaining("not a key of 1 to 511 bytes");
    assertThatThrownBy(() -> ListCursor.decode(ListCursor.encode(new byte[512]), "page cursor", 511))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ListCursor.decode(ListCursor.encode(Tuple.of("v").pack()), users, 511))
        .hasMessageContaining("lies outside the listed range");
  }

  @Test
  void aCounterIsStoredAsEightBytesBigEndianAndCombinesUnsigned() {
    Tuple key = Tuple.of("c");
    assertThat(Counter.encode(0x0102030405060708L)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    assertThat(Counter.decode(key, Counter.encode(-1L))).isEqualTo(-1L);
    assertThat(Counter.SUM.applyTo(key, Counter.encode(-1L), 2)).isEqualTo(Counter.encode(1));
    assertThat(Counter.SUM.applyTo(key, null, 5)).isEqualTo(Counter.encode(5));
    assertThat(Counter.MIN.applyTo(key, Counter.encode(-1L), 3)).isEqualTo(Counter.encode(3));
    assertThat(Counter.MAX.applyTo(key, Counter.encode(-1L), 3)).isEqualTo(Counter.encode(-1L));
    assertThat(Counter.MIN.applyTo(key, null, 7)).isEqualTo(Counter.encode(7));
    assertThatThrownBy(() -> Counter.SUM.applyTo(key, new byte[3], 1))
        .isInstanceOf(CounterValueException.class)
        .satisfies(e -> assertThat(((CounterValueException) e).actualLength()).isEqualTo(3));
  }

  @Property(tries = 500, seed = "20261125")
  void theKeyJustAfterIsTheLeastGreaterKey(
      @ForAll @Size(min = 1, max = 6) byte[] key, @ForAll @Size(max = 8) byte[] other) {
    byte[] next = KeyOrder.justAfter(key);
    assertThat(Arrays.compareUnsigned(next, key)).isPositive();
    if (Arrays.compareUnsigned(other, key) > 0) {
      assertThat(Arrays.compareUnsigned(other, next)).isGreaterThanOrEqualTo(0);
    }
  }

  @Test
  void whatIsLeftOfARangeAfterAndBeforeAKey() {
    TupleRange range = TupleRange.between(Tuple.of(2), Tuple.of(8));
    byte[] five = Tuple.of(5).pack();
    assertThat(KeyOrder.remainder(range, five, false))
        .isEqualTo(TupleRange.ofPacked(KeyOrder.justAfter(five), range.end()));
    assertThat(KeyOrder.remainder(range, five, true)).isEqualTo(TupleRange.ofPacked(range.begin(), five));
    assertThat(KeyOrder.remainder(range, null, true)).isEqualTo(range);
    assertThat(KeyOrder.after(range, Tuple.of(1).pack())).isEqualTo(range);
    assertThat(KeyOrder.after(range, Tuple.of(9).pack()).isEmpty()).isTrue();
    assertThat(KeyOrder.before(range, Tuple.of(9).pack())).isEqualTo(range);
    assertThat(KeyOrder.before(range, Tuple.of(1).pack()).isEmpty()).isTrue();
    assertThat(KeyOrder.through(range, five, false))
        .isEqualTo(TupleRange.ofPacked(range.begin(), KeyOrder.justAfter(five)));
    assertThat(KeyOrder.through(range, five, true)).isEqualTo(TupleRange.ofPacked(five, range.end()));
  }
}
