package dev.tessera.benchmarks.store;

import dev.tessera.benchmarks.model.User;
import java.util.List;
import java.util.Optional;

/**
 * One contender of the benchmark: the operations every workload needs, each one committed on its
 * own (one transaction per call). Every implementation enforces the same rules: the id and the
 * case-insensitive email are unique, and a violating write changes nothing and throws
 * {@link DuplicateUserException}.
 *
 * <p>Implementations are thread-safe: the mixed workload calls one store from several threads.
 */
public interface UserStore extends AutoCloseable {

  /** Inserts one user in its own commit. */
  void insert(User user);

  /** Inserts all users in one commit. */
  void insertAll(List<User> users);

  /**
   * Replaces the stored user with the same id, moving its index entries as needed.
   *
   * @return false if no user has that id
   */
  boolean update(User user);

  /**
   * Deletes a user and its index entries.
   *
   * @return false if no user has that id
   */
  boolean delete(String id);

  /** The user with that id. */
  Optional<User> findById(String id);

  /** The user with that email, compared without case. */
  Optional<User> findByEmail(String email);

  /** All users with that favourite colour, in no particular order. */
  List<User> findByFavoriteColor(String colour);

  /**
   * All users with {@code lo <= age <= hi}, in no particular order.
   *
   * @throws UnsupportedOperationException if {@link #supportsAgeRange()} is false
   */
  List<User> findByAgeBetween(int lo, int hi);

  /** False for a contender that cannot query a range yet (the benchmark leaves it out). */
  default boolean supportsAgeRange() {
    return true;
  }

  /** Closes the store; its files stay. */
  @Override
  void close();
}
