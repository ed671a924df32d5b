package dev.tessera.processor.data;

/**
 * A condition on one entity field, as {@code @By} parameters and query method names state it. Each
 * knows how many method parameters it takes and whether it fixes the field to values (so later
 * index components may follow it) or ends the index range.
 */
enum Operator {
  EQUAL("", 1, true),
  IN("In", 1, true),
  BETWEEN("Between", 2, false),
  GREATER_THAN_EQUAL("GreaterThanEqual", 1, false),
  GREATER_THAN("GreaterThan", 1, false),
  LESS_THAN_EQUAL("LessThanEqual", 1, false),
  LESS_THAN("LessThan", 1, false),
  STARTS_WITH("StartsWith", 1, false),
  NULL("Null", 0, false);

  private final String keyword;
  private final int parameters;
  private final boolean fixesValues;

  Operator(String keyword, int parameters, boolean fixesValues) {
    this.keyword = keyword;
    this.parameters = parameters;
    this.fixesValues = fixesValues;
  }

  /** The suffix naming it in a query method name, empty for equality. */
  String keyword() {
    return keyword;
  }

  /** The number of method parameters it takes. */
  int parameters() {
    return parameters;
  }

  /** True if it fixes the field to values (equality, in): a later index component may follow. */
  boolean fixesValues() {
    return fixesValues;
  }
}
