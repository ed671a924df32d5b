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
  /** {@code boolean} and {@code Boolean}. */
  BOOLEAN(true),
  /** {@code byte} and {@code Byte}. */
  BYTE(true),
  /** {@code short} and {@code Short}. */
  SHORT(true),
  /** {@code int} and {@code Integer}. */
  INT(true),
  /** {@code long} and {@code Long}. */
  LONG(true),
  /** {@code char} and {@code Character}. */
  CHAR(true),
  /** {@code float} and {@code Float}. */
  FLOAT(true),
  /** {@code double} and {@code Double}. */
  DOUBLE(true),
  /** {@code String}. */
  STRING(true),
  /** {@code byte[]}. */
  BYTES(true),
  /** An enum. */
  ENUM(true),
  /** {@code UUID}. */
  UUID(true),
  /** {@code Instant}. */
  INSTANT(true),
  /** {@code LocalDate}. */
  LOCAL_DATE(true),
  /** {@code LocalDateTime}. */
  LOCAL_DATE_TIME(true),
  /** {@code BigInteger}. */
  BIG_INTEGER(true),
  /** {@code LocalTime}. */
  LOCAL_TIME(true),
  /** {@code Duration}. */
  DURATION(true),
  /** {@code BigDecimal}: stored as written, ordered in an index through an index key of its own. */
  BIG_DECIMAL(false, true),
  /** {@code OffsetDateTime}: stored with its offset, ordered in an index by its instant. */
  OFFSET_DATE_TIME(false, true),
  /** {@code Optional<T>}. */
  OPTIONAL(false),
  /** {@code List<T>}. */
  LIST(false),
  /** {@code Set<T>}. */
  SET(false),
  /** {@code Map<K, V>}. */
  MAP(false),
  /** A record of stored types. */
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
   * {@return true if the stored encoding sorts as the values do and tells every two values apart,
   * so the kind may be a primary key (or one of its components)}
   */
  public boolean orderable() {
    return orderable;
  }

  /**
   * {@return true if an index can order values of this kind: every orderable kind, and {@code
   * BigDecimal} (numerically, whatever the scale) and {@code OffsetDateTime} (by instant), whose
   * index keys compare values that the record tells apart as equal}
   */
  public boolean indexable() {
    return indexable;
  }
}
