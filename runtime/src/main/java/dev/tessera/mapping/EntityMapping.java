package dev.tessera.mapping;

import dev.tessera.annotations.KeyGeneration;
import dev.tessera.kv.CorruptRecordException;
import dev.tessera.tuple.Tuple;
import dev.tessera.tuple.TupleReader;
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

  /**
   * {@return the entity's name, e.g. {@code "user"}: the store's catalog assigns it the id every
   * record key starts with}
   */
  String entityName();

  /** {@return the record class, for messages} */
  Class<T> entityType();

  /** {@return the name of the primary key component, for messages (e.g. {@code "id"})} */
  String primaryKeyName();

  /** {@return how a missing primary key is generated on insert} */
  KeyGeneration keyGeneration();

  /**
   * {@return the primary key of {@code entity}, or {@code null} when the component is {@code null}}
   *
   * @param entity the record
   */
  ID idOf(T entity);

  /**
   * {@return a copy of {@code entity} with primary key {@code id} (used for generated keys)}
   *
   * @param entity the record
   * @param id the primary key
   */
  T withId(T entity, ID id);

  /**
   * {@return the primary key encoded as key parts, without the entity name: one part for a simple
   * key, one per component for a composite key} Throws {@link NullPointerException} for a null key.
   *
   * @param id the primary key
   */
  Tuple keyParts(ID id);

  /**
   * {@return {@code prefix} followed by the {@link #keyParts key parts} of {@code id}: a record
   * key, built in one step} This default appends {@link #keyParts}; generated mappings append the
   * encoded parts without building the key parts' tuple. Throws as {@link #keyParts} does.
   *
   * @param prefix the key's first parts (the entity's subspace id)
   * @param id the primary key
   */
  default Tuple appendKeyParts(Tuple prefix, ID id) {
    return prefix.addAll(keyParts(id));
  }

  /**
   * {@return the inverse of {@link #keyParts}: reads a primary key back from its key parts}
   *
   * @param parts the key parts
   */
  ID idFromKeyParts(Tuple parts);

  /**
   * {@return the record's current stored shape: its schema identifier, components, former names and
   * defaults} Values stored with older shapes are read through it (the runtime translates each
   * older shape to the current one).
   */
  RecordSchema schema();

  /**
   * Encodes the record: the packed tuple {@code (schema().id(), component...)}. A repository
   * stores {@link #encode(Object, long) encode(entity, schemaNumber)} instead.
   *
   * @param entity the record
   * @return the packed value
   */
  byte[] encode(T entity);

  /**
   * Encodes the record as a repository stores it: the packed tuple {@code (schemaNumber,
   * component...)}, where {@code schemaNumber} is the number the store's catalog gave the current
   * shape. This default unpacks {@link #encode(Object)} and packs it again with the number first;
   * generated mappings pack the number straight away.
   *
   * @param entity the record
   * @param schemaNumber the number the catalog gave the current schema
   * @return the packed value
   */
  default byte[] encode(T entity, long schemaNumber) {
    Tuple encoded = Tuple.unpack(encode(entity));
    return Tuple.of(schemaNumber).addAll(encoded.subTuple(1, encoded.size())).pack();
  }

  /**
   * Builds the record from an unpacked value in the current layout: a part naming the shape (the
   * schema identifier or number, which is not read), then one part per component in declaration
   * order. Repositories bring values stored with older schemas into this layout first. Throws
   * {@link IllegalArgumentException} (or any runtime exception) for parts that do not decode; the
   * repository turns that into a {@code CorruptRecordException} naming the key.
   * Generated decoders call only fixed, typed codecs (fuzz-tested: {@link
   * dev.tessera.tuple.TupleDecodingException} or {@link IllegalArgumentException}, nothing else), so
   * no stored value can make them load or instantiate a class it names.
   *
   * @param record the unpacked stored value
   * @return the record
   */
  T decode(Tuple record);

  /**
   * Builds the record straight from a stored value in the current layout, reading its parts in
   * order from {@code parts}, which stands after the part naming the shape: one part per component
   * in declaration order, through the same codecs as {@link #decode(Tuple)}, without unpacking the
   * value into a tuple first. For every value it must return a record equal to the one {@link
   * #decode(Tuple)} builds from {@code Tuple.unpack} of the value, or throw (any runtime exception)
   * where {@link #decode(Tuple)} throws; it need not read the whole value (the repository checks
   * that no part is left) and may throw with another message, since the repository then decodes
   * the value through {@link #decode(Tuple)} to report the failure.
   *
   * @param parts the reader, after the part naming the shape
   * @return the record, or {@code null} if this mapping does not read values part by part (this
   *     default): the repository then decodes every value through {@link #decode(Tuple)}
   */
  default T read(TupleReader parts) {
    return null;
  }

  /**
   * Decodes a value as {@link #encode} writes it (starting with the current schema's identifier).
   * Stored values start with the number the store's catalog gave their shape, and values stored
   * with older schemas need translating: repositories read those.
   *
   * @param value the stored value
   * @return the record
   * @throws IllegalArgumentException if the value does not start with the current schema's
   *     identifier
   */
  default T decode(byte[] value) {
    Tuple record = Tuple.unpack(value);
    if (!schema().isCurrent(record)) {
      throw new IllegalArgumentException(
          "stored value of entity '"
              + entityName()
              + "' was not written with its current schema "
              + schema()
              + " (a value of "
              + record.size()
              + " parts starting with "
              + (record.size() == 0 ? "nothing" : String.valueOf(record.get(0)))
              + ")");
    }
    return decode(record);
  }

  /** {@return the entity's secondary indexes, in declaration order} */
  List<IndexDefinition<T>> indexes();
}
