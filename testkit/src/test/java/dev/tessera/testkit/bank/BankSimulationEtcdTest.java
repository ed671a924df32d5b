package dev.tessera.testkit.bank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.etcd.EtcdKvStore;
import dev.tessera.kv.etcd.EtcdOptions;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import dev.tessera.testkit.FaultPlan;
import java.time.Duration;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The simulation's clients on the real 3-member etcd cluster the etcd tests start, on real threads
 * all at once, without injected faults: the invariants hold after every round there too. Skipped
 * without etcd installed (failed when {@code CI=true}).
 */
@ExtendWith(EtcdClusterExtension.class)
class BankSimulationEtcdTest {

  @Test
  void theSameClientsOnEtcdWithRealThreadsKeepEveryInvariant(EtcdCluster cluster) {
    BankSimulation.Settings settings =
        new BankSimulation.Settings(3, 12, FaultPlan.none(), UnaryOperator.identity());
    for (long seed = 1; seed <= 2; seed++) {
      try (EtcdKvStore store = EtcdKvStore.connect(EtcdOptions.builder(cluster.endpoints())
          .keyPrefix("simulation-" + UUID.randomUUID() + "/")
          .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30)).build())) {
        BankSimulation.Outcome outcome = BankSimulation.runOn(store, seed, settings);
        assertThat(outcome.checks()).isEqualTo(2 * settings.rounds());
      }
    }
  }
}
