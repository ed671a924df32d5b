package dev.tessera.spring;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.TransactionOptions;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigureOrder;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.transaction.TransactionManager;
import org.springframework.transaction.annotation.AbstractTransactionManagementConfiguration;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * Spring Boot auto-configuration of Tessera:
 *
 * <ul>
 *   <li>a {@link KvStore} bean: the embedded LMDB store at {@code tessera.path} ({@link
 *       TesseraProperties}), closed when the context closes. It backs off when the application
 *       defines its own {@code KvStore} bean (an etcd store, or an LMDB store opened by hand);
 *   <li>a {@link RepositoryOptions} bean, {@link RepositoryOptions#defaults()}, which backs off when
 *       the application defines its own;
 *   <li>a bean for every generated repository on the class path, constructed with the {@code
 *       KvStore} and {@code RepositoryOptions} beans ({@link RepositoryRegistrar});
 *   <li>a {@link TesseraTransactionManager} on the {@code KvStore} bean, so that {@code
 *       @Transactional} methods run in one Tessera transaction, with {@code @Transactional} turned
 *       on. It backs off when the application defines a transaction manager of its own; a {@code
 *       TransactionOptions} bean, if any, sets its limits.
 * </ul>
 *
 * <p>Missing or wrong {@code tessera.*} settings fail the start with a short report ({@link
 * TesseraFailureAnalyzer}).
 *
 * <p>Thread-safe: Spring calls it while it builds the context.
 */
@AutoConfiguration
@AutoConfigureOrder(Ordered.LOWEST_PRECEDENCE) // after the auto-configured transaction managers
@EnableConfigurationProperties(TesseraProperties.class)
@Import(RepositoryRegistrar.class)
public class TesseraAutoConfiguration {
  private static final String PATH = "tessera.path";

  /** Created by Spring. */
  public TesseraAutoConfiguration() {}

  /**
   * {@return the LMDB store at {@code tessera.path}, opened with the other {@code tessera.*}
   * properties}
   *
   * @param properties the {@code tessera.*} properties
   * @throws TesseraSettingException if {@code tessera.path} is not set, is a file, or names a
   *     directory that cannot be created or opened
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public KvStore tesseraStore(TesseraProperties properties) {
    Path path = properties.path();
    if (path == null) {
      throw new TesseraSettingException(PATH, null, "the starter needs the directory of the store",
          "Set tessera.path to the directory of the Tessera store (created if absent), or define"
              + " your own KvStore bean", null);
    }
    if (Files.exists(path) && !Files.isDirectory(path)) {
      throw new TesseraSettingException(PATH, path.toString(),
          "it is a file, and an LMDB store is a directory",
          "Set tessera.path to a directory (created if absent), not to a file in it", null);
    }
    try {
      return LmdbKvStore.open(path, properties.lmdbOptions());
    } catch (UncheckedIOException e) {
      throw new TesseraSettingException(PATH, path.toString(),
          "the directory cannot be created or opened",
          "Set tessera.path to a directory this process may create and write", e);
    }
  }

  /**
   * The transaction manager behind {@code @Transactional}: Tessera transactions on the {@code
   * KvStore} bean (see {@link TesseraTransactionManager}). Backs off when the application defines a
   * transaction manager of its own (a JDBC or JPA one, say); this auto-configuration comes after
   * theirs. To use both, define a {@code TesseraTransactionManager} bean and name it in {@code
   * @Transactional("tesseraTransactionManager")}.
   *
   * @param store the store
   * @param options the limits of its transactions, if the application defines them
   * @return the transaction manager
   */
  @Bean
  @ConditionalOnMissingBean(TransactionManager.class)
  public TesseraTransactionManager tesseraTransactionManager(
      KvStore store, ObjectProvider<TransactionOptions> options) {
    return new TesseraTransactionManager(store, options.getIfAvailable(TransactionOptions::defaults));
  }

  /**
   * Turns {@code @Transactional} on, unless the application (or another auto-configuration) did:
   * class-based proxies, as Spring Boot's own transaction auto-configuration makes.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnMissingBean(AbstractTransactionManagementConfiguration.class)
  @EnableTransactionManagement(proxyTargetClass = true)
  public static class EnableTransactions {
    /** Created by Spring. */
    public EnableTransactions() {}
  }

  /**
   * How repositories build their indexes: the defaults, unless the application defines its own.
   *
   * @return the default repository options
   */
  @Bean
  @ConditionalOnMissingBean
  public RepositoryOptions tesseraRepositoryOptions() {
    return RepositoryOptions.defaults();
  }
}
