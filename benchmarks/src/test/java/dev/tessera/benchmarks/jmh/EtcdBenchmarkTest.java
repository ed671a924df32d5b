package dev.tessera.benchmarks.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.benchmarks.model.Account;
import dev.tessera.benchmarks.model.UserData;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import org.junit.jupiter.api.Test;

/**
 * Every {@link EtcdBenchmark} workload once on a small {@link EtcdStore}, so the benchmark cannot rot
 * between runs: loading, each operation's answer, and the trial's closing money check. Skipped
 * without etcd (run in CI, which has it).
 */
class EtcdBenchmarkTest {

  @Test
  void everyWorkloadAnswersOnASmallClusterAndTheMoneyAddsUp() {
    EtcdClusterExtension.requireEtcd();
    EtcdStore store = new EtcdStore();
    store.records = 60;
    store.accounts = 120; // more than one loading commit
    store.setUp();
    try {
      EtcdBenchmark benchmark = new EtcdBenchmark();
      benchmark.insertOne(store);
      benchmark.insertOne8Threads(store);
      assertThat(store.users.findById(UserData.idOf(61))).isPresent();
      assertThat(benchmark.findById(store)).isPresent();
      assertThat(benchmark.equalToNonUnique(store)).isNotEmpty();
      assertThat(benchmark.transfer1Thread(store)).isTrue();
      assertThat(benchmark.transfer8Threads(store)).isTrue();
      long total = 0;
      for (long n = 0; n < store.accounts; n++) {
        total += store.bank.balance(Account.idOf(n));
      }
      assertThat(total).isEqualTo(store.accounts * EtcdStore.OPENING_BALANCE);
    } finally {
      store.tearDown();
    }
  }
}
