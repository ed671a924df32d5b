package dev.tessera.it.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.it.StoredKeys;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.IndexVerification;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.Transactions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bulk deletes on generated repositories over real LMDB, with a small batch size so that every
 * delete spans several commits: the number deleted, the records left, the indexes and the count
 * stay exact; inside a transaction the delete is part of the transaction's one commit.
 */
class BulkDeleteTest {
  private static final int BATCH = 16;

  @TempDir Path directory;
  private KvStore store;
  private EditionRepository editions;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    editions = new EditionRepository(store, RepositoryOptions.defaults().withBatchSize(BATCH));
    List<Edition> all = new ArrayList<>();
    for (long id = 1; id <= 200; id++) {
      all.add(new Edition(id, id % 3 == 0 ? null : "isbn-" + id, id % 5 == 0 ? null : "title " + (id % 7),
          (int) (id % 4), LocalDate.of(2024, 1, 1).plusDays(id), (int) id));
    }
    editions.insertAll(all);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private long keysUnder(String subspace) {
    long n = 0;
    try (KvIterator it = store.list(ListSelector.of(StoredKeys.range(store, subspace)))) {
      while (it.hasNext()) {
        it.next();
        n++;
      }
    }
    return n;
  }

  private void assertExact(long records) {
    assertThat(editions.count()).isEqualTo(records);
    assertThat(editions.byId().count()).isEqualTo(records);
    assertThat(keysUnder("edition_by_title")).isEqualTo(records);
    assertThat(keysUnder("edition_by_pages")).isEqualTo(records);
    assertThat(keysUnder("edition_by_shelfAndPublished")).isEqualTo(records);
    IndexVerification verification = editions.indexAdmin().verifyIndexes();
    assertThat(verification.clean()).as(verification.toString()).isTrue();
  }

  @Test
  void deleteByIdsCountsOnlyTheRecordsThatExisted() {
    List<Long> ids = new ArrayList<>(LongStream.rangeClosed(1, 60).boxed().toList());
    ids.addAll(List.of(5L, 6L, 999L, 1000L)); // twice, and never stored

    assertThat(editions.deleteAllById(ids)).isEqualTo(60);
    assertThat(editions.byId().first()).map(Edition::id).contains(61L);
    assertExact(140);
    assertThat(editions.deleteAllById(List.of(1L, 2L))).isZero();
    assertThatThrownBy(() -> editions.deleteAllById(Arrays.asList(61L, null)))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("primary key 'id' of edition");
    assertThat(editions.findById(61L)).isPresent(); // nothing deleted before the null was found
  }

  @Test
  void deleteAllOfAQueryDeletesExactlyItsRecords() {
    // Expected from the records' values, not from the indexes being tested.
    List<Long> untitled = LongStream.rangeClosed(1, 200).filter(id -> id % 5 == 0).boxed().toList();
    List<Long> shelfTwo = LongStream.rangeClosed(1, 200).filter(id -> id % 4 == 2 && id % 5 != 0)
        .boxed().toList(); // in publication order, which is id order

    assertThat(editions.deleteAll(editions.byTitle().isNull())).isEqualTo(untitled.size());
    assertThat(editions.findAllById(untitled)).isEmpty();
    assertThat(editions.deleteAll(editions.byShelfAndPublished().equalTo(2).limit(30))).isEqualTo(30);
    assertThat(editions.byShelfAndPublished().equalTo(2).list()).extracting(Edition::id)
        .containsExactlyElementsOf(shelfTwo.subList(30, shelfTwo.size()));
    long inRange = LongStream.rangeClosed(150, 180)
        .filter(id -> id % 5 != 0 && !shelfTwo.subList(0, 30).contains(id)).count();
    assertThat(editions.deleteAll(editions.byId().between(150L, 180L))).isEqualTo(inRange);
    assertThat(editions.byId().between(150L, 180L).exists()).isFalse();
    assertExact(200 - untitled.size() - 30 - inRange);
  }

  @Test
  void deleteAllEmptiesTheEntityAndItsIndexes() {
    assertThat(editions.deleteAll()).isEqualTo(200);
    assertExact(0);
    assertThat(keysUnder("edition_by_isbn")).isZero();
    assertThat(editions.deleteAll()).isZero();
  }

  @Test
  void insideATransactionTheDeleteIsAtomicWithTheRest() {
    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      assertThat(editions.in(tx).deleteAll()).isEqualTo(200);
      assertThat(editions.in(tx).byId().exists()).isFalse(); // reads its own deletes
      throw new IllegalStateException("changed my mind");
    })).hasMessage("changed my mind");
    assertExact(200); // nothing of the 13 batches was committed

    long deleted = Transactions.run(store, tx -> editions.in(tx).deleteAllById(List.of(1L, 2L, 3L)));
    assertThat(deleted).isEqualTo(3);
    assertExact(197);
  }
}
