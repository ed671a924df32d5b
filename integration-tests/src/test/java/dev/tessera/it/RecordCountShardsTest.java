package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.internal.kv.ReservedKeys;
import dev.tessera.kv.AtomicOperation;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.repository.IndexVerification;
import dev.tessera.repository.Transactions;
import dev.tessera.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The record count kept in shards (the reserved count keys, one per shard) on every backend:
 * stores written with the older single count key are counted, verified and repaired without a
 * rewrite, concurrent writers on etcd add to different shards, and a transaction counts through its
 * own view.
 */
@ParameterizedClass
@EnumSource(StoreBackend.class)
class RecordCountShardsTest {
  private static final Tuple OLD_KEY = ReservedKeys.recordCount("user");

  @Parameter StoreBackend backend;
  @TempDir Path directory;
  private KvStore store;
  private UserRepository users;

  @BeforeEach
  void open() {
    store = backend.open(directory);
    users = new UserRepository(store);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void aStoreWithTheOlderSingleCountKeyIsCountedVerifiedAndWrittenOn() {
    insertUsers(0, 3);
    rewriteAsOlderStore(3);
    assertThat(countKeys()).containsExactly(OLD_KEY);

    assertThat(users.count()).isEqualTo(3);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();

    insertUsers(3, 2);
    assertThat(users.delete("u0")).isTrue();
    assertThat(users.count()).isEqualTo(4);
    assertThat(countKeys()).startsWith(OLD_KEY).hasSizeGreaterThan(1);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void repairOfAWrongOlderCountLeavesOneShardHoldingTheNumber() {
    insertUsers(0, 5);
    rewriteAsOlderStore(9);
    assertThat(users.count()).isEqualTo(9);

    IndexVerification found = users.indexAdmin().verifyIndexes();
    assertThat(found.records().countMatches()).isFalse();
    assertThat(found.records().storedCount()).hasValue(9);
    assertThat(found.records().records()).isEqualTo(5);

    assertThat(users.indexAdmin().repairIndexes().records().countRebuilt()).isTrue();
    assertThat(countKeys()).containsExactly(ReservedKeys.recordCountShard("user", 0));
    assertThat(users.count()).isEqualTo(5);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
  }

  @Test
  void concurrentWritersAddToTheirOwnShardsAndTheSumIsExact() throws Exception {
    int threads = 8;
    int perThread = 5;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> writers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int first = t * perThread;
        writers.add(pool.submit(() -> {
          start.await();
          insertUsers(first, perThread);
          return null;
        }));
      }
      start.countDown();
      for (Future<?> writer : writers) {
        writer.get(2, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(users.delete("u0")).isTrue();

    assertThat(users.count()).isEqualTo(threads * perThread - 1);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
    if (store.counterShards() == 1) {
      assertThat(countKeys()).containsExactly(ReservedKeys.recordCountShard("user", 0));
    } else {
      // eight pool threads have eight different ids: at least two land on different shards
      assertThat(countKeys()).hasSizeGreaterThan(1).allMatch(k -> k.size() == 4);
    }
  }

  @Test
  void aTransactionCountsItsOwnInsertsOverTheOlderKey() {
    insertUsers(0, 2);
    rewriteAsOlderStore(2);

    long inside = Transactions.run(store, tx -> {
      UserRepository view = users.in(tx);
      view.insert(new User("t1", "T", "t1@example.com", "green"));
      return view.count();
    });

    assertThat(inside).isEqualTo(3);
    assertThat(users.count()).isEqualTo(3);
  }

  private void insertUsers(int first, int n) {
    for (int i = first; i < first + n; i++) {
      users.insert(new User("u" + i, "User " + i, "u" + i + "@example.com", "blue"));
    }
  }

  /** Replaces the count keys by the single key a store written before sharding holds. */
  private void rewriteAsOlderStore(long count) {
    AtomicOperation op = store.atomic();
    for (Tuple key : countKeys()) {
      op.delete(key);
    }
    op.set(OLD_KEY, ByteBuffer.allocate(Long.BYTES).putLong(count).array());
    assertThat(op.commit().ok()).isTrue();
  }

  private List<Tuple> countKeys() {
    List<Tuple> keys = new ArrayList<>();
    try (KvIterator it = store.list(ListSelector.of(ReservedKeys.recordCountRange("user")))) {
      it.forEachRemaining((KvEntry e) -> keys.add(e.key()));
    }
    return keys;
  }
}
