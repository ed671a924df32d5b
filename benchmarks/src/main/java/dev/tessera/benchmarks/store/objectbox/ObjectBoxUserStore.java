package dev.tessera.benchmarks.store.objectbox;

import dev.tessera.benchmarks.model.User;
import dev.tessera.benchmarks.store.DuplicateUserException;
import dev.tessera.benchmarks.store.Durability;
import dev.tessera.benchmarks.store.UnsupportedDurabilityException;
import dev.tessera.benchmarks.store.UserStore;
import io.objectbox.Box;
import io.objectbox.BoxStore;
import io.objectbox.exception.UniqueViolationException;
import io.objectbox.query.Query;
import io.objectbox.query.QueryBuilder.StringOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * ObjectBox Java: an annotated entity with {@code @Unique} and {@code @Index} properties, its
 * generated meta classes, one {@link Box} operation (one transaction) per call and one
 * {@code runInTx} for read-modify-write calls.
 *
 * <p>Durability: ObjectBox's Java API has no setting for it; every commit is durable, so ObjectBox
 * takes part only in the {@link Durability#DURABLE} runs.
 *
 * <p>Thread-safe: {@link BoxStore} and {@link Box} are; queries are not, so each thread has its own.
 */
public final class ObjectBoxUserStore implements UserStore {
  private static final String NAME = "objectbox";

  private final BoxStore store;
  private final Box<BoxUser> box;
  private final Set<Queries> allQueries = ConcurrentHashMap.newKeySet();
  private final ThreadLocal<Queries> queries = ThreadLocal.withInitial(this::newQueries);

  private ObjectBoxUserStore(BoxStore store) {
    this.store = store;
    this.box = store.boxFor(BoxUser.class);
  }

  /**
   * Opens or creates a store in {@code directory}.
   *
   * @param maxSizeKb the largest the database may grow, in KiB
   */
  public static ObjectBoxUserStore open(Path directory, Durability durability, long maxSizeKb) {
    if (durability != Durability.DURABLE) {
      throw new UnsupportedDurabilityException(NAME, durability);
    }
    return new ObjectBoxUserStore(MyObjectBox.builder()
        .directory(directory.toFile())
        .maxSizeInKByte(maxSizeKb)
        .maxReaders(256)
        .build());
  }

  private Queries newQueries() {
    Queries q = new Queries(box);
    allQueries.add(q);
    return q;
  }

  @Override
  public void insert(User user) {
    try {
      box.put(new BoxUser(user));
    } catch (UniqueViolationException e) {
      throw new DuplicateUserException(NAME, user.id(), e);
    }
  }

  @Override
  public void insertAll(List<User> users) {
    List<BoxUser> entities = new ArrayList<>(users.size());
    for (User user : users) {
      entities.add(new BoxUser(user));
    }
    try {
      box.put(entities);
    } catch (UniqueViolationException e) {
      throw new DuplicateUserException(NAME, users.get(0).id(), e);
    }
  }

  @Override
  public boolean update(User user) {
    Query<BoxUser> byId = queries.get().byId;
    try {
      return store.callInTxNoException(() -> {
        BoxUser current = byId.setParameter(BoxUser_.userId, user.id()).findUnique();
        if (current == null) {
          return false;
        }
        current.copyFrom(user);
        box.put(current);
        return true;
      });
    } catch (UniqueViolationException e) {
      throw new DuplicateUserException(NAME, user.id(), e);
    } catch (RuntimeException e) {
      // callInTxNoException wraps what the transaction threw.
      if (e.getCause() instanceof UniqueViolationException) {
        throw new DuplicateUserException(NAME, user.id(), e.getCause());
      }
      throw e;
    }
  }

  @Override
  public boolean delete(String id) {
    Query<BoxUser> byId = queries.get().byId;
    return store.callInTxNoException(() -> {
      BoxUser current = byId.setParameter(BoxUser_.userId, id).findUnique();
      return current != null && box.remove(current.objectId);
    });
  }

  @Override
  public Optional<User> findById(String id) {
    BoxUser found = queries.get().byId.setParameter(BoxUser_.userId, id).findUnique();
    return Optional.ofNullable(found).map(BoxUser::toUser);
  }

  @Override
  public Optional<User> findByEmail(String email) {
    BoxUser found = queries.get().byEmail
        .setParameter(BoxUser_.emailKey, email.toLowerCase(Locale.ROOT)).findUnique();
    return Optional.ofNullable(found).map(BoxUser::toUser);
  }

  @Override
  public List<User> findByFavoriteColor(String colour) {
    return toUsers(queries.get().byColour.setParameter(BoxUser_.favoriteColor, colour).find());
  }

  @Override
  public List<User> findByAgeBetween(int lo, int hi) {
    return toUsers(queries.get().byAge.setParameters(BoxUser_.age, lo, hi).find());
  }

  private static List<User> toUsers(List<BoxUser> found) {
    List<User> users = new ArrayList<>(found.size());
    for (BoxUser user : found) {
      users.add(user.toUser());
    }
    return users;
  }

  @Override
  public void close() {
    for (Queries q : allQueries) {
      q.close();
    }
    store.close();
  }

  /** One thread's prepared queries; ObjectBox queries must not be shared between threads. */
  private static final class Queries {
    private final Query<BoxUser> byId;
    private final Query<BoxUser> byEmail;
    private final Query<BoxUser> byColour;
    private final Query<BoxUser> byAge;

    Queries(Box<BoxUser> box) {
      byId = box.query(BoxUser_.userId.equal("", StringOrder.CASE_SENSITIVE)).build();
      byEmail = box.query(BoxUser_.emailKey.equal("", StringOrder.CASE_SENSITIVE)).build();
      byColour = box.query(BoxUser_.favoriteColor.equal("", StringOrder.CASE_SENSITIVE)).build();
      byAge = box.query(BoxUser_.age.between(0, 0)).build();
    }

    void close() {
      byId.close();
      byEmail.close();
      byColour.close();
      byAge.close();
    }
  }
}
