package dev.tessera.it;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.etcd.EtcdKvStore;
import dev.tessera.kv.etcd.EtcdOptions;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

/**
 * The key store backends a suite runs on, as a class parameter:
 * {@code @ParameterizedClass @EnumSource(StoreBackend.class)} and {@code @Parameter StoreBackend
 * backend}, then {@code backend.open(directory)} for an empty store. Without etcd installed the etcd
 * runs are skipped (they fail when {@code CI=true}).
 */
public enum StoreBackend {
  /** An embedded LMDB store in the test's directory. */
  LMDB {
    @Override
    public KvStore open(Path directory) {
      return LmdbKvStore.open(directory);
    }

    @Override
    public KvStore open(Path directory, Durability durability) {
      return LmdbKvStore.open(directory, LmdbOptions.builder().durability(durability).build());
    }
  },
  /** A store under a fresh key prefix on the JVM's shared 3-member etcd test cluster. */
  ETCD {
    @Override
    public KvStore open(Path directory) {
      return EtcdKvStore.connect(EtcdOptions.builder(EtcdClusterExtension.shared().endpoints())
          .keyPrefix("it-" + UUID.randomUUID() + "/")
          // Behaviour tests, not timing ones: a loaded CI machine may keep etcd from answering in 5 s.
          .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30)).build());
    }

    @Override
    public KvStore open(Path directory, Durability durability) {
      return open(directory); // every etcd commit is on a majority's disks
    }
  };

  /** Opens an empty store of this backend ({@code directory} is used by embedded backends). */
  public abstract KvStore open(Path directory);

  /** Opens an empty store whose commits are as durable as {@code durability} (for LMDB, its mode). */
  public abstract KvStore open(Path directory, Durability durability);
}
