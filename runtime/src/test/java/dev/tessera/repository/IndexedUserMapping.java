package dev.tessera.repository;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.tuple.Tuple;
import java.util.List;
import java.util.Locale;

/**
 * {@link UserMapping} with a chosen list of indexes: one "version" of the compiled entity, so tests
 * can open a store with version 1, then version 2, as a recompiled application would.
 */
final class IndexedUserMapping implements EntityMapping<User, String> {
  /** The unique e-mail index of {@link UserMapping}: lower-cased. */
  static final IndexDefinition<User> EMAIL = withDescriptor(UserMapping.EMAIL, "unique(email:STRING)/CASE_INSENSITIVE");
  /** The same index name, but case-sensitive: a changed definition. */
  static final IndexDefinition<User> EMAIL_EXACT =
      new IndexDefinition<>(
          "email", "user_by_email", true, List.of("email"),
          u -> u.email() == null ? null : Tuple.of(u.email()), "unique(email:STRING)/NONE");
  /** The non-unique colour index of {@link UserMapping}. */
  static final IndexDefinition<User> COLOR = withDescriptor(UserMapping.COLOR, "index(favoriteColor:STRING)/NONE");
  /** A non-unique name index: the index a second version adds. */
  static final IndexDefinition<User> NAME =
      new IndexDefinition<>(
          "name", "user_by_name", false, List.of("name"),
          u -> u.name() == null ? null : Tuple.of(u.name().toLowerCase(Locale.ROOT)),
          "index(name:STRING)/CASE_INSENSITIVE");

  private final UserMapping users = new UserMapping(KeyGeneration.NONE);
  private final List<IndexDefinition<User>> indexes;

  IndexedUserMapping(List<IndexDefinition<User>> indexes) {
    this.indexes = List.copyOf(indexes);
  }

  private static IndexDefinition<User> withDescriptor(IndexDefinition<User> d, String descriptor) {
    return new IndexDefinition<>(d.name(), d.subspace(), d.unique(), d.fields(), d.values(), descriptor);
  }

  @Override
  public String entityName() {
    return users.entityName();
  }

  @Override
  public Class<User> entityType() {
    return users.entityType();
  }

  @Override
  public String primaryKeyName() {
    return users.primaryKeyName();
  }

  @Override
  public KeyGeneration keyGeneration() {
    return users.keyGeneration();
  }

  @Override
  public String idOf(User entity) {
    return users.idOf(entity);
  }

  @Override
  public User withId(User entity, String id) {
    return users.withId(entity, id);
  }

  @Override
  public Tuple keyParts(String id) {
    return users.keyParts(id);
  }

  @Override
  public String idFromKeyParts(Tuple parts) {
    return users.idFromKeyParts(parts);
  }

  @Override
  public byte[] encode(User entity) {
    return users.encode(entity);
  }

  @Override
  public User decode(Tuple record) {
    return users.decode(record);
  }

  @Override
  public RecordSchema schema() {
    return users.schema();
  }

  @Override
  public List<IndexDefinition<User>> indexes() {
    return indexes;
  }
}
