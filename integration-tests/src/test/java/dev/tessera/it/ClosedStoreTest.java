package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.StoreClosedException;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.UniqueConstraintViolationException;
import dev.tessera.tuple.Versionstamp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated repository over a closed store: every operation throws {@link StoreClosedException},
 * and many threads racing {@code close()} end with that exception, never a crash of the JVM (LMDB
 * is never called on a closed environment).
 */
class ClosedStoreTest {
  @TempDir Path directory;

  @Test
  void everyRepositoryOperationOnAClosedStoreThrowsStoreClosed() {
    LmdbKvStore store = LmdbKvStore.open(directory);
    UserRepository users = new UserRepository(store);
    User alice = users.insert(new User("u1", "Alice", "alice@example.com", "blue"));
    Versionstamp stamp = users.findVersionedById("u1").orElseThrow().versionstamp();
    Stream<User> open = users.findAll();
    store.close();

    List<Runnable> calls = List.of(
        () -> users.insert(new User("u2", "Bob", null, null)),
        () -> users.insertAll(List.of(new User("u3", "C", null, null))),
        () -> users.update(alice),
        () -> users.update(alice, stamp),
        () -> users.save(alice),
        () -> users.delete("u1"),
        () -> users.delete("u1", stamp),
        () -> users.findById("u1"),
        () -> users.findVersionedById("u1"),
        () -> users.existsById("u1"),
        () -> users.findAllById(List.of("u1")),
        () -> users.findAll().findFirst(), // streams read nothing before they are consumed
        () -> users.count(),
        () -> users.findByEmail("alice@example.com"),
        () -> users.existsByEmail("alice@example.com"),
        () -> users.findByFavoriteColor("blue"),
        () -> users.streamByFavoriteColor("blue").findFirst(),
        () -> users.countByFavoriteColor("blue"),
        () -> open.forEach(user -> { }));
    for (Runnable call : calls) {
      assertThatThrownBy(call::run).isInstanceOf(StoreClosedException.class)
          .hasMessageContaining(directory.toString());
    }
    open.close();
  }

  @Test
  void manyThreadsRacingCloseEndWithStoreClosedAndNothingElse() throws Exception {
    LmdbKvStore store = LmdbKvStore.open(directory,
        LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    UserRepository users = new UserRepository(store);
    for (int i = 0; i < 200; i++) {
      users.insert(new User("u" + i, "n", "e" + i + "@x", i % 2 == 0 ? "red" : "blue"));
    }
    int threads = 12;
    CountDownLatch running = new CountDownLatch(threads);
    CountDownLatch busy = new CountDownLatch(threads * 20); // operations done before the close
    ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
    Map<String, Integer> closedSeen = new ConcurrentHashMap<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int kind = t % 4;
      Random random = new Random(t);
      Thread worker = new Thread(() -> {
        running.countDown();
        try {
          while (true) {
            String id = "u" + random.nextInt(200);
            switch (kind) {
              case 0 -> {
                try {
                  users.save(new User(id, "n" + random.nextInt(), "e" + random.nextInt(400) + "@x", "red"));
                } catch (UniqueConstraintViolationException taken) {
                  // another record holds the e-mail: expected while the store is open
                }
              }
              case 1 -> {
                try (Stream<User> all = users.findAll()) {
                  all.forEach(user -> { });
                }
              }
              case 2 -> users.findByFavoriteColor(random.nextBoolean() ? "red" : "blue");
              default -> {
                users.findById(id);
                users.delete(id);
              }
            }
            busy.countDown();
          }
        } catch (StoreClosedException expected) {
          closedSeen.merge("kind " + kind, 1, Integer::sum);
        } catch (Throwable other) {
          unexpected.add(other);
        }
      });
      workers.add(worker);
      worker.start();
    }
    assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
    // close while the workers are mid-work: they have done operations and are doing more
    assertThat(busy.await(60, TimeUnit.SECONDS)).as("workers busy before the close").isTrue();
    store.close();
    for (Thread worker : workers) {
      worker.join(TimeUnit.SECONDS.toMillis(30));
      assertThat(worker.isAlive()).isFalse();
    }
    assertThat(unexpected).isEmpty();
    assertThat(closedSeen.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(threads);
  }
}
