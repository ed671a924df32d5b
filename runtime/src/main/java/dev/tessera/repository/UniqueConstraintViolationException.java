package dev.tessera.repository;

import dev.tessera.TesseraException;
import dev.tessera.tuple.Tuple;

/**
 * A write would give a unique index value to a second record. Nothing was written. Immutable and
 * thread-safe.
 */
public final class UniqueConstraintViolationException extends TesseraException {
  private static final long serialVersionUID = 1L;

  /** The entity's name. */
  private final String entity;
  /** The unique index's name. */
  private final String index;
  private final transient Tuple values;
  private final transient Object holder;

  /**
   * Creates the exception.
   *
   * @param entity the entity name
   * @param index the unique index name
   * @param values the normalised index values that are taken
   * @param holder the primary key of the record that holds them
   */
  public UniqueConstraintViolationException(String entity, String index, Tuple values, Object holder) {
    this(entity, index, values, holder, values);
  }

  /**
   * Creates the exception, its message showing {@code shown} for the values.
   *
   * @param entity the entity name
   * @param index the unique index name
   * @param values the normalised index values that are taken
   * @param holder the primary key of the record that holds them
   * @param shown the values as the message shows them (an enum constant by name, not by the
   *     ordinal its index key holds)
   */
  public UniqueConstraintViolationException(
      String entity, String index, Tuple values, Object holder, Tuple shown) {
    super(
        "unique index "
            + index
            + " of "
            + entity
            + " already holds "
            + describe(shown)
            + " for primary key "
            + holder);
    this.entity = entity;
    this.index = index;
    this.values = values;
    this.holder = holder;
  }

  private static String describe(Tuple values) {
    return values.size() == 1 ? String.valueOf(values.get(0)) : values.toString();
  }

  /** {@return the entity name} */
  public String entity() {
    return entity;
  }

  /** {@return the unique index name} */
  public String index() {
    return index;
  }

  /**
   * {@return the normalised value that is taken: the single value, or the tuple of a composite
   * index}
   */
  public Object value() {
    return values.size() == 1 ? values.get(0) : values;
  }

  /** {@return the normalised index values that are taken, as a tuple} */
  public Tuple values() {
    return values;
  }

  /** {@return the primary key of the record that holds the value} */
  public Object primaryKey() {
    return holder;
  }
}
