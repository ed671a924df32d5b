package com.acme;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.annotations.Normalize;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.Codec;
import dev.tessera.mapping.Codecs;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.GeneratedMapping;
import dev.tessera.mapping.IndexDefinition;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.mapping.TypeDescriptor;
import dev.tessera.query.IndexQuery;
import dev.tessera.query.LastTextComponentStage;
import dev.tessera.repository.EntityRepository;
import dev.tessera.repository.RepositoryOptions;
import dev.tessera.repository.Transaction;
import dev.tessera.repository.Transactions;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleReader;
import dev.tessera.tuple.TupleWriter;
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
   * The entity name, to which the store's catalog assigns the id every User record key starts with.
   */
  public static final String ENTITY_NAME = "user";

  /**
   * The schema identifier every stored value starts with: the 64-bit FNV-1a hash of {@code user(id:STRING,name:STRING,email:STRING,favoriteColor:STRING)}.
   */
  public static final long SCHEMA_ID = 0x3a05ca2370145bc2L;

  private static final Codec<String> ID_CODEC = Codecs.STRING;

  private static final Codec<String> NAME_CODEC = Codecs.STRING;

  private static final Codec<String> EMAIL_CODEC = Codecs.STRING;

  private static final Codec<String> FAVORITE_COLOR_CODEC = Codecs.STRING;

  /**
   * The stored shape of {@link User} records, with the former names and defaults that read records stored with older shapes.
   */
  public static final RecordSchema SCHEMA = new RecordSchema(ENTITY_NAME, SCHEMA_ID, "id", List.of(
      ComponentSchema.of("id", TypeDescriptor.STRING),
      ComponentSchema.of("name", TypeDescriptor.STRING),
      ComponentSchema.of("email", TypeDescriptor.STRING),
      ComponentSchema.of("favoriteColor", TypeDescriptor.STRING)));

  /**
   * The unique index {@code email} over {@code email}; its entries live under {@code "user_by_email"}.
   */
  public static final IndexDefinition<User> BY_EMAIL = IndexDefinition.derivedFromFields(
          new IndexDefinition<>("email", "user_by_email", true, List.of("email"),
          entity -> emailValues(entity.email()), "unique(email:STRING)/CASE_INSENSITIVE"));

  /**
   * The non-unique index {@code favoriteColor} over {@code favoriteColor}; its entries live under {@code "user_by_favoriteColor"}.
   */
  public static final IndexDefinition<User> BY_FAVORITE_COLOR = IndexDefinition.derivedFromFields(
          new IndexDefinition<>("favoriteColor", "user_by_favoriteColor", false,
          List.of("favoriteColor"), entity -> favoriteColorValues(entity.favoriteColor()),
          "index(favoriteColor:STRING)/NONE;nulls"));

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

  private UserRepository(UserRepository repository, Transaction tx) {
    super(repository, tx);
  }

  /**
   * This repository bound to {@code tx}: the same methods (finders, queries, insert, update, save, delete), each reading and writing inside the transaction, so the
   * transaction reads its own writes and commits them with its other writes, or not at all. Valid only inside the
   * transaction's function, which gets the same view each time it asks.
   *
   * <pre>{@code
   * Transactions.run(store, tx -> repository.in(tx).insert(record));
   * }</pre>
   *
   * @param tx the transaction, from {@link Transactions#run}
   * @return a view of {@link User} records bound to {@code tx}; not thread-safe
   */
  public UserRepository in(Transaction tx) {
    return tx.bind(this, UserRepository::new);
  }

  /**
   * A typed query over the {@code email} index ({@code email}): every user in index order until narrowed by {@code equalTo}, {@code in} (any of several values), a range or {@code startsWith} on {@code email}. Served by a scan of the index keys, then one multi-get of the records.
   *
   * @return the query, to narrow and run
   */
  public ByEmailQuery byEmail() {
    return new ByEmailQuery(query(BY_EMAIL));
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
   * A typed query over the {@code favoriteColor} index ({@code favoriteColor}): every user in index order until narrowed by {@code equalTo}, {@code in} (any of several values), a range, {@code startsWith} or {@code isNull} on {@code favoriteColor}. Served by a scan of the index keys, then one multi-get of the records.
   *
   * @return the query, to narrow and run
   */
  public ByFavoriteColorQuery byFavoriteColor() {
    return new ByFavoriteColorQuery(query(BY_FAVORITE_COLOR));
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
   * Every user whose {@code favoriteColor} index holds the given values, in primary key order, read lazily in batches, each in a short snapshot of its own: the stream holds no read transaction between batches, so it need not be closed.
   *
   * @param favoriteColor the {@code favoriteColor} value, not null
   * @return the records, possibly none, as a lazy stream
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
    return BY_EMAIL.valuesOf(emailKey(email));
  }

  /**
   * The key of {@code email} in index {@code email}, as the index stores it.
   */
  private static Object emailKey(String email) {
    return IndexDefinition.textKeyPart(EMAIL_CODEC, Normalize.CASE_INSENSITIVE, email);
  }

  /**
   * The normalised values of index {@code favoriteColor}; a missing value is a null part.
   */
  private static Tuple favoriteColorValues(String favoriteColor) {
    return BY_FAVORITE_COLOR.valuesOf(favoriteColorKey(favoriteColor));
  }

  /**
   * The key of {@code favoriteColor} in index {@code favoriteColor}, as the index stores it.
   */
  private static Object favoriteColorKey(String favoriteColor) {
    return IndexDefinition.keyPart(FAVORITE_COLOR_CODEC, favoriteColor);
  }

  /**
   * The typed query over the {@code email} index of {@link User} ({@code email}), before any component is given. Run it as it is (every matching record, in index order), or narrow {@code email} by {@code equalTo}, {@code in} (any of several values), a range or {@code startsWith}.
   *
   * <p>Values are compared after {@link Normalize#CASE_INSENSITIVE} normalisation, as on write.
   */
  public static final class ByEmailQuery extends LastTextComponentStage<User> {
    private ByEmailQuery(IndexQuery<User> query) {
      super(query, "email", UserRepository::emailKey, Normalize.CASE_INSENSITIVE);
    }
  }

  /**
   * The typed query over the {@code favoriteColor} index of {@link User} ({@code favoriteColor}), before any component is given. Run it as it is (every matching record, in index order), or narrow {@code favoriteColor} by {@code equalTo}, {@code in} (any of several values), a range, {@code startsWith} or {@code isNull}.
   */
  public static final class ByFavoriteColorQuery extends LastTextComponentStage<User> {
    private ByFavoriteColorQuery(IndexQuery<User> query) {
      super(query, "favoriteColor", UserRepository::favoriteColorKey, Normalize.NONE);
    }
  }

  /**
   * How {@link User} records are stored. Stateless and thread-safe.
   */
  private static final class Mapping extends GeneratedMapping<User, String> {
    Mapping() {
      super(ENTITY_NAME, User.class, "id", KeyGeneration.NONE, SCHEMA, INDEXES);
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
      Objects.requireNonNull(id, "id");
      return Tuple.of(ID_CODEC.encode(id));
    }

    @Override
    public Tuple appendKeyParts(Tuple prefix, String id) {
      Objects.requireNonNull(id, "id");
      return prefix.addParts(ID_CODEC.encode(id));
    }

    @Override
    public String idFromKeyParts(Tuple parts) {
      return ID_CODEC.decode(parts.get(0));
    }

    @Override
    protected void write(User entity, TupleWriter parts) {
      ID_CODEC.write(parts, entity.id());
      NAME_CODEC.write(parts, entity.name());
      EMAIL_CODEC.write(parts, entity.email());
      FAVORITE_COLOR_CODEC.write(parts, entity.favoriteColor());
    }

    @Override
    public User decode(Tuple record) {
      return new User(ID_CODEC.decode(record.get(1)), NAME_CODEC.decode(record.get(2)),
              EMAIL_CODEC.decode(record.get(3)), FAVORITE_COLOR_CODEC.decode(record.get(4)));
    }

    @Override
    public User read(TupleReader parts) {
      return new User(ID_CODEC.read(parts), NAME_CODEC.read(parts), EMAIL_CODEC.read(parts),
              FAVORITE_COLOR_CODEC.read(parts));
    }
  }
}
