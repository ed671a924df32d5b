package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.KvSnapshot;
import dev.tessera.kv.ListSelector;
import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleRange;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Streams, iterators and short-circuited pipelines that users never close (nobody closes the
 * stream behind {@code findFirst()}) must not hold LMDB reader slots: after 100,000 of each kind,
 * with a reader table of 126 slots, reads, a write that grows the map, a full reader table of
 * explicit snapshots, and closing the store all work.
 */
class ForgottenStreamsTest {
  private static final int STREAMS = 100_000;
  private static final int MAX_READERS = 126;
  private static final int USERS = 600; // more than the largest batch of findAll
  private static final String[] COLOURS = {"blue", "green", "red"};

  @TempDir Path directory;
  private LmdbKvStore store;
  private UserRepository users;
  private PlaceRepository places;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory, LmdbOptions.builder()
        .durability(Durability.NO_SYNC)
        .maxReaders(MAX_READERS)
        .initialMapSize(LmdbOptions.MIN_MAP_SIZE * 16) // 1 MiB: the writes below must grow it
        .growthWait(Duration.ofSeconds(2))
        .build());
    users = new UserRepository(store);
    places = new PlaceRepository(store);
    users.insertAll(IntStream.range(0, USERS)
        .mapToObj(i -> new User(String.format("u%04d", i), "User " + i, "user" + i + "@example.com",
            COLOURS[i % COLOURS.length]))
        .toList());
    places.insertAll(IntStream.range(0, 300)
        .mapToObj(i -> new Place("p" + i, i % 20, i / 20, "Place " + i))
        .toList());
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  @Test
  void forgottenStreamsAndIteratorsHoldNoReaderSlot() {
    Map<String, Supplier<Object>> kinds = new java.util.LinkedHashMap<>();
    kinds.put("byEmail().startsWith(..).stream().findFirst()",
        () -> users.byEmail().startsWith("user1").stream().findFirst().orElseThrow());
    kinds.put("streamByFavoriteColor(..).findFirst()",
        () -> users.streamByFavoriteColor("green").findFirst().orElseThrow());
    kinds.put("findAll().findFirst()", () -> users.findAll().findFirst().orElseThrow());
    kinds.put("findAll() consumed past its first batches",
        () -> users.findAll().skip(20).findFirst().orElseThrow());
    kinds.put("stream().iterator().next()",
        () -> users.byFavoriteColor().equalTo("red").reverse().stream().iterator().next());
    kinds.put("byXY().within(..).stream().findFirst()",
        () -> places.byXY().within(2, 2, 3, 3).stream().findFirst().orElseThrow());
    kinds.put("KvStore.list(..).next()",
        () -> store.list(ListSelector.of(TupleRange.prefix(StoredKeys.key(store, "user")))).next());
    kinds.put("KvStore.list(..).stream().findFirst()",
        () -> store.list(ListSelector.of(TupleRange.prefix(StoredKeys.key(store, "place")))).stream()
            .findFirst().orElseThrow());

    for (Map.Entry<String, Supplier<Object>> kind : kinds.entrySet()) {
      for (int i = 0; i < STREAMS; i++) {
        assertThat(kind.getValue().get()).as(kind.getKey()).isNotNull();
      }
    }

    // Every kind of read still works.
    assertThat(users.findById("u0007")).map(User::name).contains("User 7");
    assertThat(users.count()).isEqualTo(USERS);
    assertThat(users.findByFavoriteColor("blue")).hasSize(USERS / COLOURS.length);
    assertThat(users.byEmail().startsWith("user59").count()).isEqualTo(11);
    assertThat(places.byXY().within(0, 0, 1, 1).list()).hasSize(4);

    // A write that needs the map to grow (growth waits for every transaction of the process).
    long mapBefore = store.mapSize();
    String padding = "x".repeat(2000);
    users.insertAll(IntStream.range(0, 2000)
        .mapToObj(i -> new User("big" + i, padding, "big" + i + "@example.com", "grey"))
        .toList());
    assertThat(store.mapSize()).isGreaterThan(mapBefore);
    assertThat(users.count()).isEqualTo(USERS + 2000);

    // The reader table is not full: all but a few slots can be held at once by explicit snapshots.
    List<KvSnapshot> held = new ArrayList<>();
    try {
      for (int i = 0; i < MAX_READERS - 2; i++) {
        held.add(store.snapshot());
      }
      assertThat(held.get(0).get(StoredKeys.key(store, "user", "u0001")).exists()).isTrue();
    } finally {
      held.forEach(KvSnapshot::close);
    }

    store.close(); // closing must not wait for, or trip over, anything the streams left behind
  }
}
