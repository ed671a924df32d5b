package dev.tessera.kv.etcd;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.common.exception.EtcdExceptionFactory;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * How client failures are translated, for the shapes that cannot be produced on demand with a real
 * cluster: each failure is built exactly as jetcd and gRPC build it.
 */
class FailuresTest {
  static final KeySpace KEYS = new KeySpace("app/".getBytes(StandardCharsets.UTF_8), 1024);

  /**
   * gRPC-netty fails a request whose channel closes under it (a member killed mid-request) with
   * status UNKNOWN "channel closed", which jetcd wraps in an EtcdException; seen in a workload that
   * killed members while reading.
   */
  @Test
  void aChannelClosedUnderARequestIsUnavailableNotARefusal() {
    ExecutionException failure = new ExecutionException(EtcdExceptionFactory.toEtcdException(
        Status.UNKNOWN.withDescription("channel closed").asRuntimeException()));

    RuntimeException translated = Failures.translate("get", failure, KEYS);

    assertThat(translated).isInstanceOf(EtcdUnavailableException.class)
        .hasMessageContaining("Cannot get").hasMessageContaining("channel closed");
    assertThat(((EtcdUnavailableException) translated).operation()).isEqualTo("get");
    assertThat(Failures.outcomeOf(failure)).isEqualTo(Failures.Outcome.UNKNOWN);
  }

  @Test
  void aFailureWithoutAGrpcStatusIsNotMistakenForAnUnavailableCluster() {
    RuntimeException translated = Failures.translate(
        "get", new ExecutionException(new IllegalStateException("client bug")), KEYS);

    assertThat(translated).isInstanceOf(EtcdStoreException.class).hasMessageContaining("client bug");
  }
}
