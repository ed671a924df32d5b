package dev.tessera.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.internal.kv.PackedKeys;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleArbitraries;
import dev.tessera.tuple.Versionstamp;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** An entry built from a packed key (as stores list them) is the entry built from its tuple. */
class KvEntryTest {
  private static final Versionstamp STAMP = Versionstamp.of(42, 7);

  @Provide
  Arbitrary<Tuple> tuples() {
    return TupleArbitraries.tuples();
  }

  @Property(tries = 1000)
  void anEntryOfPackedBytesIsTheEntryOfTheirTuple(@ForAll("tuples") Tuple key) {
    byte[] value = {1, 2};
    KvEntry packed = KvEntry.ofPacked(key.pack(), value, STAMP);
    KvEntry decoded = new KvEntry(key, value, STAMP);

    assertThat((Object) packed.key()).isEqualTo(key);
    assertThat(packed.packedKey()).isEqualTo(key.pack());
    assertThat(decoded.packedKey()).isEqualTo(key.pack());
    assertThat(packed).isEqualTo(decoded).hasSameHashCodeAs(decoded);
    assertThat(packed.toString()).isEqualTo(decoded.toString());
    assertThat(packed.value()).isSameAs(value);
    assertThat(packed.versionstamp()).isEqualTo(STAMP);
    assertThat(packed.exists()).isTrue();
  }

  @Test
  void entriesDifferByKeyValueArrayOrVersionstamp() {
    byte[] value = {1};
    KvEntry entry = KvEntry.ofPacked(Tuple.of("a", 1L).pack(), value, STAMP);
    assertThat(entry).isNotEqualTo(KvEntry.ofPacked(Tuple.of("a", 2L).pack(), value, STAMP))
        .isNotEqualTo(KvEntry.ofPacked(Tuple.of("a", 1L).pack(), new byte[] {1}, STAMP))
        .isNotEqualTo(KvEntry.ofPacked(Tuple.of("a", 1L).pack(), value, Versionstamp.of(42, 8)))
        .isNotEqualTo(KvEntry.absent(Tuple.of("a", 1L)));
    assertThat(KvEntry.absent(Tuple.of("a")).exists()).isFalse();
  }

  @Test
  void aKeyThatIsNotAPackedTupleFailsWhenDecodedNamingItsBytes() {
    byte[] garbage = {0x02, 0x61}; // a string without its terminator
    KvEntry entry = KvEntry.ofPacked(garbage, new byte[0], STAMP);

    assertThat(entry.packedKey()).isSameAs(garbage);
    assertThatThrownBy(entry::key).isInstanceOfSatisfying(CorruptEntryException.class, e -> {
      assertThat(e.packedKey()).isEqualTo(garbage);
      assertThat(e.getMessage()).contains("not a packed tuple");
    });
    assertThat(entry.toString()).contains("not a packed tuple: 2 bytes");
  }

  @Test
  void anEntryOfATuplePacksItsKeyOnceAndTheTupleStaysImmutable() {
    Tuple key = Tuple.of("accounts", 7L);
    KvEntry entry = new KvEntry(key, new byte[] {1}, STAMP);

    byte[] packed = entry.packedKey();
    assertThat(entry.packedKey()).as("computed once, shared").isSameAs(packed);
    assertThat(PackedKeys.of(key)).isSameAs(packed);
    // pack() still hands out a copy: changing it changes neither the tuple nor the entry
    byte[] copy = key.pack();
    assertThat(copy).isNotSameAs(packed).isEqualTo(packed);
    copy[0] = 0x7F;
    assertThat(key.pack()).isEqualTo(packed);
    assertThat((Object) key).isEqualTo(Tuple.of("accounts", 7L));
  }
}
