package dev.tessera.processor.model;

/**
 * The kinds of value Tessera stores. Each kind knows whether its stored encoding preserves order and
 * identity, which is what primary keys need, and whether an index can order its values (possibly
 * through an index key of its own, as {@code BigDecimal} and {@code OffsetDateTime} have). The first
 * block are the orderable kinds (primitives are told apart from boxes by {@link
 * FieldType#primitive()}), then the kinds only an index can order; the rest can only be stored.
 *
 * <p>Immutable and thread-safe.
 */
public enum ValueKind {
  BOOLEAN(true),
  BYTE(true),
  SHORT(true),
  INT(true),
  LONG(true),
  CHAR(true),
  FLOAT(true),
  DOUBLE(true),
  STRING(true),
  BYTES(true),
  ENUM(true),
  UUID(true),
  INSTANT(true),
  LOCAL_DATE(true),
  LOCAL_DATE_TIME(true),
  BIG_INTEGER(true),
  LOCAL_TIME(true),
  DURATION(true),
  BIG_DECIMAL(false, true),
  OFFSET_DATE_TIME(false, true),
  OPTIONAL(false),
  LIST(false),
  SET(false),
  MAP(false),
  RECORD(false);

  private final boolean orderable;
  private final boolean indexable;

  ValueKind(boolean orderable) {
    this(orderable, orderable);
  }

  ValueKind(boolean orderable, boolean indexable) {
    this.orderable = orderable;
    this.indexable = indexable;
  }

  /**
   * True if the stored encoding sorts as the values do and tells every two values apart, so the
   * kind may be a primary key (or one of its components).
   */
  public boolean orderable() {
    return orderable;
  }

  /**
   * True if an index can order values of this kind: every orderable kind, and {@code BigDecimal}
   * (numerically, whatever the scale) and {@code OffsetDateTime} (by instant), whose index keys
   * compare values that the record tells apart as equal.
   */
  public boolean indexable() {
    return indexable;
  }
}
