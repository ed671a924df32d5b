package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.User;
import dev.tessera.benchmarks.model.UserRepository;
import dev.tessera.kv.KvStore;
import dev.tessera.kv.lmdb.LmdbKvStore;
import dev.tessera.kv.lmdb.LmdbOptions;
import dev.tessera.repository.EntityExistsException;
import dev.tessera.repository.EntityNotFoundException;
import dev.tessera.repository.UniqueConstraintViolationException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Tessera: the {@code UserRepository} generated from {@link User} over an {@link LmdbKvStore} (or,
 * through {@link #on}, any other {@link KvStore}).
 *
 * <p>Durability: {@link Durability#DURABLE} is {@code dev.tessera.kv.lmdb.Durability.DURABLE}
 * (fsync per commit, concurrent commits share one through group commit);
 * {@link Durability#NO_SYNC} is {@code NO_SYNC} ({@code MDB_NOSYNC}).
 *
 * <p>Thread-safe: the repository and the store are.
 */
public final class TesseraUserStore implements UserStore {
  private static final String NAME = "tessera";

  private final KvStore store;
  private final UserRepository users;

  private TesseraUserStore(KvStore store) {
    this.store = store;
    this.users = new UserRepository(store);
  }

  /** Opens or creates a store in {@code directory}. */
  public static TesseraUserStore open(Path directory, Durability durability) {
    return new TesseraUserStore(LmdbKvStore.open(directory, options(durability)));
  }

  /** The generated repository over {@code store} (another backend), closing it when closed. */
  public static TesseraUserStore on(KvStore store) {
    return new TesseraUserStore(store);
  }

  /** The store options for {@code durability}. */
  static LmdbOptions options(Durability durability) {
    return LmdbOptions.builder()
        .durability(durability == Durability.DURABLE
            ? dev.tessera.kv.lmdb.Durability.DURABLE
            : dev.tessera.kv.lmdb.Durability.NO_SYNC)
        .build();
  }

  @Override
  public void insert(User user) {
    try {
      users.insert(user);
    } catch (EntityExistsException | UniqueConstraintViolationException e) {
      throw new DuplicateUserException(NAME, user.id(), e);
    }
  }

  @Override
  public void insertAll(List<User> batch) {
    try {
      users.insertAll(batch);
    } catch (EntityExistsException | UniqueConstraintViolationException e) {
      throw new DuplicateUserException(NAME, batch.get(0).id(), e);
    }
  }

  @Override
  public boolean update(User user) {
    try {
      users.update(user);
      return true;
    } catch (EntityNotFoundException e) {
      return false;
    } catch (UniqueConstraintViolationException e) {
      throw new DuplicateUserException(NAME, user.id(), e);
    }
  }

  @Override
  public boolean delete(String id) {
    return users.delete(id);
  }

  @Override
  public Optional<User> findById(String id) {
    return users.findById(id);
  }

  @Override
  public Optional<User> findByEmail(String email) {
    return users.findByEmail(email);
  }

  @Override
  public List<User> findByFavoriteColor(String colour) {
    return users.findByFavoriteColor(colour);
  }

  /** The typed range query {@code byAge().between(lo, hi)}: one index range scan, one multi-get. */
  @Override
  public List<User> findByAgeBetween(int lo, int hi) {
    return users.byAge().between(lo, hi).list();
  }

  @Override
  public boolean supportsAgeRange() {
    return true;
  }

  /** The generated repository, for benchmarks of the query API itself. */
  public UserRepository repository() {
    return users;
  }

  @Override
  public void close() {
    store.close();
  }
}
