package dev.tessera.benchmarks.store.objectbox;

import dev.tessera.benchmarks.model.User;
import io.objectbox.annotation.Entity;
import io.objectbox.annotation.Id;
import io.objectbox.annotation.Index;
import io.objectbox.annotation.Unique;
import java.util.Locale;

/**
 * The benchmark user as an ObjectBox entity. ObjectBox needs a {@code long} object id, so the
 * benchmark's string id is a unique-indexed property; {@code emailKey} holds the lower-cased email
 * so that its unique index is case-insensitive, as the other contenders' are.
 *
 * <p>Mutable and not thread-safe; each instance is confined to one call.
 */
@Entity
public class BoxUser {
  @Id long objectId;

  @Unique String userId;

  String name;
  String email;

  @Unique String emailKey;

  @Index String favoriteColor;

  @Index int age;

  /** For ObjectBox. */
  public BoxUser() {}

  BoxUser(User user) {
    userId = user.id();
    copyFrom(user);
  }

  void copyFrom(User user) {
    name = user.name();
    email = user.email();
    emailKey = user.email().toLowerCase(Locale.ROOT);
    favoriteColor = user.favoriteColor();
    age = user.age();
  }

  User toUser() {
    return new User(userId, name, email, favoriteColor, age);
  }
}
