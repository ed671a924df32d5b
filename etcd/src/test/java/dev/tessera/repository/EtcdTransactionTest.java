package dev.tessera.repository;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.etcd.EtcdKvStore;
import dev.tessera.kv.etcd.EtcdOptions;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.extension.ExtendWith;

/** The runtime's transaction tests on a real 3-member etcd cluster, each under a prefix of its own. */
@ExtendWith(EtcdClusterExtension.class)
class EtcdTransactionTest extends TransactionTest {
  private final EtcdCluster cluster;

  EtcdTransactionTest(EtcdCluster cluster) {
    this.cluster = cluster;
  }

  @Override
  protected KvStore openStore(Path directory) {
    return EtcdKvStore.connect(
        EtcdOptions.builder(cluster.endpoints()).keyPrefix("tx-" + UUID.randomUUID() + "/")
            .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30)).build());
  }
}
