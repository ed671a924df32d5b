package dev.tessera.testkit.bank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.testkit.SimulatedKvStore;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Found by the simulation (soak seed 1290, before the fix): a repair that began while an entity had
 * no records judged the non-unique index entries of records inserted meanwhile dangling and deleted
 * them, checking a key that is no record's ({@code ("sim_member")}) instead of the record; until its
 * pass over the records wrote them again (or for good, had it stopped in between), queries missed
 * those records.
 */
class RepairRaceTest {

  @Test
  void aRepairBegunOnAnEmptyEntityKeepsTheEntriesOfRecordsInsertedMeanwhile() {
    SimulatedKvStore store = SimulatedKvStore.create();
    MemberRepository writer = new MemberRepository(store);
    Member inserted = new Member("m1", null, "c1", 7, List.of("t1"));
    StoreCatalog catalog = StoreCatalog.of(store);
    TupleRange records =
        TupleRange.prefix(Tuple.of(catalog.subspaceId("sim_member").orElseThrow()));
    Tuple tagEntry =
        Tuple.of(catalog.subspaceId("sim_member_by_tags").orElseThrow(), "t1", "m1");
    List<String> missing = new ArrayList<>();
    ForwardingKvStore racing = new ForwardingKvStore(store) {
      private boolean recordsListed;
      private boolean done;
      private int batches;

      @Override
      public KvIterator list(ListSelector selector) {
        recordsListed |= selector.range().equals(records); // the repair learns the key's shape
        return store.list(selector);
      }

      @Override
      public KvSnapshot snapshot() {
        if (recordsListed && !done) {
          done = true;
          writer.insert(inserted); // a writer wins the race just before the index passes
        } else if (done && !store.get(tagEntry).exists()) {
          missing.add("the tag entry of m1 was missing when batch " + (++batches) + " began");
        }
        return store.snapshot();
      }
    };
    MemberRepository repairing = new MemberRepository(racing);

    repairing.indexAdmin().repairIndexes();

    assertThat(missing).isEmpty(); // no batch of the repair ever saw it deleted
    assertThat(writer.byTags().equalTo("t1").list()).containsExactly(inserted);
    assertThat(writer.byCityAge().equalTo("c1").list()).containsExactly(inserted);
    assertThat(writer.indexAdmin().verifyIndexes().clean()).isTrue();
  }
}
