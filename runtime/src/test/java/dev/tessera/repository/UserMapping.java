package dev.tessera.repository;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import java.util.List;
import java.util.Locale;

/** A hand-written mapping standing in for generated code: unique email (lower-cased), colour index. */
final class UserMapping implements EntityMapping<User, String> {
  static final RecordSchema SCHEMA =
      new RecordSchema(
          "user",
          "id",
          List.of(
              ComponentSchema.of("id", "STRING"),
              ComponentSchema.of("name", "STRING"),
              ComponentSchema.of("email", "STRING"),
              ComponentSchema.of("favoriteColor", "STRING")));
  static final IndexDefinition<User> EMAIL =
      new IndexDefinition<>(
          "email",
          "user_by_email",
          true,
          List.of("email"),
          u -> u.email() == null ? null : Tuple.of(u.email().toLowerCase(Locale.ROOT)));
  static final IndexDefinition<User> COLOR =
      new IndexDefinition<>(
          "favoriteColor",
          "user_by_favoriteColor",
          false,
          List.of("favoriteColor"),
          u -> u.favoriteColor() == null ? null : Tuple.of(u.favoriteColor()));

  private final KeyGeneration keyGeneration;

  UserMapping(KeyGeneration keyGeneration) {
    this.keyGeneration = keyGeneration;
  }

  @Override
  public String entityName() {
    return "user";
  }

  @Override
  public Class<User> entityType() {
    return User.class;
  }

  @Override
  public String primaryKeyName() {
    return "id";
  }

  @Override
  public KeyGeneration keyGeneration() {
    return keyGeneration;
  }

  @Override
  public String idOf(User entity) {
    return entity.id();
  }

  @Override
  public User withId(User entity, String id) {
    return new User(id, entity.name(), entity.email(), entity.favoriteColor());
  }

  @Override
  public Tuple keyParts(String id) {
    return Tuple.of(id);
  }

  @Override
  public String idFromKeyParts(Tuple parts) {
    return parts.getString(0);
  }

  @Override
  public RecordSchema schema() {
    return SCHEMA;
  }

  @Override
  public byte[] encode(User u) {
    return Tuple.of(SCHEMA.id(), u.id(), u.name(), u.email(), u.favoriteColor()).pack();
  }

  @Override
  public User decode(Tuple t) {
    return new User(t.getString(1), t.getString(2), t.getString(3), t.getString(4));
  }

  @Override
  public List<IndexDefinition<User>> indexes() {
    return List.of(EMAIL, COLOR);
  }
}
