package dev.tessera.testkit.bank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.catalog.IndexState;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvIterator;
import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.etcd.SnapshotCompactedException;
import dev.tessera.repository.IndexBuildListener;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.testkit.SimulatedKvStore;
import dev.tessera.tuple.Tuple;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Found by the simulation (seed 36 of the CI set, before the fix): when a background build has
 * finished, it reads the index states again to tell waiters; a store read failing then (etcd
 * compacted the snapshot, a member did not answer) escaped the build's thread as an uncaught
 * exception, and waiters were not woken.
 */
class BuildNotificationFailureTest {

  @Test
  void aFailedReadAfterABuildEndsNeitherTheBuildThreadWithAnExceptionNorLeavesWaitersAsleep()
      throws InterruptedException {
    SimulatedKvStore store = SimulatedKvStore.create();
    MemberRepository first = new MemberRepository(store);
    for (int i = 0; i < 5; i++) {
      first.insert(new Member("m" + i, null, "c", i, List.of()));
    }
    AtomicBoolean failStateReads = new AtomicBoolean();
    List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    List<Thread> builds = new CopyOnWriteArrayList<>();
    RepositoryOptions options = RepositoryOptions.defaults()
        .withInlineBuildLimit(0)
        .withBuildThreads(build -> {
          Thread thread = new Thread(build, "test-build");
          thread.setUncaughtExceptionHandler((t, e) -> uncaught.add(e));
          builds.add(thread);
          return thread;
        })
        .withListener(new IndexBuildListener() {
          @Override
          public void onStateChange(String entity, String index, IndexState state) {
            if (state == IndexState.READABLE) {
              failStateReads.set(true); // the build's next read of the states fails
            }
          }
        });
    MemberV2Repository second = new MemberV2Repository(new FailingStatesReads(store, failStateReads), options);
    assertThat(builds).hasSize(1);
    builds.get(0).join(Duration.ofSeconds(30).toMillis());
    assertThat(builds.get(0).isAlive()).isFalse();
    assertThat(uncaught).isEmpty();
    failStateReads.set(false);
    assertThat(second.indexAdmin().awaitIndexes(Duration.ofMinutes(2))).isTrue();
    assertThat(second.byAge().equalTo(3).list()).extracting(MemberV2::id).containsExactly("m3");
  }

  /** A store whose snapshot reads of an entity's index states fail while {@code failing} is set. */
  private static final class FailingStatesReads extends ForwardingKvStore {
    private final AtomicBoolean failing;

    FailingStatesReads(KvStore store, AtomicBoolean failing) {
      super(store);
      this.failing = failing;
    }

    @Override
    public KvSnapshot snapshot() {
      KvSnapshot snapshot = store.snapshot();
      return new KvSnapshot() {
        @Override
        public KvEntry get(Tuple key) {
          if (failing.get() && key.size() > 1 && "index-states".equals(key.get(1))) {
            throw new SnapshotCompactedException(1, 2, null);
          }
          return snapshot.get(key);
        }

        @Override
        public List<KvEntry> getMany(List<Tuple> keys) {
          return snapshot.getMany(keys);
        }

        @Override
        public KvIterator list(ListSelector selector) {
          return snapshot.list(selector);
        }

        @Override
        public void close() {
          snapshot.close();
        }
      };
    }
  }
}
