package dev.tessera.repository;

import static dev.tessera.repository.IndexedUserMapping.COLOR;
import static dev.tessera.repository.IndexedUserMapping.EMAIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.catalog.IndexCatalogEntry;
import dev.tessera.internal.catalog.IndexCatalog;
import dev.tessera.internal.catalog.RecordTranslator;
import dev.tessera.internal.mapping.ComponentValues;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records written from the catalog alone are the records the application writes: the same stored
 * bytes, index entries and count, with the same checks.
 */
class CatalogRepositoryTest {
  @TempDir Path dir;
  LmdbKvStore store;
  IndexedUserRepository users;
  final UserMapping mapping = new UserMapping(dev.tessera.annotations.KeyGeneration.NONE);

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(dir);
    users = new IndexedUserRepository(store, List.of(EMAIL, COLOR), RepositoryOptions.defaults());
    users.insert(new User("u1", "Ada", "Ada@Example.com", "red"));
  }

  @AfterEach
  void close() {
    store.close();
  }

  static Map<String, Object> user(String id, String name, String email, String color) {
    Map<String, Object> values = new HashMap<>();
    values.put("id", id);
    values.put("name", name);
    values.put("email", email);
    values.put("favoriteColor", color);
    return values;
  }

  @Test
  void insertedRecordsAreWhatTheApplicationWouldHaveStored() {
    CatalogRepository catalog = CatalogRepository.open(store, "user");
    User bob = new User("u2", "Bob", "bob@example.com", null);

    catalog.insertAll(List.of(catalog.record(user("u2", "Bob", "bob@example.com", null)),
        catalog.record(user("u3", "Cy", "cy@example.com", "red"))));

    User ada = new User("u1", "Ada", "Ada@Example.com", "red");
    byte[] storedByApplication = store.get(StoredKeys.key(store, "user", "u1")).value();
    assertThat(storedByApplication)
        .isEqualTo(Tuple.of(1L, "u1", "Ada", "Ada@Example.com", "red").pack())
        .hasSize(mapping.encode(ada).length - 7); // the identifier takes 9 bytes, the number 2
    KvEntry stored = store.get(StoredKeys.key(store, "user", "u2"));
    assertThat(stored.value()).isEqualTo(StoredKeys.value(store, mapping, bob))
        .isEqualTo(Tuple.of(1L).addAll(Tuple.unpack(mapping.encode(bob)).subTuple(1, 5)).pack());
    assertThat(users.findById("u2")).contains(bob);
    assertThat(users.findByUniqueIndex(EMAIL, "bob@example.com")).contains(bob);
    assertThat(users.findByIndex(COLOR, "red")).extracting(User::id).containsExactly("u1", "u3");
    assertThat(users.count()).isEqualTo(3);
    assertThat(users.indexAdmin().verifyIndexes().clean()).isTrue();
    Tuple read = ComponentValues.encode(
        catalog.schema(), ComponentValues.read(catalog.schema(), Tuple.unpack(stored.value())));
    assertThat(Tuple.of(RecordTranslator.open(store, catalog.schema()).currentNumber())
        .addAll(read.subTuple(1, read.size())).pack())
        .isEqualTo(stored.value());
  }

  @Test
  void aTakenUniqueValueOrKeyWritesNothingAndNamesTheHolder() {
    CatalogRepository catalog = CatalogRepository.open(store, "user");
    StoredRecord twin = catalog.record(user("u9", "Twin", "ADA@example.com", null));

    assertThat(catalog.uniqueValues(twin)).singleElement()
        .satisfies(value -> assertThat(catalog.uniqueHolder(value)).contains(Tuple.of("u1")));
    assertThatThrownBy(() -> catalog.insertAll(
            List.of(catalog.record(user("u8", "Ok", "ok@example.com", null)), twin)))
        .isInstanceOf(UniqueConstraintViolationException.class)
        .hasMessageContaining("email");
    assertThatThrownBy(() -> catalog.insertAll(
            List.of(catalog.record(user("u1", "Again", "again@example.com", null)))))
        .isInstanceOf(EntityExistsException.class);
    assertThat(users.count()).isEqualTo(1);
    assertThat(users.findById("u8")).isEmpty();
  }

  @Test
  void aMissingOrMistypedComponentIsNamed() {
    CatalogRepository catalog = CatalogRepository.open(store, "user");
    Map<String, Object> missing = user("u2", "Bob", "bob@example.com", null);
    missing.remove("name");
    Map<String, Object> mistyped = user("u2", "Bob", "bob@example.com", null);
    mistyped.put("name", 5L);

    assertThatThrownBy(() -> catalog.record(missing))
        .hasMessage("component 'name' (STRING) of entity 'user' is missing");
    assertThatThrownBy(() -> catalog.record(mistyped))
        .hasMessage("component 'name' (STRING) of entity 'user': a STRING cannot hold a Long (5)");
  }

  @Test
  void anEntityWithAnIndexTheCatalogCannotDeriveIsRefusedNamingIt() {
    assertThat(store.atomic().set(IndexCatalog.key("user", "location"),
        IndexCatalog.encode(IndexCatalogEntry.readable(
            "user", "location", "spatial(x:INT,y:INT)/z16", "user_by_location", false)))
        .commit().ok()).isTrue();

    assertThatThrownBy(() -> CatalogRepository.open(store, "user"))
        .isInstanceOf(UnsupportedCatalogIndexException.class)
        .hasMessageContaining("index 'location'")
        .hasMessageContaining("spatial(x:INT,y:INT)/z16");
    assertThat(IndexCatalog.read(store.snapshot(), "user").get("location").entry().state())
        .isEqualTo(dev.tessera.catalog.IndexState.READABLE);
  }
}
