package dev.tessera.spring;

import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The {@code tessera.*} properties: where the embedded LMDB store lives and how it is opened. Only
 * {@code tessera.path} is required; every other property left unset keeps {@link
 * LmdbOptions#defaults()}.
 *
 * <pre>
 * tessera.path=/var/lib/lending/store
 * tessera.durability=DURABLE          # or NO_SYNC
 * tessera.initial-map-size=256MB
 * tessera.max-map-size=64GB
 * tessera.max-readers=1024
 * </pre>
 *
 * <p>Immutable and thread-safe.
 *
 * <p>The {@code @param} texts below are the descriptions IDEs show: the build writes them into
 * {@code META-INF/spring-configuration-metadata.json}.
 *
 * @param path The directory of the embedded LMDB store, created if absent. Required unless the
 *     application defines its own KvStore bean.
 * @param durability What a commit promises about crashes: DURABLE (the default) flushes every
 *     commit to disk; NO_SYNC leaves flushing to the operating system, which survives a crash of
 *     the process, but an operating system crash or power loss may lose the latest commits.
 * @param initialMapSize The map size a new store starts with (default 64MB); the map grows as the
 *     store fills.
 * @param maxMapSize The largest the map may grow to (default 1TB): the most data the store holds.
 * @param maxReaders The number of LMDB reader slots, that is the snapshots, iterators and reads
 *     open at once (default 1024).
 */
@ConfigurationProperties("tessera")
public record TesseraProperties(
    Path path,
    Durability durability,
    DataSize initialMapSize,
    DataSize maxMapSize,
    Integer maxReaders) {

  /** {@return the LMDB options these properties describe; unset properties keep the defaults} */
  public LmdbOptions lmdbOptions() {
    LmdbOptions.Builder options = LmdbOptions.builder();
    if (durability != null) {
      options.durability(durability);
    }
    if (initialMapSize != null) {
      options.initialMapSize(initialMapSize.toBytes());
    }
    if (maxMapSize != null) {
      options.maxMapSize(maxMapSize.toBytes());
    }
    if (maxReaders != null) {
      options.maxReaders(maxReaders);
    }
    return options.build();
  }
}
