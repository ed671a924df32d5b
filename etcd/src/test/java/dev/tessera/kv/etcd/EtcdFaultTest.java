package dev.tessera.kv.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CommitResult;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.etcd.testing.EtcdCluster;
import dev.tessera.kv.etcd.testing.EtcdClusterExtension;
import dev.tessera.tuple.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Commits under member failures on a cluster of its own: kill -9 of the leader or a follower under
 * concurrent writers loses no acknowledged commit and never reports a false conflict from a retried
 * commit; a commit whose outcome cannot be settled says so, and is settled later.
 */
class EtcdFaultTest {
  /**
   * How long the writers may take to make progress (warm up, carry on after a kill, stop). Generous:
   * the latches return as soon as the progress is made, and a loaded machine elects slowly.
   */
  private static final long PROGRESS_DEADLINE_SECONDS = 120;

  private static EtcdCluster cluster;

  @BeforeAll
  static void startCluster() {
    EtcdClusterExtension.requireEtcd();
    cluster = EtcdCluster.start(3);
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static EtcdKvStore connect(String prefix, Duration requestTimeout, Duration outcomeTimeout) {
    return EtcdKvStore.connect(EtcdOptions.builder(cluster.endpoints()).keyPrefix(prefix)
        .requestTimeout(requestTimeout).outcomeTimeout(outcomeTimeout).build());
  }

  @Test
  void killingTheLeaderUnderEightWritersLosesNoAcknowledgedCommit() throws Exception {
    killUnderWriters("leader");
  }

  @Test
  void killingAFollowerUnderEightWritersLosesNoAcknowledgedCommit() throws Exception {
    killUnderWriters("follower");
  }

  private void killUnderWriters(String victimRole) throws Exception {
    // Short requests, so that a request to the killed member fails fast and is retried; a generous
    // outcome timeout, so that a loaded machine's slow election settles every commit in time.
    try (EtcdKvStore store = connect("fault-" + victimRole + "/", Duration.ofSeconds(2),
        Duration.ofSeconds(90))) {
      int writers = 8;
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger acknowledgedTotal = new AtomicInteger();
      CountDownLatch warmedUp = new CountDownLatch(writers);
      // Counted down by every acknowledged commit; replaced by a latch of 100 at the kill.
      AtomicReference<CountDownLatch> afterKill = new AtomicReference<>(new CountDownLatch(0));
      List<String> falseConflicts = new ArrayList<>();
      List<Tuple> acknowledged = java.util.Collections.synchronizedList(new ArrayList<>());
      ConcurrentHashMap<String, Throwable> failures = new ConcurrentHashMap<>();
      ExecutorService pool = Executors.newFixedThreadPool(writers);
      List<Future<?>> tasks = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        tasks.add(pool.submit(() -> {
          for (int i = 0; !stop.get(); i++) {
            Tuple key = Tuple.of("item", writer, i);
            try {
              // An insert: the key must be absent. Only this writer ever writes it, so a failed
              // check could only come from a retried commit that had in fact landed.
              CommitResult result = store.atomic().check(key, null).set(key, new byte[] {1})
                  .sum(Tuple.of("count", writer), 1).commit();
              if (!result.ok()) {
                synchronized (falseConflicts) {
                  falseConflicts.add(key + " failed its absent check: " + result);
                }
              } else {
                acknowledged.add(key);
                acknowledgedTotal.incrementAndGet();
                afterKill.get().countDown();
              }
            } catch (CommitOutcomeUnknownException e) {
              failures.put(key.toString(), e);
            }
            if (i == 5) {
              warmedUp.countDown();
            }
          }
          return null;
        }));
      }
      assertThat(warmedUp.await(PROGRESS_DEADLINE_SECONDS, TimeUnit.SECONDS)).as("writers warmed up").isTrue();
      EtcdCluster.Member victim = victimRole.equals("leader") ? cluster.leader() : cluster.follower();
      afterKill.set(new CountDownLatch(100));
      int before = acknowledgedTotal.get();
      cluster.kill(victim);
      // writers make progress without the killed member
      boolean progressed = afterKill.get().await(PROGRESS_DEADLINE_SECONDS, TimeUnit.SECONDS);
      cluster.restart(victim);
      stop.set(true);
      for (Future<?> task : tasks) {
        task.get(PROGRESS_DEADLINE_SECONDS, TimeUnit.SECONDS);
      }
      pool.shutdown();

      assertThat(progressed).as("100 commits within %d s of killing the %s (%d made)", PROGRESS_DEADLINE_SECONDS, victimRole,
          acknowledgedTotal.get() - before).isTrue();
      assertThat(falseConflicts).isEmpty();
      assertThat(failures).isEmpty();
      List<KvEntry> stored = store.getMany(List.copyOf(acknowledged));
      assertThat(stored).allMatch(KvEntry::exists);
      // Each writer's counter equals its acknowledged commits: no commit applied twice or lost.
      for (int w = 0; w < writers; w++) {
        int writer = w;
        long mine = acknowledged.stream().filter(k -> k.getLong(1) == writer).count();
        assertThat(dev.tessera.kv.StoreContents.u64(store.get(Tuple.of("count", w)).value()))
            .as("counter of writer " + w).isEqualTo(mine);
      }
    }
  }

  @Test
  void aCommitWithoutAMajorityHasAnUnknownOutcomeThatIsSettledLater() {
    try (EtcdKvStore store = connect("unknown/", Duration.ofSeconds(3), Duration.ofSeconds(4))) {
      store.atomic().set(Tuple.of("before"), new byte[] {1}).commit();
      List<EtcdCluster.Member> killed = new ArrayList<>();
      EtcdCluster.Member survivor = cluster.leader();
      for (EtcdCluster.Member member : cluster.members()) {
        if (member != survivor) {
          cluster.kill(member);
          killed.add(member);
        }
      }
      Tuple key = Tuple.of("during");
      CommitOutcomeUnknownException unknown = (CommitOutcomeUnknownException) catchThrown(
          () -> store.atomic().check(key, null).set(key, new byte[] {2}).commit());
      assertThat(unknown.getMessage()).contains(unknown.commitId())
          .contains("resolveOutcome").contains("all of its writes or none");
      assertThat(unknown.getCause()).isInstanceOf(dev.tessera.TesseraException.class);

      killed.forEach(cluster::restart);
      // Settled through a second client with generous timeouts: the short ones above only make the
      // commit without a majority give up quickly, and a loaded machine elects a leader slowly.
      try (EtcdKvStore settler = connect("unknown/", Duration.ofSeconds(30), Duration.ofSeconds(90))) {
        Optional<dev.tessera.tuple.Versionstamp> outcome = settler.resolveOutcome(unknown.commitId());
        KvEntry entry = settler.get(key);
        assertThat(entry.exists()).isEqualTo(outcome.isPresent());
        outcome.ifPresent(stamp -> assertThat(entry.versionstamp()).isEqualTo(stamp));
        // Settled for good: asking again gives the same answer.
        assertThat(settler.resolveOutcome(unknown.commitId())).isEqualTo(outcome);
        assertThat(settler.atomic().set(Tuple.of("after"), new byte[] {3}).commit().ok()).isTrue();
      }
    }
  }

  @Test
  void resolvingAMalformedCommitIdIsRefused() {
    try (EtcdKvStore store = connect("malformed/", Duration.ofSeconds(2), Duration.ofSeconds(5))) {
      assertThatThrownBy(() -> store.resolveOutcome("nope"))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32 hex digits");
    }
  }

  private static Throwable catchThrown(Runnable action) {
    try {
      action.run();
    } catch (RuntimeException e) {
      assertThat(e).isInstanceOf(CommitOutcomeUnknownException.class);
      return e;
    }
    throw new AssertionError("The commit did not fail without a majority");
  }
}
