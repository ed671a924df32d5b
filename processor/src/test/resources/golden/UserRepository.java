package com.acme;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.Normalize;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.EntityMapping;
import dev.tessera.mapping.FieldCodec;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TextNormalizer;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.tuple.Tuple;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * Stores {@link User} records under the entity name {@code "user"}, keyed by {@code id}, and keeps their indexes consistent in the same atomic commits.
 *
 * <pre>{@code
 * UserRepository repository = new UserRepository(store);
 * repository.insert(record);
 * repository.findById(id);
 * }</pre>
 *
 * <p>Thread-safe: the store's atomic commits isolate concurrent calls.
 */
@Generated("dev.tessera.processor.EntityProcessor")
public final class UserRepository extends EntityRepository<User, String> {
  /**
   * The entity name: the first key part of every User record.
   */
  public static final String ENTITY_NAME = "user";

  /**
   * The canonical description of the stored shape that {@link #SCHEMA_ID} is derived from.
   */
  public static final String SCHEMA_DESCRIPTOR = "user(id:STRING,name:STRING,email:STRING,favoriteColor:STRING)";

  /**
   * The schema identifier every stored value starts with: the 64-bit FNV-1a hash of {@link #SCHEMA_DESCRIPTOR}.
   */
  public static final long SCHEMA_ID = 0x3a05ca2370145bc2L;

  /**
   * The unique index {@code email} over {@code email}; its entries live under {@code "user_by_email"}.
   */
  public static final IndexDefinition<User> BY_EMAIL = new IndexDefinition<>(
      "email",
      "user_by_email",
      true,
      List.of("email"),
      entity -> emailValues(entity.email()),
      "unique(email:STRING)/CASE_INSENSITIVE");

  /**
   * The non-unique index {@code favoriteColor} over {@code favoriteColor}; its entries live under {@code "user_by_favoriteColor"}.
   */
  public static final IndexDefinition<User> BY_FAVORITE_COLOR = new IndexDefinition<>(
      "favoriteColor",
      "user_by_favoriteColor",
      false,
      List.of("favoriteColor"),
      entity -> favoriteColorValues(entity.favoriteColor()),
      "index(favoriteColor:STRING)/NONE");

  private static final List<IndexDefinition<User>> INDEXES = List.of(BY_EMAIL, BY_FAVORITE_COLOR);

  /**
   * A repository of {@link User} records in {@code store}.
   *
   * @param store the key store; the repository does not close it
   */
  @Inject
  public UserRepository(KvStore store) {
    super(store, new Mapping());
  }

  /**
   * A repository of {@link User} records in {@code store}, building its indexes as {@code options} say.
   *
   * @param store the key store; the repository does not close it
   * @param options the index build policy, batch size and progress listener
   */
  public UserRepository(KvStore store, RepositoryOptions options) {
    super(store, new Mapping(), options);
  }

  /**
   * The user whose {@code email} index holds the given values, if any.
   *
   * <p>String values are compared after {@link Normalize#CASE_INSENSITIVE} normalisation, as on write.
   *
   * @param email the {@code email} value, not null
   * @return the record, or empty if no record holds the values
   */
  public Optional<User> findByEmail(String email) {
    Objects.requireNonNull(email, "email");
    return findByUnique(BY_EMAIL, emailValues(email));
  }

  /**
   * Whether some user's {@code email} index holds the given values.
   *
   * <p>String values are compared after {@link Normalize#CASE_INSENSITIVE} normalisation, as on write.
   *
   * @param email the {@code email} value, not null
   * @return true if a record holds the values
   */
  public boolean existsByEmail(String email) {
    Objects.requireNonNull(email, "email");
    return existsByUnique(BY_EMAIL, emailValues(email));
  }

  /**
   * Every user whose {@code favoriteColor} index holds the given values, in primary key order.
   *
   * @param favoriteColor the {@code favoriteColor} value, not null
   * @return the records, possibly none
   */
  public List<User> findByFavoriteColor(String favoriteColor) {
    Objects.requireNonNull(favoriteColor, "favoriteColor");
    return findByIndex(BY_FAVORITE_COLOR, favoriteColorValues(favoriteColor));
  }

  /**
   * Every user whose {@code favoriteColor} index holds the given values, in primary key order, read lazily; close the stream.
   *
   * @param favoriteColor the {@code favoriteColor} value, not null
   * @return the records, possibly none, as a stream to close after use
   */
  public Stream<User> streamByFavoriteColor(String favoriteColor) {
    Objects.requireNonNull(favoriteColor, "favoriteColor");
    return streamByIndex(BY_FAVORITE_COLOR, favoriteColorValues(favoriteColor));
  }

  /**
   * The number of user records whose {@code favoriteColor} index holds the given values.
   *
   * @param favoriteColor the {@code favoriteColor} value, not null
   * @return the number of records that hold the values
   */
  public long countByFavoriteColor(String favoriteColor) {
    Objects.requireNonNull(favoriteColor, "favoriteColor");
    return countByIndex(BY_FAVORITE_COLOR, favoriteColorValues(favoriteColor));
  }

  /**
   * The normalised values of index {@code email}, or null when a value is missing.
   */
  private static Tuple emailValues(String email) {
    if (email == null) {
      return null;
    }
    return Tuple.of(FieldCodec.encodeString(TextNormalizer.normalize(email, Normalize.CASE_INSENSITIVE)));
  }

  /**
   * The normalised values of index {@code favoriteColor}, or null when a value is missing.
   */
  private static Tuple favoriteColorValues(String favoriteColor) {
    if (favoriteColor == null) {
      return null;
    }
    return Tuple.of(FieldCodec.encodeString(favoriteColor));
  }

  /**
   * How {@link User} records are stored. Stateless and thread-safe.
   */
  private static final class Mapping implements EntityMapping<User, String> {
    @Override
    public String entityName() {
      return ENTITY_NAME;
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
      return KeyGeneration.NONE;
    }

    @Override
    public String idOf(User entity) {
      return entity.id();
    }

    @Override
    public User withId(User entity, String id) {
      return new User(
              id,
              entity.name(),
              entity.email(),
              entity.favoriteColor());
    }

    @Override
    public Tuple keyParts(String id) {
      Objects.requireNonNull(id, "id");
      return Tuple.of(FieldCodec.encodeString(id));
    }

    @Override
    public String idFromKeyParts(Tuple parts) {
      return FieldCodec.decodeString(parts.get(0));
    }

    @Override
    public byte[] encode(User entity) {
      return Tuple.of(
              SCHEMA_ID,
              FieldCodec.encodeString(entity.id()),
              FieldCodec.encodeString(entity.name()),
              FieldCodec.encodeString(entity.email()),
              FieldCodec.encodeString(entity.favoriteColor())).pack();
    }

    @Override
    public User decode(byte[] value) {
      Tuple record = Tuple.unpack(value);
      RecordSchema.verify(record, ENTITY_NAME, SCHEMA_ID, 4);
      return new User(
              FieldCodec.decodeString(record.get(1)),
              FieldCodec.decodeString(record.get(2)),
              FieldCodec.decodeString(record.get(3)),
              FieldCodec.decodeString(record.get(4)));
    }

    @Override
    public List<IndexDefinition<User>> indexes() {
      return INDEXES;
    }
  }
}
