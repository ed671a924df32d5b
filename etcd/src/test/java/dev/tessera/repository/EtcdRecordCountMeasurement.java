package dev.tessera.repository;

import dev.tessera.kv.etcd.EtcdKvStore;
import dev.tessera.kv.etcd.EtcdOptions;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The record count's effect quoted in docs/scaling.md: 8 threads inserting through a repository
 * (record, a unique and a non-unique index entry, the record count) on a 3-member loopback etcd
 * cluster, with the count on one key ({@code counterShards(1)}, as before sharding) and spread over
 * the default 16 shards, alternated over several rounds so that the machine's load falls on both.
 * Off by default; run with:
 *
 * <pre>
 * mvn -o -pl etcd -am verify -Dtest=EtcdRecordCountMeasurement -Dsurefire.failIfNoSpecifiedTests=false \
 *     -DargLine=-Dtessera.etcd.measure=true
 * </pre>
 */
class EtcdRecordCountMeasurement {
  private static final int THREADS = 8;
  private static final int ROUNDS = 3;
  private static final long SECONDS = 5;

  @Test
  void measure() throws Exception {
    Assumptions.assumeTrue(Boolean.getBoolean("tessera.etcd.measure"),
        "measurement run only with -Dtessera.etcd.measure=true");
    EtcdClusterExtension.requireEtcd();
    try (EtcdCluster cluster = EtcdCluster.start(3)) {
      double[] total = new double[2];
      int[] shards = {1, EtcdOptions.DEFAULT_COUNTER_SHARDS};
      for (int round = 0; round < ROUNDS; round++) {
        for (int s = 0; s < shards.length; s++) {
          try (EtcdKvStore store = EtcdKvStore.connect(EtcdOptions.builder(cluster.endpoints())
              .keyPrefix("count-" + shards[s] + "-" + round + "/").counterShards(shards[s]).build())) {
            double perSecond = inserts(new UserRepository(store), "r" + round);
            total[s] += perSecond;
            System.out.printf(Locale.ROOT, "round %d, count on %2d shard(s): %.0f inserts/s%n",
                round, shards[s], perSecond);
          }
        }
      }
      for (int s = 0; s < shards.length; s++) {
        System.out.printf(Locale.ROOT, "%d threads, count on %2d shard(s): %.0f inserts/s (mean of %d)%n",
            THREADS, shards[s], total[s] / ROUNDS, ROUNDS);
      }
    }
  }

  private static double inserts(UserRepository users, String run) throws Exception {
    AtomicLong done = new AtomicLong();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    List<Future<?>> tasks = new ArrayList<>();
    long[] deadline = new long[1];
    for (int t = 0; t < THREADS; t++) {
      int thread = t;
      tasks.add(pool.submit(() -> {
        start.await();
        for (int i = 0; System.nanoTime() < deadline[0]; i++) {
          String id = run + "-" + thread + "-" + i;
          users.insert(new User(id, "n" + i, id + "@example.com", "c" + (i % 10)));
          done.incrementAndGet();
        }
        return null;
      }));
    }
    deadline[0] = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
    start.countDown();
    for (Future<?> task : tasks) {
      task.get();
    }
    pool.shutdown();
    return done.get() / (double) SECONDS;
  }
}
