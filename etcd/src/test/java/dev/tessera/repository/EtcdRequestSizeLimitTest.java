package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.StoreCatalog;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.ValueTooLargeException;
import dev.tessera.kv.etcd.CommitTooLargeException;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Commits larger than a cluster started with a small {@code --max-request-bytes}: every part of a
 * commit counts towards the estimate made before sending, and a commit the cluster refuses as too
 * large anyway (its members' limit is lower than the one in {@link EtcdOptions}) is a {@link
 * CommitTooLargeException}, so batch work shrinks its batches instead of failing.
 */
class EtcdRequestSizeLimitTest {
  static final int MAX_REQUEST_BYTES = 8192;
  static EtcdCluster cluster;
  final List<KvStore> stores = new ArrayList<>();

  @BeforeAll
  static void startCluster() {
    EtcdClusterExtension.requireEtcd();
    cluster = EtcdCluster.startWithFlags(1, List.of("--max-request-bytes", String.valueOf(MAX_REQUEST_BYTES)));
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @AfterEach
  void closeStores() {
    stores.forEach(KvStore::close);
  }

  /** A store on the cluster; {@code knowsLimit}: its options say the cluster's request limit. */
  KvStore store(boolean knowsLimit) {
    EtcdOptions.Builder options = EtcdOptions.builder(cluster.endpoints())
        .keyPrefix("size-" + UUID.randomUUID() + "/")
        // As the other suites: the default 5 s is tight for large requests on a loaded machine.
        .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30));
    if (knowsLimit) {
      options.maxRequestBytes(MAX_REQUEST_BYTES);
    }
    KvStore store = EtcdKvStore.connect(options.build());
    stores.add(store);
    return store;
  }

  static Tuple longKey(int i) {
    return Tuple.of("seen", "k".repeat(150) + i);
  }

  @Test
  void aRangeCheckOverTheRequestLimitIsRefusedBeforeSendingNamingItsKeys() {
    KvStore store = store(true);
    for (int from = 0; from < 60; from += 20) {
      AtomicOperation fill = store.atomic();
      for (int i = from; i < from + 20; i++) {
        fill.set(longKey(i), new byte[] {1});
      }
      assertThat(fill.commit().ok()).isTrue();
    }
    List<KvEntry> seen = new ArrayList<>();
    TupleRange range = TupleRange.prefix(Tuple.of("seen"));
    try (KvIterator it = store.list(ListSelector.of(range))) {
      it.forEachRemaining(seen::add);
    }
    assertThat(seen).hasSize(60);

    AtomicOperation op = store.atomic().checkRange(range, seen).set(Tuple.of("result"), new byte[] {2});

    assertThatThrownBy(op::commit).isInstanceOfSatisfying(CommitTooLargeException.class, e -> {
      assertThat(e.limitName()).isEqualTo("--max-request-bytes");
      assertThat(e.limit()).isEqualTo(MAX_REQUEST_BYTES);
      assertThat(e.actual()).isGreaterThan(MAX_REQUEST_BYTES);
      assertThat(e.getMessage()).contains("(\"seen\"): ").doesNotContain("refused");
    });
    assertThat(store.get(Tuple.of("result")).exists()).isFalse();
  }

  @Test
  void aCommitTheClusterRefusesAsTooLargeIsCommitTooLargeNotAStoreError() {
    KvStore store = store(false);
    AtomicOperation op = store.atomic().set(Tuple.of("big"), new byte[20_000]);

    assertThatThrownBy(op::commit).isInstanceOfSatisfying(CommitTooLargeException.class, e -> {
      assertThat(e.limitName()).isEqualTo("--max-request-bytes");
      assertThat(e.getMessage()).contains("the cluster refused").contains("(\"big\"): ");
    });
    assertThat(store.get(Tuple.of("big")).exists()).isFalse();
  }

  @Test
  void repairOnAClusterWithALowerRequestLimitThanItsOptionsShrinksItsBatches() {
    KvStore store = store(false);
    UserRepository users = new UserRepository(store);
    int count = 60;
    for (int i = 0; i < count; i++) {
      // each e-mail index entry is about 450 bytes: 60 of them are far over 8 KiB
      users.insert(new User("u" + i, "N", "user" + i + "-" + "x".repeat(400) + "@example.com", "c"));
    }
    List<Tuple> entries = new ArrayList<>();
    Tuple subspace = Tuple.of(StoreCatalog.of(store).subspaceId("user_by_email").orElseThrow());
    try (KvIterator it = store.list(ListSelector.of(TupleRange.prefix(subspace)))) {
      it.forEachRemaining(entry -> entries.add(entry.key()));
    }
    assertThat(entries).hasSize(count);
    for (int from = 0; from < count; from += 10) {
      AtomicOperation drop = store.atomic();
      entries.subList(from, from + 10).forEach(drop::delete);
      assertThat(drop.commit().ok()).isTrue();
    }

    IndexVerification repaired = users.indexAdmin().repairIndexes();

    assertThat(repaired.index("email").repaired()).isEqualTo(count);
    assertThat(users.findByEmail("user7-" + "x".repeat(400) + "@example.com")).isPresent();
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void aRecordOverTheRequestLimitIsRefusedNamingItsEntityAndKey() {
    KvStore store = store(true);
    UserRepository users = new UserRepository(store);
    users.insert(new User("a", "N", "a@example.com", "c"));

    assertThatThrownBy(() -> users.insert(new User("big", "n".repeat(MAX_REQUEST_BYTES), "b@example.com", "c")))
        .isInstanceOf(ValueTooLargeException.class)
        .hasMessageStartingWith("entity 'user': Value of ")
        .hasMessageContaining(" for key (id: \"big\") exceeds the limit of " + MAX_REQUEST_BYTES + " bytes");
    assertThat(users.findById("big")).isEmpty();
    assertThat(users.findByEmail("b@example.com")).isEmpty();
    assertThat(users.count()).isEqualTo(1);
  }

  /**
   * A transaction whose commit is over {@code --max-txn-ops} (here the store's own, lower limit):
   * the refusal names the entity and its indexes instead of their subspace ids, and says how many
   * records of the entity fit in one commit.
   */
  @Test
  void aTransactionOverMaxTxnOpsNamesItsEntitiesIndexesAndHowManyRecordsFit() {
    KvStore store = EtcdKvStore.connect(EtcdOptions.builder(cluster.endpoints())
        .keyPrefix("ops-" + UUID.randomUUID() + "/").maxTxnOps(32).build());
    stores.add(store);
    UserRepository users = new UserRepository(store);
    users.insert(new User("a", "N", "a@example.com", "c"));

    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      for (int i = 0; i < 20; i++) {
        users.in(tx).insert(new User("u" + i, "N", "u" + i + "@example.com", "c"));
      }
      return null;
    })).isInstanceOfSatisfying(CommitTooLargeException.class, e -> {
      assertThat(e.limitName()).isEqualTo("--max-txn-ops");
      assertThat(e.getMessage())
          .contains("Biggest contributors: entity 'user': 20 writes, ")
          .contains(", unique index 'email' of entity 'user': 20 writes")
          .contains(", index 'favoriteColor' of entity 'user': 20 writes")
          .contains("a record of entity 'user' takes about 3 writes (its key and its index entries),"
              + " so at most 10 fit in one commit")
          .doesNotContain("(" + StoreCatalog.of(store).subspaceId("user").orElseThrow() + ")");
    });
    assertThat(users.count()).isEqualTo(1);
    assertThat(users.findById("u0")).isEmpty();
  }
}
