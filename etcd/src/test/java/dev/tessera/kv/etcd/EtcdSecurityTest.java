package dev.tessera.kv.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import dev.tessera.kv.etcd.testing.EtcdSecurity;
import dev.tessera.kv.etcd.testing.TestCertificates;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import io.etcd.jetcd.Auth;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.auth.Permission;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster as deployments run it: TLS on the client endpoints with client certificates required,
 * and etcd authentication with a role limited to the store's key prefix.
 */
class EtcdSecurityTest {
  private static final String APP_PASSWORD = "app-secret-4711";
  private static final String WRONG_PASSWORD = "wrong-secret-0815";

  @TempDir static Path directory;
  private static TestCertificates certs;
  private static EtcdCluster cluster;

  @BeforeAll
  static void startSecuredCluster() throws Exception {
    EtcdClusterExtension.requireEtcd();
    certs = TestCertificates.create(directory.resolve("certs"), "tessera-test-ca");
    cluster = EtcdCluster.start(1, new EtcdSecurity(
        certs.ca(), certs.serverCertificate(), certs.serverKey(), true));
    try (Client admin = Client.builder().endpoints(cluster.endpoints().toArray(String[]::new))
        .sslContext(ssl -> ssl.trustManager(certs.ca().toFile())
            .keyManager(certs.clientCertificate().toFile(), certs.clientKey().toFile()))
        .build()) {
      Auth auth = admin.getAuthClient();
      await(auth.userAdd(bytes("root"), bytes("root-secret")));
      await(auth.roleAdd(bytes("root")));
      await(auth.userGrantRole(bytes("root"), bytes("root")));
      grantPrefix(auth, "app", "app/", "app", APP_PASSWORD);
      grantPrefix(auth, "other", "other/", "stranger", "stranger-secret");
      await(auth.authEnable());
    }
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static void grantPrefix(Auth auth, String role, String prefix, String user, String password)
      throws Exception {
    await(auth.roleAdd(bytes(role)));
    byte[] end = prefix.getBytes(StandardCharsets.UTF_8);
    end[end.length - 1]++;
    await(auth.roleGrantPermission(bytes(role), bytes(prefix), ByteSequence.from(end),
        Permission.Type.READWRITE));
    await(auth.userAdd(bytes(user), bytes(password)));
    await(auth.userGrantRole(bytes(user), bytes(role)));
  }

  private static EtcdOptions.Builder tls(String user, String password) {
    return EtcdOptions.builder(cluster.endpoints()).keyPrefix("app/")
        .trustedCertificates(certs.ca())
        .clientCertificate(certs.clientCertificate(), certs.clientKey())
        .credentials(user, password.toCharArray())
        // Generous: TLS and authentication are slow on a loaded machine, and a refusal comes at once.
        .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30));
  }

  @Test
  void aUserWhoseRoleCoversThePrefixUsesTheWholeStoreOverTls() {
    try (EtcdKvStore store = EtcdKvStore.connect(tls("app", APP_PASSWORD).build())) {
      Tuple key = Tuple.of("user", 1);
      assertThat(store.atomic().check(key, null).set(key, bytes("ada").getBytes())
          .sum(Tuple.of("count"), 1).commit().ok()).isTrue();
      KvEntry entry = store.get(key);
      assertThat(entry.value()).isEqualTo(bytes("ada").getBytes());
      try (KvSnapshot snapshot = store.snapshot();
          KvIterator it = snapshot.list(ListSelector.of(TupleRange.prefix(Tuple.of("user"))))) {
        assertThat(it.stream().count()).isEqualTo(1);
      }
      assertThat(store.atomic().checkRange(TupleRange.prefix(Tuple.of("user")), List.of(entry))
          .commit().ok()).isTrue();
      // Settling an outcome writes a marker under the prefix: allowed too.
      assertThat(store.resolveOutcome("0123456789abcdef0123456789abcdef")).isEmpty();
    }
  }

  @Test
  void aWrongPasswordGivesAClearErrorWithoutThePassword() {
    EtcdOptions options = tls("app", WRONG_PASSWORD).build();
    assertThat(options.toString()).doesNotContain(WRONG_PASSWORD).contains("password=***");
    assertThatThrownBy(() -> EtcdKvStore.connect(options))
        .isInstanceOf(EtcdAccessDeniedException.class)
        .hasMessageContaining("user name or password was refused")
        .satisfies(e -> assertThat(fullText(e)).doesNotContain(WRONG_PASSWORD));
  }

  @Test
  void aRoleWithoutAccessToThePrefixGivesAClearError() {
    assertThatThrownBy(() -> EtcdKvStore.connect(tls("stranger", "stranger-secret").build()))
        .isInstanceOf(EtcdAccessDeniedException.class)
        .hasMessageContaining("permission denied")
        .hasMessageContaining("'app/'");
  }

  @Test
  void aServerCertificateFromAnotherCaIsRefused() {
    TestCertificates other = TestCertificates.create(directory.resolve("other"), "some-other-ca");
    EtcdOptions options = EtcdOptions.builder(cluster.endpoints()).keyPrefix("app/")
        .trustedCertificates(other.ca())
        .clientCertificate(other.clientCertificate(), other.clientKey())
        .credentials("app", APP_PASSWORD.toCharArray())
        .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30)).build();
    // Generous timeouts: the refusal comes at the handshake, and a loaded machine's slow handshake
    // must not turn it into a timeout (EtcdUnavailableException).
    assertThatThrownBy(() -> EtcdKvStore.connect(options))
        .isInstanceOf(EtcdAccessDeniedException.class)
        .hasMessageContaining("TLS")
        .hasMessageContaining(cluster.endpoints().get(0))
        .hasMessageContaining("not trusted")
        .hasMessageContaining(other.ca().toString())
        .satisfies(e -> assertThat(fullText(e)).doesNotContain(APP_PASSWORD));
  }

  private static String fullText(Throwable e) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      text.append(t).append('\n');
    }
    return text.toString();
  }

  private static ByteSequence bytes(String s) {
    return ByteSequence.from(s, StandardCharsets.UTF_8);
  }

  private static <T> T await(java.util.concurrent.CompletableFuture<T> future) throws Exception {
    return future.get(20, TimeUnit.SECONDS);
  }
}
