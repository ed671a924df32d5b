package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.etcd.EtcdKvStore;
import dev.tessera.kv.etcd.EtcdOptions;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Repair with default options (batches of 1,000 records) on etcd, whose transactions hold 128
 * operations: the repair's batches shrink to fit instead of failing with a commit too large.
 */
@ExtendWith(EtcdClusterExtension.class)
class EtcdBatchLimitTest {
  private static final int USERS = 300;
  private final EtcdCluster cluster;
  private KvStore store;

  EtcdBatchLimitTest(EtcdCluster cluster) {
    this.cluster = cluster;
  }

  @BeforeEach
  void open() {
    store = EtcdKvStore.connect(
        EtcdOptions.builder(cluster.endpoints()).keyPrefix("limit-" + UUID.randomUUID() + "/")
            .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30)).build());
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void repairWithDefaultOptionsRestoresMoreEntriesThanOneTransactionHolds() {
    UserRepository users = new UserRepository(store);
    List<User> all = new ArrayList<>();
    for (int i = 0; i < USERS; i++) {
      all.add(new User("u" + i, "N", "user" + i + "@example.com", "c" + (i % 4)));
    }
    for (int from = 0; from < USERS; from += 30) {
      users.insertAll(all.subList(from, from + 30));
    }
    List<Tuple> colorEntries = new ArrayList<>();
    Tuple subspace = Tuple.of(StoreCatalog.of(store).subspaceId("user_by_favoriteColor").orElseThrow());
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(subspace)))) {
      it.forEachRemaining(e -> colorEntries.add(e.key()));
    }
    assertThat(colorEntries).hasSize(USERS);
    for (int from = 0; from < USERS; from += 100) {
      AtomicOperation op = store.atomic();
      colorEntries.subList(from, from + 100).forEach(op::delete);
      assertThat(op.commit().ok()).isTrue();
    }
    assertThat(users.countByFavoriteColor("c1")).isZero();

    IndexVerification repaired = users.indexAdmin().repairIndexes();

    assertThat(repaired.index("favoriteColor").missing()).isEqualTo(USERS);
    assertThat(repaired.index("favoriteColor").repaired()).isEqualTo(USERS);
    assertThat(users.countByFavoriteColor("c1")).isEqualTo(USERS / 4);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }
}
