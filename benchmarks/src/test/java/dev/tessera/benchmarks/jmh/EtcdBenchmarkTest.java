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
    store.accounts = 4;
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
      assertThat(store.bank.balance(Account.idOf(0)) + store.bank.balance(Account.idOf(1))
          + store.bank.balance(Account.idOf(2)) + store.bank.balance(Account.idOf(3)))
          .isEqualTo(4 * EtcdStore.OPENING_BALANCE);
    } finally {
      store.tearDown();
    }
  }
}
