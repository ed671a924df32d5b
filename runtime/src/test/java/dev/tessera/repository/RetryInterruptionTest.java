package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.OperationInterruptedException;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A retry loop on an interrupted thread stops at its first wait and keeps the interrupt. */
class RetryInterruptionTest {
  @TempDir Path dir;
  LmdbKvStore store;
  UserRepository users;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    users = new UserRepository(store);
  }

  @AfterEach
  void close() {
    Thread.interrupted(); // never leave the test runner's thread interrupted
    store.close();
  }

  @Test
  void anInterruptedTransactionThatLostARaceStopsInsteadOfRetryingAndKeepsTheInterrupt() {
    users.insert(new User("a", "name a", "a@example.com", "blue"));
    AtomicInteger runs = new AtomicInteger();
    Thread.currentThread().interrupt();
    assertThatThrownBy(() -> Transactions.run(store, TransactionOptions.defaults().withMaxAttempts(1_000), tx -> {
      User a = users.in(tx).findById("a").orElseThrow();
      // a concurrent writer: every attempt loses its race
      Transactions.outside(
          () -> users.update(new User("a", "outside " + runs.incrementAndGet(), "a@example.com", "blue")));
      return users.in(tx).update(new User("a", a.name() + "!", "a@example.com", "blue"));
    })).isInstanceOf(OperationInterruptedException.class)
        .hasMessageContaining("interrupted");
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    assertThat(runs).hasValue(1);
  }
}
