package dev.tessera.benchmarks.store.je;

import com.sleepycat.persist.model.Entity;
import com.sleepycat.persist.model.PrimaryKey;
import com.sleepycat.persist.model.Relationship;
import com.sleepycat.persist.model.SecondaryKey;
import dev.tessera.benchmarks.model.User;
import java.util.Locale;

/**
 * The benchmark user as a Berkeley DB JE DPL entity: the DPL needs a mutable class with a no-argument
 * constructor. {@code emailKey} holds the lower-cased email so that its one-to-one secondary key
 * enforces a case-insensitive unique email, as the other contenders do.
 *
 * <p>Mutable and not thread-safe; each instance is confined to one call.
 */
@Entity
class JeUser {
  @PrimaryKey
  private String id;

  private String name;
  private String email;

  @SecondaryKey(relate = Relationship.ONE_TO_ONE)
  private String emailKey;

  @SecondaryKey(relate = Relationship.MANY_TO_ONE)
  private String favoriteColor;

  @SecondaryKey(relate = Relationship.MANY_TO_ONE)
  private int age;

  /** For the DPL. */
  JeUser() {}

  JeUser(User user) {
    this.id = user.id();
    this.name = user.name();
    this.email = user.email();
    this.emailKey = user.email().toLowerCase(Locale.ROOT);
    this.favoriteColor = user.favoriteColor();
    this.age = user.age();
  }

  User toUser() {
    return new User(id, name, email, favoriteColor, age);
  }
}
