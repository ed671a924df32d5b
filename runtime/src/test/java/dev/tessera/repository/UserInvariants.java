package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.internal.store.RecordCount;
import dev.tessera.kv.KvEntry;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Tuple;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Checks the whole raw key space of a store of {@link User}s: every index entry points at a record
 * that holds its value, every record has exactly its index entries, no e-mail is held twice, and the
 * counter equals the number of records.
 */
final class UserInvariants {
  private UserInvariants() {}

  /** Asserts the invariants; returns the records found, by primary key. */
  static Map<String, User> assertConsistent(KvStore store, UserRepository users) {
    UserMapping mapping = new UserMapping(KeyGeneration.NONE);
    Map<String, User> records = new HashMap<>();
    Map<String, String> emailPointers = new HashMap<>();
    Set<Tuple> colorEntries = new HashSet<>();
    Function<Tuple, Tuple> named = KeySpace.namer(store);
    for (KvEntry e : KeySpace.entries(store)) {
      Tuple key = named.apply(e.key());
      String space = key.getString(0);
      switch (space) {
        case "user" -> {
          Tuple value = Tuple.unpack(e.value());
          assertThat(value.get(0)).as("the number of the store's only user shape").isEqualTo(1L);
          records.put(key.getString(1), mapping.decode(value));
        }
        case "user_by_email" ->
            emailPointers.put(key.getString(1), Tuple.unpack(e.value()).getString(0));
        case "user_by_favoriteColor" -> colorEntries.add(key);
        default -> assertThat((Object) e.key()).isEqualTo(RecordCount.shardKey("user", 0));
      }
    }
    Map<String, String> expectedPointers = new HashMap<>();
    Set<Tuple> expectedColors = new HashSet<>();
    for (User u : records.values()) {
      if (u.email() != null) {
        String previous = expectedPointers.put(u.email().toLowerCase(Locale.ROOT), u.id());
        assertThat(previous).as("email %s held twice", u.email()).isNull();
      }
      if (u.favoriteColor() != null) {
        expectedColors.add(Tuple.of("user_by_favoriteColor", u.favoriteColor(), u.id()));
      }
    }
    assertThat(emailPointers).as("unique e-mail index: no orphaned or missing pointer")
        .isEqualTo(expectedPointers);
    assertThat(colorEntries).as("colour index: no orphaned or missing entry").isEqualTo(expectedColors);
    assertThat(users.count()).as("count() equals the records stored").isEqualTo(records.size());
    return records;
  }
}
