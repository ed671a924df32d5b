package dev.tessera.processor.model;

/**
 * The kinds of value Tessera stores. Each kind knows whether its encoding preserves order, which is
 * what primary keys and index values need. The first block are the orderable kinds (primitives are
 * told apart from boxes by {@link FieldType#primitive()}); the rest can only be stored.
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
  LOCAL_TIME(false),
  DURATION(false),
  BIG_DECIMAL(false),
  OPTIONAL(false),
  LIST(false),
  SET(false),
  MAP(false),
  RECORD(false);

  private final boolean orderable;

  ValueKind(boolean orderable) {
    this.orderable = orderable;
  }

  /** True if the encoding sorts as the values do, so the kind may be a key or index value. */
  public boolean orderable() {
    return orderable;
  }
}
