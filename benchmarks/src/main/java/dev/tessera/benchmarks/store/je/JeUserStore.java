package dev.tessera.benchmarks.store.je;

import com.sleepycat.je.DatabaseException;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentConfig;
import com.sleepycat.je.LockConflictException;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.Transaction;
import com.sleepycat.je.TransactionConfig;
import com.sleepycat.je.UniqueConstraintException;
import com.sleepycat.persist.EntityCursor;
import com.sleepycat.persist.EntityStore;
import com.sleepycat.persist.PrimaryIndex;
import com.sleepycat.persist.SecondaryIndex;
import com.sleepycat.persist.StoreConfig;
import dev.tessera.benchmarks.model.User;
import dev.tessera.benchmarks.store.DuplicateUserException;
import dev.tessera.benchmarks.store.Durability;
import dev.tessera.benchmarks.store.UserStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Berkeley DB Java Edition through its Direct Persistence Layer, the closest peer of Tessera in
 * spirit: an annotated entity class, a primary index, and secondary indexes the library maintains
 * (one-to-one for the unique email, many-to-one for colour and age), all in one transactional store.
 *
 * <p>Durability: {@link Durability#DURABLE} is {@code COMMIT_SYNC} (the log is fsynced at every
 * commit); {@link Durability#NO_SYNC} is {@code COMMIT_WRITE_NO_SYNC} (the log is written to the
 * operating system at commit, not synced), the equivalent of {@code MDB_NOSYNC}.
 *
 * <p>Thread-safe: JE's environment and indexes are; a write that loses a lock conflict to another
 * thread is retried, as JE's documentation asks.
 */
public final class JeUserStore implements UserStore {
  private static final String NAME = "bdb-je";
  private static final int LOCK_RETRIES = 10;

  private final Environment env;
  private final EntityStore store;
  private final PrimaryIndex<String, JeUser> byId;
  private final SecondaryIndex<String, String, JeUser> byEmail;
  private final SecondaryIndex<String, String, JeUser> byColour;
  private final SecondaryIndex<Integer, String, JeUser> byAge;

  private JeUserStore(Path directory, Durability durability) {
    this.env = new Environment(directory.toFile(), environmentConfig(durability));
    this.store = new EntityStore(env, "users",
        new StoreConfig().setAllowCreate(true).setTransactional(true));
    this.byId = store.getPrimaryIndex(String.class, JeUser.class);
    this.byEmail = store.getSecondaryIndex(byId, String.class, "emailKey");
    this.byColour = store.getSecondaryIndex(byId, String.class, "favoriteColor");
    this.byAge = store.getSecondaryIndex(byId, Integer.class, "age");
  }

  /** A transactional environment that commits with {@code durability}. */
  static EnvironmentConfig environmentConfig(Durability durability) {
    EnvironmentConfig config = new EnvironmentConfig().setAllowCreate(true).setTransactional(true);
    config.setDurability(durability == Durability.DURABLE
        ? com.sleepycat.je.Durability.COMMIT_SYNC
        : com.sleepycat.je.Durability.COMMIT_WRITE_NO_SYNC);
    return config;
  }

  /** Opens or creates a store in {@code directory}. */
  public static JeUserStore open(Path directory, Durability durability) {
    return new JeUserStore(directory, durability);
  }

  @Override
  public void insert(User user) {
    insertAll(List.of(user));
  }

  @Override
  public void insertAll(List<User> users) {
    inTransaction(users.isEmpty() ? "-" : users.get(0).id(), txn -> {
      for (User user : users) {
        if (!byId.putNoOverwrite(txn, new JeUser(user))) {
          throw new DuplicateUserException(NAME, user.id(), null);
        }
      }
      return null;
    });
  }

  @Override
  public boolean update(User user) {
    return inTransaction(user.id(), txn -> {
      if (byId.get(txn, user.id(), LockMode.RMW) == null) {
        return false;
      }
      byId.putNoReturn(txn, new JeUser(user));
      return true;
    });
  }

  @Override
  public boolean delete(String id) {
    return inTransaction(id, txn -> byId.delete(txn, id));
  }

  @Override
  public Optional<User> findById(String id) {
    return Optional.ofNullable(byId.get(id)).map(JeUser::toUser);
  }

  @Override
  public Optional<User> findByEmail(String email) {
    return Optional.ofNullable(byEmail.get(email.toLowerCase(Locale.ROOT))).map(JeUser::toUser);
  }

  @Override
  public List<User> findByFavoriteColor(String colour) {
    return collect(() -> byColour.subIndex(colour).entities());
  }

  @Override
  public List<User> findByAgeBetween(int lo, int hi) {
    return collect(() -> byAge.entities(lo, true, hi, true));
  }

  private static List<User> collect(Supplier<EntityCursor<JeUser>> open) {
    List<User> users = new ArrayList<>();
    try (EntityCursor<JeUser> cursor = open.get()) {
      for (JeUser user : cursor) {
        users.add(user.toUser());
      }
    }
    return users;
  }

  private <R> R inTransaction(String id, TransactionBody<R> body) {
    try {
      return inTransaction(env, LOCK_RETRIES, body);
    } catch (UniqueConstraintException e) {
      throw new DuplicateUserException(NAME, id, e);
    }
  }

  /**
   * Runs {@code body} in a transaction of {@code env} and commits it; a transaction that loses a
   * lock conflict (or a deadlock) is aborted and run again, up to {@code attempts} times in all.
   * Aborted on any other failure too.
   */
  static <R> R inTransaction(Environment env, int attempts, TransactionBody<R> body) {
    return inTransaction(env, null, attempts, body);
  }

  /** As {@link #inTransaction(Environment, int, TransactionBody)}, configured by {@code config}. */
  static <R> R inTransaction(
      Environment env, TransactionConfig config, int attempts, TransactionBody<R> body) {
    for (int attempt = 1; ; attempt++) {
      Transaction txn = env.beginTransaction(null, config);
      boolean committed = false;
      try {
        R result = body.run(txn);
        txn.commit();
        committed = true;
        return result;
      } catch (LockConflictException e) {
        if (attempt == attempts) {
          throw e;
        }
      } finally {
        if (!committed) {
          // Also after a failed write, which leaves the transaction in the must-abort state.
          txn.abort();
        }
      }
    }
  }

  @Override
  public void close() {
    close(store, env);
  }

  /** Closes {@code store}, then {@code env} even if closing the store failed. */
  static void close(EntityStore store, Environment env) {
    try {
      store.close();
    } finally {
      env.close();
    }
  }

  /** The work of one transaction. */
  @FunctionalInterface
  interface TransactionBody<R> {
    R run(Transaction txn) throws DatabaseException;
  }
}
