package dev.tessera.kv.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.CommitResult;
import dev.tessera.kv.CorruptEntryException;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.KvStoreContract;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.StoreClosedException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import dev.tessera.tuple.Versionstamp;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import io.etcd.jetcd.Client;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The key store contract on a real 3-member etcd cluster, and what is particular to etcd. */
@ExtendWith(EtcdClusterExtension.class)
class EtcdKvStoreTest extends KvStoreContract {
  private static final TupleRange EVERY_KEY = TupleRange.ofPacked(new byte[0], new byte[] {(byte) 0xFF});

  private final EtcdCluster cluster;

  EtcdKvStoreTest(EtcdCluster cluster) {
    this.cluster = cluster;
  }

  /** A store under a prefix of its own on the shared cluster, so every test starts empty. */
  @Override
  protected KvStore openStore() {
    return EtcdKvStore.connect(options().build());
  }

  private EtcdOptions.Builder options() {
    return options("test-" + UUID.randomUUID() + "/");
  }

  private EtcdOptions.Builder options(String prefix) {
    return EtcdOptions.builder(cluster.endpoints()).keyPrefix(prefix)
        .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30));
  }

  @Test
  void aCommitThatChangesNothingStillGetsAFreshVersionstamp() {
    Versionstamp first = store.atomic().delete(Tuple.of("never")).commit().versionstamp();
    Versionstamp second = store.atomic().commit().versionstamp();
    assertThat(second).isGreaterThan(first);
    assertThat(second.order()).isZero();
  }

  @Test
  void twoWritesOfOneKeyAreMergedIntoOneEtcdWrite() {
    // etcd refuses a transaction that writes one key twice; the store merges them client-side.
    store.atomic().set(Tuple.of("n"), dev.tessera.kv.StoreContents.u64(40))
        .sum(Tuple.of("n"), 1).sum(Tuple.of("n"), 1).max(Tuple.of("n"), 7)
        .set(Tuple.of("m"), bytes("a")).delete(Tuple.of("m")).commit();
    assertThat(dev.tessera.kv.StoreContents.u64(store.get(Tuple.of("n")).value())).isEqualTo(42);
    assertThat(store.get(Tuple.of("m")).exists()).isFalse();
  }

  @Test
  void aCommitOverMaxTxnOpsIsRefusedBeforeSendingAndNamesTheBiggestContributors() {
    AtomicOperation op = store.atomic();
    for (int i = 0; i < 100; i++) {
      op.set(Tuple.of("user", i), bytes("u"));
    }
    for (int i = 0; i < 40; i++) {
      op.set(Tuple.of("user_by_email", "u" + i + "@x"), bytes("p"));
    }
    assertThatThrownBy(op::commit)
        .isInstanceOfSatisfying(CommitTooLargeException.class, e -> {
          assertThat(e.limitName()).isEqualTo("--max-txn-ops");
          assertThat(e.limit()).isEqualTo(128);
          assertThat(e.actual()).isEqualTo(141);
          assertThat(e.getMessage()).contains("(\"user\"): 100 writes, (\"user_by_email\"): 40 writes");
        });
    assertThat(store.get(Tuple.of("user", 0)).exists()).isFalse();
  }

  @Test
  void aSnapshotWhoseRevisionWasCompactedFailsClearly() throws Exception {
    store.atomic().set(Tuple.of("a"), bytes("1")).commit();
    try (KvSnapshot snapshot = store.snapshot()) {
      assertThat(snapshot.get(Tuple.of("a")).exists()).isTrue();
      long revision = ((EtcdSnapshot) snapshot).revision();
      store.atomic().set(Tuple.of("a"), bytes("2")).commit();
      try (Client admin = Client.builder().endpoints(cluster.endpoints().toArray(String[]::new))
          .build()) {
        long now = admin.getKVClient().get(io.etcd.jetcd.ByteSequence.from(new byte[] {0}))
            .get(10, TimeUnit.SECONDS).getHeader().getRevision();
        admin.getKVClient().compact(now).get(10, TimeUnit.SECONDS);
      }
      assertThatThrownBy(() -> snapshot.get(Tuple.of("a")))
          .isInstanceOfSatisfying(SnapshotCompactedException.class,
              e -> assertThat(e.revision()).isEqualTo(revision))
          .hasMessageContaining("start a new snapshot");
    }
  }

  @Test
  void aListingThatMeetsAKeyThatIsNotAPackedTupleFailsWithCorruptEntryException() throws Exception {
    String prefix = "test-" + UUID.randomUUID() + "/";
    // 0x02 opens a string that never ends: no packed tuple starts like this.
    byte[] damaged = {0x02, 'd', 'a', 'm'};
    try (KvStore own = EtcdKvStore.connect(options(prefix).build());
        Client admin = Client.builder().endpoints(cluster.endpoints().toArray(String[]::new))
            .build()) {
      own.atomic().set(Tuple.of("a"), bytes("1")).commit();
      byte[] prefixBytes = prefix.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      byte[] etcdKey = java.util.Arrays.copyOf(prefixBytes, prefixBytes.length + damaged.length);
      System.arraycopy(damaged, 0, etcdKey, prefixBytes.length, damaged.length);
      admin.getKVClient().put(io.etcd.jetcd.ByteSequence.from(etcdKey),
          io.etcd.jetcd.ByteSequence.from(bytes("x"))).get(10, TimeUnit.SECONDS);

      assertThatThrownBy(() -> {
        try (KvIterator all = own.list(ListSelector.of(EVERY_KEY))) {
          while (all.hasNext()) {
            all.next();
          }
        }
      }).isInstanceOfSatisfying(CorruptEntryException.class,
          e -> assertThat(e.packedKey()).isEqualTo(damaged))
          .hasMessageContaining("the key is not a packed tuple");
      // A listing whose range leaves the damaged key out is untouched by it.
      try (KvIterator some = own.list(ListSelector.of(TupleRange.keyAndExtensions(Tuple.of("a"))))) {
        assertThat((Object) some.next().key()).isEqualTo(Tuple.of("a"));
        assertThat(some.hasNext()).isFalse();
      }
    }
  }

  @Test
  void aClosedStoreRefusesWorkWithTesseraExceptions() {
    store.close();
    assertThatThrownBy(() -> store.get(Tuple.of("a"))).isInstanceOf(StoreClosedException.class);
    assertThatThrownBy(() -> store.atomic()).isInstanceOf(StoreClosedException.class);
  }

  @Test
  void anUnreachableClusterGivesEtcdUnavailableException() {
    EtcdOptions nowhere = EtcdOptions.builder("http://127.0.0.1:1")
        .requestTimeout(java.time.Duration.ofMillis(500))
        .connectTimeout(java.time.Duration.ofMillis(300)).build();
    assertThatThrownBy(() -> EtcdKvStore.connect(nowhere))
        .isInstanceOf(EtcdUnavailableException.class)
        .hasMessageContaining("Cannot get");
  }

  @Test
  void aRangeCheckIsEvaluatedByEtcdInTheCommit() {
    // Write skew: two commits each read the empty range and insert into it; exactly one wins.
    dev.tessera.tuple.TupleRange range = dev.tessera.tuple.TupleRange.prefix(Tuple.of("slot"));
    AtomicOperation first = store.atomic().checkRange(range, java.util.List.of())
        .set(Tuple.of("slot", 1), bytes("a"));
    AtomicOperation second = store.atomic().checkRange(range, java.util.List.of())
        .set(Tuple.of("slot", 2), bytes("b"));
    CommitResult one = first.commit();
    CommitResult two = second.commit();
    assertThat(one.ok()).isTrue();
    assertThat(two.ok()).isFalse();
    assertThat(two.failedOnRange()).isTrue();
    assertThat((Object) two.failedKey()).isEqualTo(Tuple.of("slot", 1));
  }
}
