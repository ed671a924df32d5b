package dev.tessera.kv.etcd;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measurements quoted in docs/scaling.md, on a 3-member loopback etcd cluster beside a durable
 * LMDB store: commits per second (an insert: check absent + record + index entry) with 1 and 8
 * threads, with and without one shared counter key, and point-read latency. Off by default (it
 * takes about a minute); run with:
 *
 * <pre>
 * mvn -o -pl etcd -am verify -Dtest=EtcdThroughputMeasurement -Dsurefire.failIfNoSpecifiedTests=false \
 *     -DargLine=-Dtessera.etcd.measure=true
 * </pre>
 */
class EtcdThroughputMeasurement {
  private static final long SECONDS = 5;

  @TempDir Path directory;

  @Test
  void measure() throws Exception {
    Assumptions.assumeTrue(Boolean.getBoolean("tessera.etcd.measure"),
        "measurement run only with -Dtessera.etcd.measure=true");
    EtcdClusterExtension.requireEtcd();
    try (EtcdCluster cluster = EtcdCluster.start(3);
        EtcdKvStore etcd = EtcdKvStore.connect(EtcdOptions.builder(cluster.endpoints())
            .keyPrefix("measure/").build());
        LmdbKvStore lmdb = LmdbKvStore.open(directory.resolve("lmdb"))) {
      for (int threads : new int[] {1, 8, 32}) {
        report("etcd insert, " + threads + " threads", inserts(etcd, threads, false, "a" + threads));
      }
      report("etcd insert + shared counter, 8 threads", inserts(etcd, 8, true, "c8"));
      for (int threads : new int[] {1, 8}) {
        report("LMDB insert (durable), " + threads + " threads",
            inserts(lmdb, threads, false, "a" + threads));
      }
      report("LMDB insert + shared counter, 8 threads", inserts(lmdb, 8, true, "c8"));
      long start = System.nanoTime();
      int reads = 2_000;
      for (int i = 0; i < reads; i++) {
        etcd.get(Tuple.of("rec", "a1", 0, i % 100));
      }
      System.out.printf(Locale.ROOT, "etcd point read, 1 thread: %.2f ms each%n",
          (System.nanoTime() - start) / 1e6 / reads);
    }
  }

  private static double inserts(KvStore store, int threads, boolean sharedCounter, String run)
      throws Exception {
    AtomicLong done = new AtomicLong();
    long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<?>> tasks = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      tasks.add(pool.submit(() -> {
        for (int i = 0; System.nanoTime() < deadline; i++) {
          Tuple key = Tuple.of("rec", run, thread, i);
          var op = store.atomic().check(key, null).set(key, new byte[100])
              .set(Tuple.of("rec_by_name", run, "n" + thread + "-" + i, thread, i), new byte[0]);
          if (sharedCounter) {
            op.sum(Tuple.of("count", run), 1);
          }
          if (op.commit().ok()) {
            done.incrementAndGet();
          }
        }
        return null;
      }));
    }
    for (Future<?> task : tasks) {
      task.get();
    }
    pool.shutdown();
    return done.get() / (double) SECONDS;
  }

  private static void report(String what, double perSecond) {
    System.out.printf(Locale.ROOT, "%s: %.0f commits/s%n", what, perSecond);
  }
}
