package dev.tessera.kv.etcd.testing;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests a real 3-member etcd cluster: a test or constructor parameter of type {@link
 * EtcdCluster} receives one cluster shared by every test class of the JVM (started once, stopped
 * when the JVM exits), so tests keep to their own key prefix. A test that kills members starts its
 * own cluster with {@link EtcdCluster#start(int)} after calling {@link #requireEtcd()}.
 *
 * <p>Without etcd installed the tests are skipped with a message saying how to install it, except
 * when the environment variable {@code CI} is {@code true}: there they fail, so a CI machine that
 * lost its etcd does not pass silently.
 *
 * <pre>{@code
 * @ExtendWith(EtcdClusterExtension.class)
 * class MyTest {
 *   @Test void works(EtcdCluster cluster) { ... cluster.endpoints() ... }
 * }
 * }</pre>
 *
 * <p>Thread-safe (JUnit's store creates the shared cluster once).
 */
public final class EtcdClusterExtension implements BeforeAllCallback, ParameterResolver {
  private static EtcdCluster shared;

  /**
   * Skips the calling test when etcd is not installed, or fails it when {@code CI=true}.
   *
   * @throws IllegalStateException in CI without etcd
   */
  public static void requireEtcd() {
    if (EtcdBinary.find().isPresent()) {
      return;
    }
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new IllegalStateException(EtcdBinary.MISSING + " (CI=true: the etcd tests must run)");
    }
    Assumptions.abort(EtcdBinary.MISSING);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    requireEtcd();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == EtcdCluster.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return shared(context);
  }

  /** The cluster shared by the whole run, started on first use. */
  public static EtcdCluster shared(ExtensionContext context) {
    return shared();
  }

  /**
   * The cluster shared by every test of this JVM (also by store factories that have no extension
   * context), started on first use and stopped, its data removed, when the JVM exits. Skips the
   * caller without etcd (fails it in CI).
   */
  public static synchronized EtcdCluster shared() {
    requireEtcd();
    if (shared == null) {
      EtcdCluster cluster = EtcdCluster.start(3);
      Runtime.getRuntime().addShutdownHook(new Thread(cluster::close, "etcd-shared-cluster-stop"));
      shared = cluster;
    }
    return shared;
  }
}
