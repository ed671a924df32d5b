package dev.tessera.internal.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.internal.index.UniqueClaim.Decision;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvEntry;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The one rule for who holds a unique value while its index is built: each decision, when the
 * holder is asked about, and how a unique entry's pointer decodes.
 */
class UniqueClaimTest {
  private static final byte[] ALICE = Tuple.of(1L).pack();
  private static final byte[] BOB = Tuple.of(2L).pack();

  /** Remembers the pointers it was asked about and answers {@code holds}. */
  private static final class Holder implements Predicate<byte[]> {
    final List<Tuple> asked = new ArrayList<>();
    final boolean holds;

    Holder(boolean holds) {
      this.holds = holds;
    }

    @Override
    public boolean test(byte[] pointer) {
      asked.add(Tuple.unpack(pointer));
      return holds;
    }
  }

  @Test
  void anAbsentEntryIsWrittenWithoutAskingAboutAHolder() {
    Holder holder = new Holder(true);
    assertThat(UniqueClaim.decide(null, ALICE, holder)).isEqualTo(Decision.WRITE_ENTRY);
    assertThat(holder.asked).isEmpty();
  }

  @Test
  void anEntryPointingToTheClaimantIsAlreadyHeldWithoutAskingAboutAHolder() {
    Holder holder = new Holder(true);
    assertThat(UniqueClaim.decide(ALICE.clone(), ALICE, holder)).isEqualTo(Decision.ALREADY_HELD);
    assertThat(holder.asked).isEmpty();
  }

  @Test
  void anEntryPointingToARecordThatStillHoldsTheValueIsADuplicate() {
    Holder holder = new Holder(true);
    assertThat(UniqueClaim.decide(BOB, ALICE, holder)).isEqualTo(Decision.DUPLICATE);
    assertThat(holder.asked).containsExactly(Tuple.of(2L));
  }

  @Test
  void anEntryPointingToARecordThatNoLongerHoldsTheValueIsOverwritten() {
    Holder holder = new Holder(false);
    assertThat(UniqueClaim.decide(BOB, ALICE, holder)).isEqualTo(Decision.WRITE_ENTRY);
    assertThat(holder.asked).containsExactly(Tuple.of(2L));
  }

  @Test
  void aPointerThatOnlyStartsLikeTheClaimantNamesAnotherRecord() {
    byte[] longer = Tuple.of(1L, "x").pack(); // same first bytes as ALICE, a different key
    assertThat(UniqueClaim.decide(longer, ALICE, p -> true)).isEqualTo(Decision.DUPLICATE);
    assertThat(UniqueClaim.decide(ALICE, longer, p -> true)).isEqualTo(Decision.DUPLICATE);
  }

  @Test
  void aPointerDecodesToThePrimaryKeyPartsItNames() {
    Tuple entryKey = Tuple.of("users_by_email", "a@example.com");
    byte[] pointer = Tuple.of("tenant", 7L).pack();
    KvEntry entry = new KvEntry(entryKey, pointer, Versionstamp.of(1L, 0));
    assertThat((Object) UniqueClaim.pointedKey(entry)).isEqualTo(Tuple.of("tenant", 7L));
    assertThat((Object) UniqueClaim.pointedKey(entryKey, pointer)).isEqualTo(Tuple.of("tenant", 7L));
  }

  @Test
  void aPointerThatIsNotAPackedTupleIsACorruptRecordNamingTheEntry() {
    Tuple entryKey = Tuple.of("users_by_email", "a@example.com");
    byte[] garbage = {(byte) 0xFE, 0x01};
    assertThatThrownBy(() -> UniqueClaim.pointedKey(entryKey, garbage))
        .isInstanceOf(CorruptRecordException.class)
        .satisfies(e -> assertThat((Object) ((CorruptRecordException) e).key()).isEqualTo(entryKey))
        .hasCauseInstanceOf(RuntimeException.class);
    KvEntry entry = new KvEntry(entryKey, garbage, Versionstamp.of(1L, 0));
    assertThatThrownBy(() -> UniqueClaim.pointedKey(entry))
        .isInstanceOf(CorruptRecordException.class)
        .satisfies(e -> assertThat((Object) ((CorruptRecordException) e).key()).isEqualTo(entryKey));
  }
}
