package dev.tessera.kv.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.OperationInterruptedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The wait between attempts of an etcd operation stops an interrupted thread. */
class BackoffTest {
  @AfterEach
  void clearInterrupt() {
    Thread.interrupted(); // never leave the test runner's thread interrupted
  }

  @Test
  void anInterruptedThreadIsNotRetriedAndKeepsItsInterrupt() {
    Backoff backoff = new Backoff("An etcd commit");
    Thread.currentThread().interrupt();

    assertThatThrownBy(() -> backoff.pause(System.nanoTime() + 60_000_000_000L))
        .isInstanceOfSatisfying(OperationInterruptedException.class,
            e -> assertThat(e.operation()).isEqualTo("An etcd commit"))
        .hasMessageContaining("An etcd commit was interrupted");
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
  }
}
