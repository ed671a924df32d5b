package dev.tessera.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stored record whose primary key decodes to null was not written by a repository (every write
 * requires the key): every read reports it as {@link CorruptRecordException} naming its key, the
 * way an undecodable record is reported, and never hands the caller a record without a key.
 */
class NullPrimaryKeyTest {
  @TempDir Path directory;

  @Test
  void aRecordStoredWithoutItsPrimaryKeyIsReportedByEveryRead() {
    try (KvStore store = LmdbKvStore.open(directory)) {
      UserRepository users = new UserRepository(store);
      users.insert(new User("u1", "Alice", "alice@example.com", "blue"));
      Tuple key = StoredKeys.key(store, "user", "u1");
      assertThat(store.get(key).exists()).as("the record key layout this test relies on").isTrue();
      // 1: the schema number the catalog gave User's only shape
      store.atomic().set(key, Tuple.of(1L, null, "Alice", "alice@example.com", "blue").pack()).commit();

      assertThatThrownBy(() -> users.findById("u1"))
          .isInstanceOfSatisfying(CorruptRecordException.class, e -> assertThat((Object) e.key()).isEqualTo(key))
          .hasMessageContaining("holds no primary key 'id'");
      assertThatThrownBy(() -> users.byFavoriteColor().equalTo("blue").list())
          .isInstanceOf(CorruptRecordException.class);
      assertThatThrownBy(() -> users.byEmail().equalTo("alice@example.com").list())
          .isInstanceOf(CorruptRecordException.class);
    }
  }
}
