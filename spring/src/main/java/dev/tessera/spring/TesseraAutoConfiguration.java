package dev.tessera.spring;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.repository.RepositoryOptions;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

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
 *       KvStore} and {@code RepositoryOptions} beans ({@link RepositoryRegistrar}).
 * </ul>
 *
 * <p>Thread-safe: Spring calls it while it builds the context.
 */
@AutoConfiguration
@EnableConfigurationProperties(TesseraProperties.class)
@Import(RepositoryRegistrar.class)
public class TesseraAutoConfiguration {
  /** Created by Spring. */
  public TesseraAutoConfiguration() {}

  /**
   * {@return the LMDB store at {@code tessera.path}, opened with the other {@code tessera.*}
   * properties}
   *
   * @param properties the {@code tessera.*} properties
   * @throws IllegalStateException if {@code tessera.path} is not set
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public KvStore tesseraStore(TesseraProperties properties) {
    if (properties.path() == null) {
      throw new IllegalStateException(
          "tessera.path is not set: set it to the directory of the Tessera store (created if"
              + " absent), or define your own KvStore bean");
    }
    return LmdbKvStore.open(properties.path(), properties.lmdbOptions());
  }

  /**
   * {@return how repositories build their indexes: the defaults, unless the application defines its
   * own}
   */
  @Bean
  @ConditionalOnMissingBean
  public RepositoryOptions tesseraRepositoryOptions() {
    return RepositoryOptions.defaults();
  }
}
