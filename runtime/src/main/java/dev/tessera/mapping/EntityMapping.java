package dev.tessera.mapping;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.tuple.Tuple;
import java.util.List;

/**
 * CONTRACT. Everything about one entity that the repository algorithms need and that only generated
 * code knows: how to encode and decode the record, how to extract and encode its primary key, and
 * how to derive each index's values. The annotation processor generates one implementation per
 * {@code @Entity}; the algorithms in {@code dev.tessera.repository} use nothing else.
 *
 * <p>Implementations are stateless and thread-safe.
 *
 * @param <T> the record type
 * @param <ID> the primary key type (a record for a composite key)
 */
public interface EntityMapping<T, ID> {

  /** The entity's name: the first part of every record key, e.g. {@code "user"}. */
  String entityName();

  /** The record class, for messages. */
  Class<T> entityType();

  /** The name of the primary key component, for messages (e.g. {@code "id"}). */
  String primaryKeyName();

  /** How a missing primary key is generated on insert. */
  KeyGeneration keyGeneration();

  /** The primary key of {@code entity}, or {@code null} when the component is {@code null}. */
  ID idOf(T entity);

  /** A copy of {@code entity} with primary key {@code id} (used for generated keys). */
  T withId(T entity, ID id);

  /**
   * The primary key encoded as key parts, without the entity name: one part for a simple key, one
   * per component for a composite key. Throws {@link NullPointerException} for a null key.
   */
  Tuple keyParts(ID id);

  /** The inverse of {@link #keyParts}: reads a primary key back from its key parts. */
  ID idFromKeyParts(Tuple parts);

  /** Encodes the record (the stored value starts with the schema identifier). */
  byte[] encode(T entity);

  /**
   * Decodes a stored value. Generated decoders throw {@link dev.tessera.tuple.TupleDecodingException}
   * for bytes that are not a packed tuple and {@link IllegalArgumentException} for a tuple of the
   * wrong schema, shape, types or ranges, and nothing else (fuzz-tested); they only call fixed,
   * typed codecs, so no stored value can make them load or instantiate a class it names. The
   * repository turns any runtime exception of {@code decode} (including one thrown by a record's own
   * constructor) into a {@code CorruptRecordException} naming the key.
   */
  T decode(byte[] value);

  /** The entity's secondary indexes, in declaration order. */
  List<IndexDefinition<T>> indexes();
}
