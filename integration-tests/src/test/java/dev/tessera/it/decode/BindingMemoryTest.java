package dev.tessera.it.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.StoredKeys;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.ForwardingMapping;
import dev.tessera.repository.GeneratedMappings;
import dev.tessera.repository.MappedRepository;
import dev.tessera.repository.Transactions;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An update that keeps every index entry decodes the stored record only to check that it decodes;
 * in a transaction that found the record first, the entry it found has passed that check, and the
 * update does not decode it again. Everywhere else it still does: a damaged record fails the
 * update as before, and repositories on the store (shared by threads) remember nothing. Likewise
 * the record key a find built is the one the update of the same primary key writes.
 */
class BindingMemoryTest {
  @TempDir Path directory;

  private KvStore store;
  private CountingMapping mapping;
  private MappedRepository<Assortment, Long> assortments;

  /** The generated mapping on the tuple path, counting its decodes and the record keys it builds. */
  private static final class CountingMapping extends ForwardingMapping<Assortment, Long> {
    int decodes;
    int keys;

    CountingMapping(KvStore store) {
      super(GeneratedMappings.of(new AssortmentRepository(store)));
    }

    @Override
    public Assortment decode(Tuple record) {
      decodes++;
      return super.decode(record);
    }

    @Override
    public Tuple keyParts(Long id) {
      keys++;
      return super.keyParts(id);
    }
  }

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    mapping = new CountingMapping(store);
    assortments = new MappedRepository<>(store, mapping);
    assortments.insert(assortment(1, (byte) 1));
    assortments.insert(assortment(2, (byte) 2));
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** Assortment {@code id}; updates change {@code small}, which no index reads. */
  private static Assortment assortment(long id, byte small) {
    return new Assortment(id, small, null, null, null, null, null, Optional.empty(), null, null,
        null, "name" + id);
  }

  @Test
  void anUpdateAfterAFindInOneTransactionDecodesTheStoredRecordOnce() {
    mapping.decodes = 0;
    Transactions.run(store, tx -> {
      MappedRepository<Assortment, Long> bound = assortments.in(tx);
      bound.findById(1L).orElseThrow();
      bound.findById(2L).orElseThrow();
      bound.update(assortment(1, (byte) 10));
      return bound.update(assortment(2, (byte) 20));
    });
    assertThat(mapping.decodes).as("two finds; the updates decode nothing more").isEqualTo(2);
    assertThat(assortments.findById(1L).orElseThrow().small()).isEqualTo((byte) 10);
    assertThat(assortments.findById(2L).orElseThrow().small()).isEqualTo((byte) 20);
  }

  @Test
  void aTransactionRemembersTheLastEightRecordsItFoundAndDecodesOrKeysAnOlderOneAgain() {
    for (long id = 3; id <= 10; id++) {
      assortments.insert(assortment(id, (byte) id));
    }
    mapping.decodes = 0;
    mapping.keys = 0;
    Transactions.run(store, tx -> {
      MappedRepository<Assortment, Long> bound = assortments.in(tx);
      for (long id = 1; id <= 10; id++) {
        bound.findById(id).orElseThrow();
      }
      bound.update(assortment(10, (byte) 100)); // among the last eight found
      bound.update(assortment(3, (byte) 30)); // the oldest of them
      return bound.update(assortment(1, (byte) 11)); // found before them: forgotten
    });
    assertThat(mapping.decodes).as("ten finds and the check of record 1").isEqualTo(11);
    assertThat(mapping.keys).as("ten finds and the key of record 1").isEqualTo(11);
    assertThat(assortments.findById(1L).orElseThrow().small()).isEqualTo((byte) 11);
    assertThat(assortments.findById(3L).orElseThrow().small()).isEqualTo((byte) 30);
    assertThat(assortments.findById(10L).orElseThrow().small()).isEqualTo((byte) 100);
  }

  @Test
  void anUpdateAfterAFindOfAnEqualPrimaryKeyWritesTheKeyTheFindBuilt() {
    assortments.insert(assortment(1000, (byte) 1));
    assortments.insert(assortment(1001, (byte) 2));
    mapping.keys = 0;
    Transactions.run(store, tx -> {
      MappedRepository<Assortment, Long> bound = assortments.in(tx);
      bound.findById(Long.valueOf(1000)).orElseThrow(); // equal, not the same objects as below
      bound.findById(Long.valueOf(1001)).orElseThrow();
      bound.update(assortment(1000, (byte) 10));
      return bound.update(assortment(1001, (byte) 20));
    });
    assertThat(mapping.keys).as("one key per record").isEqualTo(2);
    assertThat(assortments.findById(1000L).orElseThrow().small()).isEqualTo((byte) 10);
    assertThat(assortments.findById(1001L).orElseThrow().small()).isEqualTo((byte) 20);
    assertThat(assortments.count()).isEqualTo(4);
  }

  @Test
  void onTheStoreEveryCallBuildsItsKey() {
    mapping.keys = 0;
    assortments.findById(1L).orElseThrow();
    assortments.update(assortment(1, (byte) 10));
    assertThat(mapping.keys).isEqualTo(2);
  }

  @Test
  void anUpdateWithoutAFindOrOnTheStoreStillDecodesTheStoredRecord() {
    mapping.decodes = 0;
    Transactions.run(store, tx -> assortments.in(tx).update(assortment(1, (byte) 10)));
    assertThat(mapping.decodes).as("the update's check").isEqualTo(1);

    mapping.decodes = 0;
    assortments.findById(2L);
    assortments.update(assortment(2, (byte) 20));
    assertThat(mapping.decodes).as("on the store: the find and the update's check").isEqualTo(2);
  }

  @Test
  void anUpdateOfADamagedRecordFailsAfterTheFindFailed() {
    Tuple key = StoredKeys.key(store, AssortmentRepository.ENTITY_NAME, 1L);
    assertThat(store.atomic().set(key, new byte[] {0x02, 'x', 0}).commit().ok()).isTrue();
    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      MappedRepository<Assortment, Long> bound = assortments.in(tx);
      assertThatThrownBy(() -> bound.findById(1L)).isInstanceOf(CorruptRecordException.class);
      return bound.update(assortment(1, (byte) 10));
    })).isInstanceOf(CorruptRecordException.class);
    assertThat(store.get(key).value()).containsExactly(0x02, 'x', 0);
  }
}
