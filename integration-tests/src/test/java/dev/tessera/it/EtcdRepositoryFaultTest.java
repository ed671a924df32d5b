package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.etcd.EtcdKvStore;
import dev.tessera.kv.etcd.EtcdOptions;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The generated repository on etcd while the leader is killed with SIGKILL under 8 inserting
 * threads: every acknowledged insert is found by id, by its unique e-mail and by its colour index,
 * the record count matches, and no insert fails with a false "already exists" from a commit that had
 * in fact landed.
 */
class EtcdRepositoryFaultTest {

  @Test
  void leaderKilledUnderEightInsertingThreadsLosesNothingAndKeepsIndexesConsistent()
      throws Exception {
    EtcdClusterExtension.requireEtcd();
    try (EtcdCluster cluster = EtcdCluster.start(3);
        EtcdKvStore store = EtcdKvStore.connect(EtcdOptions.builder(cluster.endpoints())
            .keyPrefix("users/").requestTimeout(Duration.ofSeconds(2)).build())) {
      UserRepository users = new UserRepository(store);
      int writers = 8;
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger inserted = new AtomicInteger();
      CountDownLatch warmedUp = new CountDownLatch(writers);
      // Counted down by every acknowledged insert; replaced by a latch of 40 at the kill.
      AtomicReference<CountDownLatch> afterKill = new AtomicReference<>(new CountDownLatch(0));
      List<User> acknowledged = Collections.synchronizedList(new ArrayList<>());
      List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
      ExecutorService pool = Executors.newFixedThreadPool(writers);
      List<Future<?>> tasks = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        tasks.add(pool.submit(() -> {
          for (int i = 0; !stop.get(); i++) {
            User user = new User("w" + writer + "-" + i, "n", "w" + writer + "." + i + "@x.org",
                i % 2 == 0 ? "red" : "blue");
            try {
              users.insert(user);
              acknowledged.add(user);
              inserted.incrementAndGet();
              afterKill.get().countDown();
            } catch (RuntimeException e) {
              failures.add(e); // a false EntityExists would land here
            }
            if (i == 3) {
              warmedUp.countDown();
            }
          }
          return null;
        }));
      }
      assertThat(warmedUp.await(2, TimeUnit.MINUTES)).as("writers warmed up").isTrue();
      EtcdCluster.Member leader = cluster.leader();
      afterKill.set(new CountDownLatch(40));
      int before = inserted.get();
      cluster.kill(leader);
      // the writers carry on with the two remaining members
      // Generous: the latch returns as soon as the 40 inserts are made, and a loaded machine elects slowly.
      boolean progressed = afterKill.get().await(2, TimeUnit.MINUTES);
      stop.set(true);
      for (Future<?> task : tasks) {
        task.get(2, TimeUnit.MINUTES);
      }
      pool.shutdown();
      cluster.restart(leader);

      assertThat(failures).isEmpty();
      assertThat(progressed).as("40 inserts within 2 minutes of killing the leader (%d made)",
          inserted.get() - before).isTrue();
      assertThat(users.count()).isEqualTo(acknowledged.size());
      for (User user : acknowledged) {
        assertThat(users.findById(user.id())).contains(user);
        assertThat(users.findByEmail(user.email())).contains(user);
      }
      long red = acknowledged.stream().filter(u -> u.favoriteColor().equals("red")).count();
      assertThat(users.countByFavoriteColor("red")).isEqualTo(red);
    }
  }
}
