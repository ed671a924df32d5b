package dev.tessera.repository;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.kv.KvStore;
import dev.tessera.tuple.Tuple;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** What the processor would generate for {@link User}, written by hand. */
final class UserRepository extends EntityRepository<User, String> {
  UserRepository(KvStore store) {
    this(store, KeyGeneration.NONE);
  }

  UserRepository(KvStore store, KeyGeneration keyGeneration) {
    super(store, new UserMapping(keyGeneration));
  }

  private UserRepository(UserRepository repository, Transaction tx) {
    super(repository, tx);
  }

  @Override
  public UserRepository in(Transaction tx) {
    return tx.bind(this, UserRepository::new);
  }

  Optional<User> findByEmail(String email) {
    return findByUnique(UserMapping.EMAIL, Tuple.of(email.toLowerCase(Locale.ROOT)));
  }

  boolean existsByEmail(String email) {
    return existsByUnique(UserMapping.EMAIL, Tuple.of(email.toLowerCase(Locale.ROOT)));
  }

  List<User> findByFavoriteColor(String color) {
    return findByIndex(UserMapping.COLOR, Tuple.of(color));
  }

  Stream<User> streamByFavoriteColor(String color) {
    return streamByIndex(UserMapping.COLOR, Tuple.of(color));
  }

  long countByFavoriteColor(String color) {
    return countByIndex(UserMapping.COLOR, Tuple.of(color));
  }
}
