package dev.tessera.kv.etcd.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EtcdClusterTest {

  @Test
  void clusterSurvivesItsLeaderKilledAndTheMemberRejoins() throws Exception {
    EtcdClusterExtension.requireEtcd();
    EtcdCluster.Member oldLeader;
    long pid;
    try (EtcdCluster cluster = EtcdCluster.start(3);
        Client client = Client.builder().endpoints(cluster.endpoints().toArray(String[]::new))
            .build()) {
      assertThat(cluster.root().toString()).startsWith(
          Files.isDirectory(java.nio.file.Path.of("/dev/shm")) ? "/dev/shm" : "");
      ByteSequence key = ByteSequence.from("k", StandardCharsets.UTF_8);
      client.getKVClient().put(key, ByteSequence.from("v1", StandardCharsets.UTF_8))
          .get(10, TimeUnit.SECONDS);

      oldLeader = cluster.leader();
      pid = oldLeader.pid();
      cluster.kill(oldLeader);
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
      EtcdCluster.Member newLeader = cluster.leader();
      assertThat(newLeader).isNotSameAs(oldLeader);

      client.getKVClient().put(key, ByteSequence.from("v2", StandardCharsets.UTF_8))
          .get(15, TimeUnit.SECONDS);
      cluster.restart(oldLeader);
      assertThat(oldLeader.isRunning()).isTrue();
      try (Client direct = Client.builder().endpoints(cluster.clientUrl(oldLeader)).build()) {
        assertThat(direct.getKVClient().get(key).get(15, TimeUnit.SECONDS).getKvs().get(0)
            .getValue().toString(StandardCharsets.UTF_8)).isEqualTo("v2");
      }
      pid = oldLeader.pid();
      cluster.close();
      assertThat(Files.exists(cluster.root())).isFalse();
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
  }
}
