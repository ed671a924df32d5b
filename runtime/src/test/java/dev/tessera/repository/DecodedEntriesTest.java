package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An update that keeps every index entry decodes the stored record only to check that it decodes;
 * in a transaction that found the record first, the entry it found has passed that check, and the
 * update does not decode it again. Everywhere else it still does: a damaged record fails the
 * update as before, and repositories on the store (shared by threads) remember nothing.
 */
class DecodedEntriesTest {
  @TempDir Path directory;

  private KvStore store;
  private CountingMapping mapping;
  private Repository users;

  @BeforeEach
  void open() {
    store = LmdbKvStore.open(directory);
    mapping = new CountingMapping(new UserMapping(KeyGeneration.NONE));
    users = new Repository(store, mapping);
    users.insert(new User("u1", "Ada", "ada@example.com", "red"));
    users.insert(new User("u2", "Bob", "bob@example.com", "blue"));
  }

  @org.junit.jupiter.api.AfterEach
  void close() {
    store.close();
  }

  @Test
  void anUpdateAfterAFindInOneTransactionDecodesTheStoredRecordOnce() {
    mapping.decodes = 0;
    Transactions.run(store, tx -> {
      Repository bound = users.in(tx);
      User u1 = bound.findById("u1").orElseThrow();
      User u2 = bound.findById("u2").orElseThrow();
      bound.update(new User(u1.id(), "Ada L.", u1.email(), u1.favoriteColor()));
      return bound.update(new User(u2.id(), "Bob B.", u2.email(), u2.favoriteColor()));
    });
    assertThat(mapping.decodes).as("two finds; the updates decode nothing more").isEqualTo(2);
    assertThat(users.findById("u1").orElseThrow().name()).isEqualTo("Ada L.");
    assertThat(users.findById("u2").orElseThrow().name()).isEqualTo("Bob B.");
  }

  @Test
  void anUpdateWithoutAFindOrOnTheStoreStillDecodesTheStoredRecord() {
    mapping.decodes = 0;
    Transactions.run(store, tx -> users.in(tx).update(new User("u1", "Ada L.", "ada@example.com", "red")));
    assertThat(mapping.decodes).as("the update's check").isEqualTo(1);

    mapping.decodes = 0;
    users.findById("u2");
    users.update(new User("u2", "Bob B.", "bob@example.com", "blue"));
    assertThat(mapping.decodes).as("on the store: the find and the update's check").isEqualTo(2);
  }

  @Test
  void anUpdateOfADamagedRecordFailsAfterTheFindFailed() {
    Tuple key = StoredKeys.key(store, "user", "u1");
    assertThat(store.atomic().set(key, new byte[] {0x02, 'x'}).commit().ok()).isTrue();
    assertThatThrownBy(() -> Transactions.run(store, tx -> {
      Repository bound = users.in(tx);
      assertThatThrownBy(() -> bound.findById("u1")).isInstanceOf(CorruptRecordException.class);
      return bound.update(new User("u1", "Ada L.", "ada@example.com", "red"));
    })).isInstanceOf(CorruptRecordException.class);
    assertThat(store.get(key).value()).containsExactly(0x02, 'x');
  }

  /** A repository of users through any mapping. */
  private static final class Repository extends EntityRepository<User, String> {
    Repository(KvStore store, EntityMapping<User, String> mapping) {
      super(store, mapping);
    }

    private Repository(Repository repository, Transaction tx) {
      super(repository, tx);
    }

    Repository in(Transaction tx) {
      return tx.bind(this, Repository::new);
    }
  }

  /**
   * {@code mapping} without its indexes, counting its decodes: with no index, every update keeps its
   * index entries (it derives them from neither record), which is the path that only checks.
   */
  private static final class CountingMapping implements EntityMapping<User, String> {
    private final EntityMapping<User, String> mapping;
    int decodes;

    CountingMapping(EntityMapping<User, String> mapping) {
      this.mapping = mapping;
    }

    @Override
    public User decode(Tuple record) {
      decodes++;
      return mapping.decode(record);
    }

    @Override
    public String entityName() {
      return mapping.entityName();
    }

    @Override
    public Class<User> entityType() {
      return mapping.entityType();
    }

    @Override
    public String primaryKeyName() {
      return mapping.primaryKeyName();
    }

    @Override
    public KeyGeneration keyGeneration() {
      return mapping.keyGeneration();
    }

    @Override
    public String idOf(User entity) {
      return mapping.idOf(entity);
    }

    @Override
    public User withId(User entity, String id) {
      return mapping.withId(entity, id);
    }

    @Override
    public Tuple keyParts(String id) {
      return mapping.keyParts(id);
    }

    @Override
    public String idFromKeyParts(Tuple parts) {
      return mapping.idFromKeyParts(parts);
    }

    @Override
    public RecordSchema schema() {
      return mapping.schema();
    }

    @Override
    public byte[] encode(User entity) {
      return mapping.encode(entity);
    }

    @Override
    public List<IndexDefinition<User>> indexes() {
      return List.of();
    }
  }
}
