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
 * @param path the store's directory, created if absent
 * @param durability what a commit promises about crashes ({@link Durability})
 * @param initialMapSize the map size a new store starts with
 * @param maxMapSize the largest the map may grow to
 * @param maxReaders the number of LMDB reader slots (snapshots, iterators and reads open at once)
 */
@ConfigurationProperties("tessera")
public record TesseraProperties(
    Path path,
    Durability durability,
    DataSize initialMapSize,
    DataSize maxMapSize,
    Integer maxReaders) {

  /** The LMDB options these properties describe; unset properties keep the defaults. */
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
