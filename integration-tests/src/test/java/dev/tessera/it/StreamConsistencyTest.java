package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.kv.lmdb.Durability;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a stream promises when the store changes between its batches (each batch is one snapshot,
 * the next continues after the last index key read): no index key twice, records that left the
 * queried range skipped, records that stayed returned once in the state their batch read.
 */
class StreamConsistencyTest {
  private static final int USERS = 100;

  @TempDir Path directory;
  private LmdbKvStore store;
  private UserRepository users;
  private PlaceRepository places;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory, LmdbOptions.builder().durability(Durability.NO_SYNC).build());
    users = new UserRepository(store);
    places = new PlaceRepository(store);
    users.insertAll(IntStream.range(0, USERS).mapToObj(StreamConsistencyTest::user).toList());
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  private static User user(int i) {
    return new User(id(i), "User " + i, String.format("user%03d@x", i), "blue");
  }

  private static String id(int i) {
    return String.format("u%03d", i);
  }

  @Test
  void pointerIndexStreamSkipsRecordsThatLeftTheRangeBetweenBatches() {
    Iterator<User> stream = users.byEmail().startsWith("user").stream().iterator();
    List<User> seen = new ArrayList<>();
    seen.add(stream.next());
    seen.add(stream.next()); // batches of 1 and 4 keys were read (u000 to u004), not the rest

    users.update(new User(id(50), "moved out", "zzz050@x", "blue"));
    users.update(new User(id(60), "moved ahead", "user060b@x", "blue"));
    users.delete(id(70));
    users.insert(new User(id(100), "new", "user100@x", "blue"));
    users.update(new User(id(3), "changed in a read batch", "user003@x", "blue"));
    stream.forEachRemaining(seen::add);

    List<String> ids = seen.stream().map(User::id).toList();
    assertThat(ids).doesNotContain(id(50), id(70)).contains(id(100)).doesNotHaveDuplicates();
    assertThat(seen).filteredOn(u -> u.id().equals(id(60))).extracting(User::email)
        .containsExactly("user060b@x");
    // u003's batch was read before the update: the record comes in that batch's state.
    assertThat(seen).filteredOn(u -> u.id().equals(id(3))).extracting(User::name)
        .containsExactly("User 3");
    assertThat(seen).extracting(User::email).allMatch(e -> e.startsWith("user")).isSorted();
    assertThat(seen).hasSize(USERS - 2 + 1);
  }

  @Test
  void nonUniqueIndexStreamSkipsRecordsThatChangedValueBetweenBatches() {
    Iterator<User> stream = users.streamByFavoriteColor("blue").iterator();
    List<User> seen = new ArrayList<>();
    seen.add(stream.next());

    users.update(new User(id(40), "User 40", "user040@x", "red"));
    users.delete(id(41));
    stream.forEachRemaining(seen::add);

    assertThat(seen).extracting(User::id).doesNotContain(id(40), id(41)).doesNotHaveDuplicates()
        .isSorted().hasSize(USERS - 2);
    assertThat(seen).extracting(User::favoriteColor).containsOnly("blue");
  }

  @Test
  void spatialStreamSkipsPlacesThatLeftTheBoxBetweenBatches() {
    places.insertAll(IntStream.range(0, 400)
        .mapToObj(i -> new Place("p" + i, i % 20, i / 20, "Place " + i))
        .toList());
    Iterator<Place> stream = places.byXY().within(0, 0, 19, 19).stream().iterator();
    List<Place> seen = new ArrayList<>();
    seen.add(stream.next());

    Place last = places.byXY().within(0, 0, 19, 19).list().get(399);
    places.update(new Place(last.id(), 100, 100, "moved out"));
    stream.forEachRemaining(seen::add);

    assertThat(seen).extracting(Place::id).doesNotContain(last.id()).doesNotHaveDuplicates()
        .hasSize(399);
  }

  @Test
  void findAllSeesRecordsInsertedAheadAndNotThoseDeletedAhead() {
    Iterator<User> all = users.findAll().iterator();
    List<String> seen = new ArrayList<>();
    seen.add(all.next().id());

    users.delete(id(90));
    users.insert(new User("u500", "late", "late@x", "red"));
    all.forEachRemaining(u -> seen.add(u.id()));

    assertThat(seen).doesNotContain(id(90)).contains("u500").doesNotHaveDuplicates().isSorted()
        .hasSize(USERS);
  }
}
